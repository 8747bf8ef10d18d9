// Rendering shared by the apps-script verbs.
import type { CapWarning } from '../../../apps-script/caps.js';
import type { PullResult } from '../../../apps-script/project.js';
import type { Io } from '../../output.js';

export function renderPulled(io: Io, result: PullResult, verb: string): void {
  for (const file of result.files) {
    io.line(
      `${file.changed ? io.style('green', '↓') : ' '} ${file.path}${file.changed ? '' : io.style('dim', ' (unchanged)')}`,
    );
  }
  const changed = result.files.filter((f) => f.changed).length;
  io.progress(
    `${verb} ${result.files.length} file(s) of ${result.scriptId}${result.versionNumber === undefined ? '' : ` (version ${result.versionNumber})`}: ${changed} written, ${result.files.length - changed} unchanged.`,
  );
  if (result.kept.length > 0)
    io.hint(`kept local files the project does not have: ${result.kept.join(', ')}`);
  if (result.keptLocalChanges.length > 0)
    io.hint(`kept your local changes (push sends them): ${result.keptLocalChanges.join(', ')}`);
  if (result.conflictCopies.length > 0)
    io.warn(
      `changed on both sides; the remote copies are beside yours: ${result.conflictCopies.join(', ')} (merge, delete the copy, then push)`,
    );
  if (result.deleted.length > 0) io.line(`deleted (removed remotely): ${result.deleted.join(', ')}`);
  if (result.deletedRemotely.length > 0)
    io.warn(
      `deleted remotely, kept here: ${result.deletedRemotely.join(', ')} (push will not re-create them; pull --delete-unused-files removes them)`,
    );
  for (const file of result.skipped)
    io.warn(`not written: ${file.path} (remote "${file.name}"): a push would not send it back from there`);
}

/** An ISO time as `YYYY-MM-DD HH:MM:SS` (UTC), compact for tables. */
export function shortTime(iso: string | undefined): string {
  if (iso === undefined) return '';
  return iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, '');
}

/** "N of 200 versions; delete old ones at <URL>", on stderr: the command itself succeeded. */
export function renderCapWarning(io: Io, warning: CapWarning | undefined): void {
  if (warning === undefined) return;
  const where =
    warning.what === 'versions'
      ? `at ${warning.url} (Project history)`
      : `with \`specbound gas undeploy <deploymentId>\` or at ${warning.url} (Deploy → Manage deployments)`;
  const noun = warning.what === 'versions' ? 'versions' : 'versioned deployments';
  io.warn(
    `${warning.count} of ${warning.cap} ${noun}; at ${warning.cap} Google refuses new ones. Delete old ones ${where}.`,
  );
}

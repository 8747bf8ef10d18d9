// Rendering shared by the apps-script verbs.
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
}

/** An ISO time as `YYYY-MM-DD HH:MM:SS` (UTC), compact for tables. */
export function shortTime(iso: string | undefined): string {
  if (iso === undefined) return '';
  return iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, '');
}

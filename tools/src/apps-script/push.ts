// `push`: the local changes uploaded on top of the remote ones (the API replaces every file), after
// the manifest and the file names are checked; a file changed on both sides is refused.
import type { AppsScriptClient, ScriptFile } from '@specbound/apps-script';
import { ContentValidationError, validateContentFiles } from '@specbound/apps-script';
import { ToolsError } from '../errors.js';
import { type ContentFile, fileHash, loadProject, recordOf, writeState } from './config.js';
import { type LocalFile, scanLocalFiles } from './files.js';
import { checkManifest } from './manifest.js';
import type { FileChange } from './project.js';
import { contentFiles } from './pull.js';
import { type FileSides, pushDecision, recordAfterPush, threeWay } from './three-way.js';
import { filesToPush, type TypeScriptBundle } from './typescript.js';

export interface PushOptions {
  dir: string;
  /** Push the local tree exactly (as clasp does): conflicts and remote-only changes are overwritten. */
  force?: boolean | undefined;
  /** Compute the diff and the checks; send nothing. */
  dryRun?: boolean | undefined;
  /** A `.claspignore`-format file to use instead of the project's own. */
  ignoreFile?: string | undefined;
}

export interface PushResult {
  scriptId: string;
  root: string;
  /** The files sent (or that would be sent), in push order. */
  files: { name: string; type: string; path: string }[];
  /** How the sent content differs from the remote one (`added`: created remotely, `deleted`: removed). */
  changes: FileChange[];
  /** A unified diff from the remote to the sent files (`a/` remote, `b/` sent). */
  diff: string;
  /** True when the content was sent. False for a dry run or when nothing differed. */
  pushed: boolean;
  dryRun: boolean;
  /** Files changed on both sides that the push overwrote (`--force`) or would refuse over (dry run). */
  overwritten: string[];
  /** Files changed only remotely since the last sync, sent as the remote has them (deletions stay deleted). */
  keptRemote: string[];
}

/** Raised when a push would overwrite remote changes to files also changed locally. */
export class PushConflictError extends ToolsError {
  readonly files: readonly string[];
  constructor(files: readonly string[], recorded: boolean) {
    super(
      recorded
        ? `Push refused, nothing was sent: changed both locally and remotely since the last pull/push: ${files.join(', ')}.`
        : `Push refused, nothing was sent: no pull or push of this project was recorded here, and the remote differs: ${files.join(', ')}.`,
      {
        code: 'push-conflict',
        details: { files: files.join(', ') },
      },
    );
    this.files = files;
  }
}

/** What the push sends: the local files in push order (or the remote side kept), then remote-only ones. */
function contentToSend(
  scan: readonly LocalFile[],
  sides: readonly FileSides<LocalFile>[],
  force: boolean,
): { file: ContentFile; path: string | undefined }[] {
  const byName = new Map(sides.map((s) => [s.name, s]));
  const out: { file: ContentFile; path: string | undefined }[] = [];
  const seen = new Set<string>();
  for (const local of scan) {
    const sides = byName.get(local.name) as FileSides<LocalFile>;
    const send = pushDecision(sides, force).send;
    seen.add(local.name);
    if (send !== undefined) out.push({ file: send, path: local.path });
  }
  for (const s of sides) {
    if (seen.has(s.name)) continue;
    const send = pushDecision(s, force).send;
    if (send !== undefined) out.push({ file: send, path: undefined });
  }
  return out;
}

async function unifiedDiff(
  changes: readonly FileChange[],
  remote: readonly ContentFile[],
  sent: readonly ContentFile[],
) {
  // The one module createTwoFilesPatch needs, not the whole package (19 modules) at every push.
  const { createTwoFilesPatch } = await import('diff/lib/patch/create.js');
  const remoteByName = new Map(remote.map((file) => [file.name, file]));
  const sentByName = new Map(sent.map((file) => [file.name, file]));
  return changes
    .filter((c) => c.change !== 'unchanged')
    .map((c) => {
      const label = c.path ?? c.name;
      return createTwoFilesPatch(
        c.change === 'added' ? '/dev/null' : `a/${label}`,
        c.change === 'deleted' ? '/dev/null' : `b/${label}`,
        remoteByName.get(c.name)?.source ?? '',
        sentByName.get(c.name)?.source ?? '',
        undefined,
        undefined,
        { context: 3 },
      )
        .split('\n')
        .filter((line) => !line.startsWith('===='))
        .join('\n');
    })
    .join('');
}

/** The sent content compared with the remote one, file by file. */
function sentChanges(
  sent: readonly { file: ContentFile; path: string | undefined }[],
  remote: readonly ContentFile[],
): FileChange[] {
  const remoteByName = new Map(remote.map((file) => [file.name, file]));
  const changes: FileChange[] = sent.map(({ file, path }) => {
    const other = remoteByName.get(file.name);
    const change =
      other === undefined ? 'added' : fileHash(other) === fileHash(file) ? 'unchanged' : 'modified';
    return { name: file.name, path, change };
  });
  const sentNames = new Set(sent.map(({ file }) => file.name));
  for (const file of remote) {
    if (!sentNames.has(file.name)) changes.push({ name: file.name, path: undefined, change: 'deleted' });
  }
  return changes;
}

/**
 * Keeps the pushed bundle's source map, for `run` and `logs` to point stack frames at `.ts` lines.
 * Loaded only for TypeScript: a plain-JS push does not load the source-map library.
 */
async function keepTypeScriptMap(
  root: string,
  bundle: TypeScriptBundle | undefined,
  others: readonly LocalFile[],
): Promise<void> {
  if (bundle === undefined) return;
  const { saveTypeScriptMap } = await import('./stack-map.js');
  await saveTypeScriptMap(
    root,
    bundle,
    others.some((f) => f.type === 'SERVER_JS'),
  );
}

/**
 * Uploads the local changes on top of the remote ones (the API replaces every file, so files changed
 * only remotely are sent as the remote has them). The manifest and the files are checked first; a
 * file changed on both sides since the last pull/push is refused, unless `force`.
 */
export async function pushProject(client: AppsScriptClient, options: PushOptions): Promise<PushResult> {
  const project = await loadProject(options.dir, { ignoreFile: options.ignoreFile });
  const scanned = await scanLocalFiles(project);
  // TypeScript is bundled before anything is fetched or sent: a syntax error stops the push here.
  const { files: pushable, bundle } = await filesToPush(project, scanned);
  const scan = { ...scanned, files: pushable };
  const manifest = scan.files.find((file) => file.name === 'appsscript' && file.type === 'JSON');
  // A manifest unchanged since the last pull or push was checked then or came from the service:
  // checking it again would only cost the time zone check's ICU start-up (~10 ms of a push).
  if (manifest !== undefined && project.state.lastSync?.files.appsscript !== fileHash(manifest)) {
    checkManifest(manifest.source, manifest.path);
  }
  const local = scan.files.map(({ name, type, source }) => ({ name, type, source }));
  const problems = validateContentFiles(local);
  if (problems.length > 0) throw new ContentValidationError(problems);

  const force = options.force === true;
  const remote = contentFiles((await client.projects.getContent({ scriptId: project.scriptId })).files);
  const record = project.state.lastSync;
  const sides = threeWay(scan.files, remote, record);
  const conflicts = sides.filter((s) => s.conflict).map((s) => s.name);
  const sent = contentToSend(scan.files, sides, force);
  const files = sent.map(({ file }) => file);
  const changes = sentChanges(sent, remote);
  const keptRemote = force ? [] : sides.filter((s) => pushDecision(s, false).keptRemote).map((s) => s.name);
  const base = {
    scriptId: project.scriptId,
    root: project.root,
    files: sent.map(({ file, path }) => ({ name: file.name, type: file.type, path: path ?? file.name })),
    changes,
    diff: await unifiedDiff(changes, remote, files),
    keptRemote,
  };
  if (options.dryRun === true) return { ...base, pushed: false, dryRun: true, overwritten: conflicts };
  if (conflicts.length > 0 && !force) throw new PushConflictError(conflicts, record !== undefined);
  const lastSync = recordOf(recordAfterPush(sides, force, record));
  if (!changes.some((c) => c.change !== 'unchanged')) {
    await writeState(project.root, { ...project.state, lastSync });
    await keepTypeScriptMap(project.root, bundle, scanned.files);
    return { ...base, pushed: false, dryRun: false, overwritten: [] };
  }
  // Types come from the service or from fileTypeOf, so they are ScriptFile types.
  await client.projects.updateContent({ scriptId: project.scriptId, files: files as ScriptFile[] });
  await writeState(project.root, { ...project.state, lastSync });
  await keepTypeScriptMap(project.root, bundle, scanned.files);
  return { ...base, pushed: true, dryRun: false, overwritten: force ? conflicts : [] };
}

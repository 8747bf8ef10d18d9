// The file workflows: create, clone, pull, push, status. Each takes an Apps Script client and plain
// options, works on the project whose `.clasp.json` is in `dir` (or above), and returns what it did.
import { rm } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import type { AppsScriptClient, ScriptFile } from '@specbound/apps-script';
import { ContentValidationError, validateContentFiles } from '@specbound/apps-script';
import { ToolsError, UsageError } from '../errors.js';
import {
  type ClaspConfig,
  CONFIG_FILE,
  type ContentFile,
  fileHash,
  findProjectRoot,
  type LocalProject,
  loadProject,
  parseScriptId,
  recordOf,
  resolveContentDir,
  type SyncRecord,
  syncRecord,
  writeConfig,
  writeState,
} from './config.js';
import {
  blockedPath,
  type IgnoreWarning,
  type LocalFile,
  localPathFor,
  scanLocalFiles,
  wouldPushBack,
} from './files.js';
import { checkManifest } from './manifest.js';
import { writeFilesAllOrNothing } from './staged-write.js';
import { type FileSides, pushDecision, recordAfterPush, threeWay } from './three-way.js';

/** A file as pulled: its Apps Script name and where it was written. */
export interface PulledFile {
  name: string;
  type: string;
  /** Relative to the project root. */
  path: string;
  /** False when the local file already had exactly this content. */
  changed: boolean;
}

export interface PullResult {
  scriptId: string;
  /** The version pulled; undefined for the current (HEAD) content. */
  versionNumber: number | undefined;
  root: string;
  files: PulledFile[];
  /** Local script files the project does not have (added locally): left untouched. */
  kept: string[];
  /** Local files changed since the last sync whose remote side did not change: left untouched. */
  keptLocalChanges: string[];
  /** Conflicts whose remote side was written beside the local file (`<file>.remote`). */
  conflictCopies: string[];
  /** Remote files not written because a push would not send them back. */
  skipped: SkippedFile[];
  /** Local files removed because the remote deleted them (`deleteUnusedFiles`). */
  deleted: string[];
  /** Local files the remote deleted since the last sync, kept (pull with `deleteUnusedFiles` removes them). */
  deletedRemotely: string[];
}

function contentFiles(files: readonly ScriptFile[] | undefined): ContentFile[] {
  return (files ?? []).map((file) => ({
    name: file.name ?? '',
    type: file.type ?? 'SERVER_JS',
    source: file.source ?? '',
  }));
}

/** A remote file the pull did not write, and why. */
export interface SkippedFile {
  name: string;
  path: string;
  /** `not-pushed`: the project's rules would not push it back (ignored, node_modules, not a script type). */
  reason: 'not-pushed';
}

/** One remote file's fate in a pull. */
type PullStep =
  | { kind: 'write' | 'same' | 'copy'; file: ContentFile; path: string }
  | { kind: 'keep-local' | 'conflict'; file: ContentFile; path: string }
  | { kind: 'skip'; file: ContentFile; path: string };

interface PullFlags {
  force: boolean;
  conflictCopy: boolean;
  deleteUnused: boolean;
}

/** The conflict copy of a local file: a name no rule pushes (`.remote` is no script extension). */
export const conflictCopyPath = (path: string) => `${path}.remote`;

async function planRemoteFile(
  project: LocalProject,
  sides: FileSides<LocalFile>,
  existing: ReadonlyMap<string, { path: string; type: string }>,
  flags: PullFlags,
): Promise<PullStep> {
  const file = sides.remote as ContentFile;
  const path = localPathFor(project, file, existing);
  if (!(await wouldPushBack(project, path, file.name))) return { kind: 'skip', file, path };
  if (sides.local !== undefined && fileHash(sides.local) === fileHash(file))
    return { kind: 'same', file, path };
  if (sides.conflict) {
    if (flags.force) return { kind: 'write', file, path };
    return flags.conflictCopy ? { kind: 'copy', file, path } : { kind: 'conflict', file, path };
  }
  if (sides.localChanged && !sides.remoteChanged) return { kind: 'keep-local', file, path };
  return { kind: 'write', file, path };
}

/** Refuses, before anything is written, targets that collide with a file, folder or link in the way. */
async function assertWritable(project: LocalProject, paths: readonly string[]): Promise<void> {
  const blocked: string[] = [];
  const asDirs = new Set(
    paths.flatMap((p) =>
      p
        .split('/')
        .slice(0, -1)
        .map((_, i, s) => s.slice(0, i + 1).join('/')),
    ),
  );
  for (const path of paths) {
    const rel = toContentRel(project, path);
    const inTheWay = asDirs.has(path) ? path : await blockedPath(project.contentDir, rel);
    if (inTheWay !== undefined) blocked.push(path);
  }
  if (blocked.length > 0) {
    throw new ToolsError(
      `Pull refused, nothing was written: a file, folder or link is in the way of ${blocked.join(', ')}.`,
      { code: 'pull-path-blocked', details: { files: blocked.join(', ') } },
    );
  }
}

function toContentRel(project: LocalProject, path: string): string {
  return relative(project.contentDir, join(project.root, path)).split(sep).join('/');
}

interface LocalOutcome {
  deleted: string[];
  deletedRemotely: string[];
  kept: string[];
}

/** Local files the remote does not have: deleted (`deleteUnused`, when the remote deleted them), or kept and reported. */
function planLocalOnly(
  sides: readonly FileSides<LocalFile>[],
  recorded: boolean,
  flags: PullFlags,
): LocalOutcome {
  const out: LocalOutcome = { deleted: [], deletedRemotely: [], kept: [] };
  for (const s of sides) {
    if (s.remote !== undefined || s.local === undefined) continue;
    const remoteDeleted = recorded && s.base !== undefined;
    // Without a record, a file only here may be new work never pushed: it is never deleted.
    if (flags.deleteUnused && remoteDeleted && (!s.localChanged || flags.force)) {
      out.deleted.push(s.local.path);
    } else if (remoteDeleted) {
      out.deletedRemotely.push(s.local.path);
    } else {
      out.kept.push(s.local.path);
    }
  }
  return out;
}

/** The record after a pull of the current content: the remote hash of every file now equal on both sides. */
function recordAfterPull(
  previous: SyncRecord | undefined,
  steps: readonly PullStep[],
  sides: readonly FileSides<LocalFile>[],
  deleted: readonly string[],
): Record<string, string> {
  const files: Record<string, string> = { ...(previous?.files ?? {}) };
  for (const step of steps) {
    if (step.kind === 'write' || step.kind === 'same' || step.kind === 'copy') {
      files[step.file.name] = fileHash(step.file);
    }
  }
  const gone = new Set(deleted);
  for (const s of sides) {
    if (s.remote !== undefined) continue;
    if (s.local === undefined || gone.has(s.local.path)) delete files[s.name];
  }
  return files;
}

/**
 * Writes a content into the project, comparing each file three ways (recorded base, local, remote):
 * a file changed only remotely is written, one changed only locally is kept, one changed on both
 * sides is a conflict (refused; `force` takes the remote, `conflictCopy` writes it beside as
 * `<file>.remote`). Only files the project's rules would push back are written, all or nothing.
 * `headFiles`: for a pull of an old version, the current content (the base a later push compares with).
 */
async function writeContent(
  project: LocalProject,
  content: ContentFile[],
  versionNumber: number | undefined,
  flags: PullFlags,
  headFiles?: ContentFile[],
): Promise<PullResult> {
  const scan = await scanLocalFiles(project);
  const existing = new Map(scan.files.map((file) => [file.name, { path: file.path, type: file.type }]));
  const record = project.state.lastSync;
  const sides = threeWay(scan.files, content, record);
  const sidesByName = new Map(sides.map((s) => [s.name, s]));
  const steps: PullStep[] = [];
  for (const file of content) {
    const s = sidesByName.get(file.name) as FileSides<LocalFile>;
    steps.push(await planRemoteFile(project, s, existing, flags));
  }
  const conflicts = steps.filter((s) => s.kind === 'conflict').map((s) => s.path);
  if (conflicts.length > 0) throw new PullConflictError(conflicts, record !== undefined);
  const local = planLocalOnly(sides, record !== undefined, flags);
  const writes = steps
    .filter((s) => s.kind === 'write' || s.kind === 'copy')
    .map((s) => ({ path: s.kind === 'copy' ? conflictCopyPath(s.path) : s.path, content: s.file.source }));
  await assertWritable(
    project,
    writes.map((w) => w.path),
  );
  try {
    await writeFilesAllOrNothing(
      writes.map((w) => ({ path: join(project.root, w.path), content: w.content })),
    );
  } catch (error) {
    throw new ToolsError(`Pull failed before any file was replaced: ${(error as Error).message}`, {
      hint: 'Check that the project directory is writable, then pull again.',
      cause: error,
    });
  }
  for (const path of local.deleted) await rm(join(project.root, path), { force: true });
  const files =
    versionNumber !== undefined && headFiles !== undefined
      ? (record?.files ?? syncRecord(headFiles).files)
      : recordAfterPull(record, steps, sides, local.deleted);
  await writeState(project.root, { ...project.state, lastSync: recordOf(files, versionNumber) });
  return pullResult(project, versionNumber, steps, local);
}

function pullResult(
  project: LocalProject,
  versionNumber: number | undefined,
  steps: readonly PullStep[],
  local: LocalOutcome,
): PullResult {
  const pulled = steps.filter((s) => s.kind === 'write' || s.kind === 'same' || s.kind === 'copy');
  return {
    scriptId: project.scriptId,
    versionNumber,
    root: project.root,
    files: pulled.map((s) => ({
      name: s.file.name,
      type: s.file.type,
      path: s.kind === 'copy' ? conflictCopyPath(s.path) : s.path,
      changed: s.kind !== 'same',
    })),
    keptLocalChanges: steps.filter((s) => s.kind === 'keep-local').map((s) => s.path),
    conflictCopies: steps.filter((s) => s.kind === 'copy').map((s) => conflictCopyPath(s.path)),
    skipped: steps
      .filter((s) => s.kind === 'skip')
      .map((s) => ({ name: s.file.name, path: s.path, reason: 'not-pushed' as const })),
    deleted: local.deleted,
    deletedRemotely: local.deletedRemotely,
    kept: local.kept,
  };
}

export interface PullOptions {
  /** A directory in the project (`.clasp.json` is looked up from here). */
  dir: string;
  /** Pull this version instead of the current content. */
  versionNumber?: number | undefined;
  /** Take the remote side of every conflict (local files edited on both sides are overwritten). */
  force?: boolean | undefined;
  /** Write the remote side of a conflict beside the local file, as `<file>.remote`. */
  conflictCopy?: boolean | undefined;
  /** Delete local files the remote deleted (unchanged locally since the last sync). */
  deleteUnusedFiles?: boolean | undefined;
}

/** Raised when a pull would overwrite local edits that were never pushed. */
export class PullConflictError extends ToolsError {
  readonly files: readonly string[];
  constructor(files: readonly string[], recorded = true) {
    super(
      recorded
        ? `Pull refused, nothing was written: changed both locally and remotely since the last pull/push: ${files.join(', ')}.`
        : `Pull refused, nothing was written: no pull or push of this project was recorded here, and these local files differ from the remote: ${files.join(', ')}.`,
      {
        code: 'pull-conflict',
        details: { files: files.join(', ') },
      },
    );
    this.files = files;
  }
}

const pullFlags = (options: {
  force?: boolean | undefined;
  conflictCopy?: boolean | undefined;
  deleteUnusedFiles?: boolean | undefined;
}): PullFlags => ({
  force: options.force === true,
  conflictCopy: options.conflictCopy === true,
  deleteUnused: options.deleteUnusedFiles === true,
});

/**
 * Brings the remote changes into the project and records the sync (the base of the next compare).
 * A pull of an old version keeps the current content as that base, so pushing it back is a rollback.
 */
export async function pullProject(client: AppsScriptClient, options: PullOptions): Promise<PullResult> {
  const project = await loadProject(options.dir);
  const get = async (versionNumber?: number) =>
    contentFiles(
      (
        await client.projects.getContent({
          scriptId: project.scriptId,
          ...(versionNumber === undefined ? {} : { versionNumber }),
        })
      ).files,
    );
  const content = await get(options.versionNumber);
  const head =
    options.versionNumber !== undefined && project.state.lastSync === undefined ? await get() : undefined;
  return writeContent(project, content, options.versionNumber, pullFlags(options), head ?? content);
}

export interface CloneOptions {
  /** The project id, or its editor URL (`https://script.google.com/d/<id>/edit`). */
  scriptId: string;
  /** Where `.clasp.json` goes (created when missing). */
  dir: string;
  /** The content directory, relative to `dir` (default `dir` itself). */
  rootDir?: string | undefined;
  versionNumber?: number | undefined;
  /** Overwrite local files that differ from the project's. */
  force?: boolean | undefined;
}

async function refuseExistingProject(dir: string): Promise<void> {
  const root = await findProjectRoot(dir);
  if (root !== undefined && relative(root, dir) === '') {
    throw new UsageError(`${join(root, CONFIG_FILE)} already exists.`, {
      hint: 'Clone or create into another directory (cd there first), or delete the old .clasp.json.',
    });
  }
}

function projectAt(dir: string, config: ClaspConfig): LocalProject {
  return {
    root: dir,
    configPath: join(dir, CONFIG_FILE),
    config,
    scriptId: config.scriptId,
    contentDir: resolveContentDir(dir, config),
    state: { scriptId: config.scriptId },
  };
}

/**
 * The first files of a new local project, then its `.clasp.json`: a local file that differs from the
 * project's is never overwritten without `force` (nothing is written then, `.clasp.json` included).
 */
async function writeNewProject(
  project: LocalProject,
  content: ContentFile[],
  versionNumber: number | undefined,
  force: boolean,
  head?: ContentFile[],
): Promise<PullResult> {
  let pulled: PullResult;
  try {
    pulled = await writeContent(
      project,
      content,
      versionNumber,
      { force, conflictCopy: false, deleteUnused: false },
      head,
    );
  } catch (error) {
    if (!(error instanceof PullConflictError)) throw error;
    throw new UsageError(
      `Nothing was written: these local files exist and differ from the project's: ${error.files.join(', ')}.`,
      { code: 'local-files-exist', details: { files: error.files.join(', ') } },
    );
  }
  await writeConfig(project.root, project.config);
  return pulled;
}

/** Writes `.clasp.json` for an existing project and pulls its files. Nothing is written if the project cannot be read. */
export async function cloneProject(client: AppsScriptClient, options: CloneOptions): Promise<PullResult> {
  await refuseExistingProject(options.dir);
  const scriptId = parseScriptId(options.scriptId);
  const config: ClaspConfig = {
    scriptId,
    ...(options.rootDir === undefined ? {} : { rootDir: options.rootDir }),
  };
  const project = projectAt(options.dir, config);
  // Read first: a wrong id or a missing permission must not leave a .clasp.json behind.
  const get = async (versionNumber?: number) =>
    contentFiles(
      (
        await client.projects.getContent({
          scriptId,
          ...(versionNumber === undefined ? {} : { versionNumber }),
        })
      ).files,
    );
  const content = await get(options.versionNumber);
  const head = options.versionNumber === undefined ? undefined : await get();
  return writeNewProject(project, content, options.versionNumber, options.force === true, head);
}

export interface CreateOptions {
  /** The project title; default the folder's name, humanised as clasp does (`my-app` → "My-app"). */
  title?: string | undefined;
  dir: string;
  rootDir?: string | undefined;
  /** A Drive file (Docs, Sheets, Forms, Slides) to bind the script to. */
  parentId?: string | undefined;
  /** Overwrite local files that differ from the new project's. */
  force?: boolean | undefined;
}

export interface CreateResult extends PullResult {
  title: string;
}

/** clasp's default title: the folder name through inflection's `humanize`. */
export function defaultTitle(dir: string): string {
  const words = basename(dir)
    .toLowerCase()
    .replace(/(_ids|_id)$/, '')
    .replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The manifest and `Code` paths of a new project, refused before the project is created when they exist. */
async function refuseStarterFiles(project: LocalProject, force: boolean): Promise<void> {
  if (force) return;
  const scan = await scanLocalFiles(project);
  const present = scan.files.filter((file) => file.name === 'appsscript' || file.name === 'Code');
  if (present.length > 0) {
    const files = present.map((file) => file.path).join(', ');
    throw new UsageError(`Nothing was created: ${files} already exist here.`, {
      code: 'local-files-exist',
      details: { files },
    });
  }
}

/** Creates a project, writes `.clasp.json` and its initial files (the manifest). */
export async function createProject(client: AppsScriptClient, options: CreateOptions): Promise<CreateResult> {
  const title = options.title ?? defaultTitle(options.dir);
  if (title.trim() === '') {
    throw new UsageError('The project title is empty.', { code: 'title-empty' });
  }
  await refuseExistingProject(options.dir);
  const draft = projectAt(options.dir, {
    scriptId: '',
    ...(options.rootDir === undefined ? {} : { rootDir: options.rootDir }),
  });
  await refuseStarterFiles(draft, options.force === true);
  const created = await client.projects.create({
    title,
    ...(options.parentId === undefined ? {} : { parentId: options.parentId }),
  });
  if (created.scriptId === undefined) {
    throw new ToolsError('The service created a project but did not return its scriptId.', {
      code: 'created-without-script-id',
      details: { title },
    });
  }
  const config: ClaspConfig = {
    scriptId: created.scriptId,
    ...(options.rootDir === undefined ? {} : { rootDir: options.rootDir }),
    ...(options.parentId === undefined ? {} : { parentId: [options.parentId] }),
  };
  const content = contentFiles((await client.projects.getContent({ scriptId: created.scriptId })).files);
  const pulled = await writeNewProject(
    projectAt(options.dir, config),
    content,
    undefined,
    options.force === true,
  );
  return { ...pulled, title: created.title ?? title };
}

/** How a file differs between the service and the local directory. */
export interface FileChange {
  name: string;
  /** Local path (relative to the project root) when the file exists locally. */
  path: string | undefined;
  /** `added`: only local (a push creates it); `deleted`: only remote. */
  change: 'added' | 'modified' | 'deleted' | 'unchanged';
  /**
   * Which side changed since the last pull/push: `local`, `remote` (push keeps it, pull brings it),
   * `both` (a conflict). Absent when neither did, or when no sync was recorded.
   */
  since?: 'local' | 'remote' | 'both';
}

function changesOf(sides: readonly FileSides<LocalFile>[], recorded: boolean): FileChange[] {
  const out: FileChange[] = [];
  for (const s of sides) {
    if (s.local === undefined && s.remote === undefined) continue;
    const change =
      s.remote === undefined
        ? 'added'
        : s.local === undefined
          ? 'deleted'
          : fileHash(s.local) === fileHash(s.remote)
            ? 'unchanged'
            : 'modified';
    const since = s.conflict ? 'both' : s.remoteChanged ? 'remote' : s.localChanged ? 'local' : undefined;
    out.push({
      name: s.name,
      path: s.local?.path,
      change,
      ...(recorded && since !== undefined && change !== 'unchanged' ? { since } : {}),
    });
  }
  return out;
}

export interface StatusResult {
  scriptId: string;
  root: string;
  /** What a push would send, in push order. */
  files: { name: string; type: string; path: string }[];
  /** Local files of the content directory that a push leaves out. */
  ignored: string[];
  /** Every file, local or remote, and how it differs. */
  changes: FileChange[];
  /** Remote files changed since the last pull/push (push keeps them, pull brings them); undefined without a record. */
  remoteChanged: string[] | undefined;
  /** Files deleted remotely since the last pull/push that are still here (push does not re-create them). */
  remoteDeleted: string[];
  /** Files changed on both sides since the last pull/push (push and pull refuse them). */
  conflicts: string[];
  /** `.claspignore` lines that match no file, with what was probably meant. */
  warnings: IgnoreWarning[];
}

/** Which local files would be pushed or are ignored, and how each differs from the remote and the last sync. */
export async function projectStatus(
  client: AppsScriptClient,
  options: { dir: string },
): Promise<StatusResult> {
  const project = await loadProject(options.dir);
  const scan = await scanLocalFiles(project);
  const remote = contentFiles((await client.projects.getContent({ scriptId: project.scriptId })).files);
  const record = project.state.lastSync;
  const sides = threeWay(scan.files, remote, record);
  return {
    scriptId: project.scriptId,
    root: project.root,
    files: scan.files.map(({ name, type, path }) => ({ name, type, path })),
    ignored: scan.ignored,
    changes: changesOf(sides, record !== undefined),
    remoteChanged: record === undefined ? undefined : sides.filter((s) => s.remoteChanged).map((s) => s.name),
    remoteDeleted:
      record === undefined
        ? []
        : sides.filter((s) => s.remote === undefined && s.base !== undefined && s.local).map((s) => s.name),
    conflicts: sides.filter((s) => s.conflict).map((s) => s.name),
    warnings: scan.warnings,
  };
}

export interface PushOptions {
  dir: string;
  /** Push the local tree exactly (as clasp does): conflicts and remote-only changes are overwritten. */
  force?: boolean | undefined;
  /** Compute the diff and the checks; send nothing. */
  dryRun?: boolean | undefined;
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
  const { createTwoFilesPatch } = await import('diff');
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
 * Uploads the local changes on top of the remote ones (the API replaces every file, so files changed
 * only remotely are sent as the remote has them). The manifest and the files are checked first; a
 * file changed on both sides since the last pull/push is refused, unless `force`.
 */
export async function pushProject(client: AppsScriptClient, options: PushOptions): Promise<PushResult> {
  const project = await loadProject(options.dir);
  const scan = await scanLocalFiles(project);
  const manifest = scan.files.find((file) => file.name === 'appsscript' && file.type === 'JSON');
  if (manifest !== undefined) checkManifest(manifest.source, manifest.path);
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
    return { ...base, pushed: false, dryRun: false, overwritten: [] };
  }
  // Types come from the service or from fileTypeOf, so they are ScriptFile types.
  await client.projects.updateContent({ scriptId: project.scriptId, files: files as ScriptFile[] });
  await writeState(project.root, { ...project.state, lastSync });
  return { ...base, pushed: true, dryRun: false, overwritten: force ? conflicts : [] };
}

// `pull`: the remote changes brought into the project, comparing three sides per file (the content at
// the last sync, the local file, the remote file). Writes all or nothing, and only where a push would
// read the file back.
import { mkdir, rm } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { AppsScriptClient, ScriptFile } from '@specbound/apps-script';
import { type StagedFiles, stageFiles } from '../atomic-file.js';
import { ToolsError } from '../errors.js';
import {
  type ContentFile,
  fileHash,
  type LocalProject,
  loadProject,
  recordOf,
  type SyncRecord,
  syncRecord,
  writeState,
} from './config.js';
import { blockedPath, type LocalFile, localPathFor, scanLocalFiles, wouldPushBack } from './files.js';
import { toPosix } from './posix.js';
import { type FileSides, threeWay } from './three-way.js';

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

export function contentFiles(files: readonly ScriptFile[] | undefined): ContentFile[] {
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

export interface PullFlags {
  force: boolean;
  conflictCopy: boolean;
  deleteUnused: boolean;
}

/** The conflict copy of a local file: a name no rule pushes (`.remote` is no script extension). */
const conflictCopyPath = (path: string) => `${path}.remote`;

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
  return toPosix(relative(project.contentDir, join(project.root, path)));
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
export async function writeContent(
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
  // Every file is written and flushed beside its target before any target is replaced.
  let staged: StagedFiles;
  try {
    const files = writes.map((w) => ({ path: join(project.root, w.path), data: w.content }));
    for (const { path } of files) await mkdir(dirname(path), { recursive: true });
    staged = await stageFiles(files);
  } catch (error) {
    throw new ToolsError(`Pull failed before any file was replaced: ${(error as Error).message}`, {
      hint: 'Check that the project directory is writable, then pull again.',
      cause: error,
    });
  }
  await staged.commit();
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
  /** A `.claspignore`-format file to use instead of the project's own. */
  ignoreFile?: string | undefined;
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
  const project = await loadProject(options.dir, { ignoreFile: options.ignoreFile });
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

// The file workflows: create, clone, pull, push, status. Each takes an Apps Script client and plain
// options, works on the project whose `.clasp.json` is in `dir` (or above), and returns what it did.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
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
  resolveContentDir,
  type SyncRecord,
  syncRecord,
  writeConfig,
  writeState,
} from './config.js';
import { type IgnoreWarning, type LocalFile, localPathFor, scanLocalFiles } from './files.js';

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
  /** Local script files the project does not have: left untouched. */
  kept: string[];
}

function contentFiles(files: readonly ScriptFile[] | undefined): ContentFile[] {
  return (files ?? []).map((file) => ({
    name: file.name ?? '',
    type: file.type ?? 'SERVER_JS',
    source: file.source ?? '',
  }));
}

/**
 * Writes the files of a content into the project, atomically as far as a file system allows: every
 * file is first written to a temporary file next to its target, and only when all of them are written
 * are they renamed into place. Local files the content does not have are never deleted.
 */
async function writeContent(
  project: LocalProject,
  content: ContentFile[],
  versionNumber: number | undefined,
  force = false,
): Promise<PullResult> {
  const scan = await scanLocalFiles(project);
  const existing = new Map(scan.files.map((file) => [file.name, { path: file.path, type: file.type }]));
  const targets = content.map((file) => ({ file, path: localPathFor(project, file, existing) }));
  const local = new Map(scan.files.map((file) => [file.path, file]));
  // A local file edited since the last pull or push, which the pull would replace with other content,
  // holds work that exists nowhere else.
  const record = project.state.lastSync;
  if (record !== undefined && !force) {
    const unpushed = targets
      .filter(({ file, path }) => {
        const mine = local.get(path);
        return (
          mine !== undefined && mine.source !== file.source && record.files[mine.name] !== fileHash(mine)
        );
      })
      .map(({ path }) => path);
    if (unpushed.length > 0) throw new PullConflictError(unpushed);
  }
  const temps: { temp: string; target: string }[] = [];
  try {
    for (const { file, path } of targets) {
      const target = join(project.root, path);
      const temp = `${target}.specbound-${process.pid}.tmp`;
      temps.push({ temp, target });
      await mkdir(dirname(target), { recursive: true });
      await writeFile(temp, file.source);
    }
  } catch (error) {
    await Promise.all(temps.map(({ temp }) => rm(temp, { force: true })));
    throw new ToolsError(`Pull failed before any file was replaced: ${(error as Error).message}`, {
      hint: 'Check that the project directory is writable, then pull again.',
      cause: error,
    });
  }
  for (const { temp, target } of temps) await rename(temp, target);
  const pulledNames = new Set(content.map((file) => file.name));
  const files = targets.map(({ file, path }) => ({
    name: file.name,
    type: file.type,
    path,
    changed: local.get(path)?.source !== file.source,
  }));
  await writeState(project.root, { ...project.state, lastSync: syncRecord(content, versionNumber) });
  return {
    scriptId: project.scriptId,
    versionNumber,
    root: project.root,
    files,
    kept: scan.files.filter((file) => !pulledNames.has(file.name)).map((file) => file.path),
  };
}

export interface PullOptions {
  /** A directory in the project (`.clasp.json` is looked up from here). */
  dir: string;
  /** Pull this version instead of the current content. */
  versionNumber?: number | undefined;
  /** Overwrite local files edited since the last pull or push. */
  force?: boolean | undefined;
}

/** Raised when a pull would overwrite local edits that were never pushed. */
export class PullConflictError extends ToolsError {
  readonly files: readonly string[];
  constructor(files: readonly string[]) {
    super(
      `Pull refused: these local files changed since the last pull/push and would be overwritten: ${files.join(', ')}.`,
      {
        code: 'pull-conflict',
        details: { files: files.join(', ') },
      },
    );
    this.files = files;
  }
}

/**
 * Writes the project's remote files locally and records what was pulled (for push's conflict check).
 * Refuses (`PullConflictError`) to overwrite a local file edited since the last pull or push, unless `force`.
 */
export async function pullProject(client: AppsScriptClient, options: PullOptions): Promise<PullResult> {
  const project = await loadProject(options.dir);
  const content = await client.projects.getContent({
    scriptId: project.scriptId,
    ...(options.versionNumber === undefined ? {} : { versionNumber: options.versionNumber }),
  });
  return writeContent(project, contentFiles(content.files), options.versionNumber, options.force === true);
}

export interface CloneOptions {
  scriptId: string;
  /** Where `.clasp.json` goes (created when missing). */
  dir: string;
  /** The content directory, relative to `dir` (default `dir` itself). */
  rootDir?: string | undefined;
  versionNumber?: number | undefined;
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

/** Writes `.clasp.json` for an existing project and pulls its files. Nothing is written if the project cannot be read. */
export async function cloneProject(client: AppsScriptClient, options: CloneOptions): Promise<PullResult> {
  await refuseExistingProject(options.dir);
  const config: ClaspConfig = {
    scriptId: options.scriptId,
    ...(options.rootDir === undefined ? {} : { rootDir: options.rootDir }),
  };
  const project = projectAt(options.dir, config);
  // Read first: a wrong id or a missing permission must not leave a .clasp.json behind.
  const content = await client.projects.getContent({
    scriptId: options.scriptId,
    ...(options.versionNumber === undefined ? {} : { versionNumber: options.versionNumber }),
  });
  await writeConfig(options.dir, config);
  return writeContent(project, contentFiles(content.files), options.versionNumber);
}

export interface CreateOptions {
  title: string;
  dir: string;
  rootDir?: string | undefined;
  /** A Drive file (Docs, Sheets, Forms, Slides) to bind the script to. */
  parentId?: string | undefined;
}

export interface CreateResult extends PullResult {
  title: string;
}

/** Creates a project, writes `.clasp.json` and its initial files (the manifest). */
export async function createProject(client: AppsScriptClient, options: CreateOptions): Promise<CreateResult> {
  if (options.title.trim() === '') {
    throw new UsageError('The project title is empty.', { code: 'title-empty' });
  }
  await refuseExistingProject(options.dir);
  const created = await client.projects.create({
    title: options.title,
    ...(options.parentId === undefined ? {} : { parentId: options.parentId }),
  });
  if (created.scriptId === undefined) {
    throw new ToolsError('The service created a project but did not return its scriptId.', {
      code: 'created-without-script-id',
      details: { title: options.title },
    });
  }
  const config: ClaspConfig = {
    scriptId: created.scriptId,
    ...(options.rootDir === undefined ? {} : { rootDir: options.rootDir }),
    ...(options.parentId === undefined ? {} : { parentId: [options.parentId] }),
  };
  const content = await client.projects.getContent({ scriptId: created.scriptId });
  await writeConfig(options.dir, config);
  const pulled = await writeContent(projectAt(options.dir, config), contentFiles(content.files), undefined);
  return { ...pulled, title: created.title ?? options.title };
}

/** How a file differs between the service and the local directory. */
export interface FileChange {
  name: string;
  /** Local path (relative to the project root) when the file exists locally. */
  path: string | undefined;
  /** `added`: only local (a push creates it); `deleted`: only remote (a push removes it). */
  change: 'added' | 'modified' | 'deleted' | 'unchanged';
}

function compare(local: readonly LocalFile[], remote: readonly ContentFile[]): FileChange[] {
  const remoteByName = new Map(remote.map((file) => [file.name, file]));
  const changes: FileChange[] = local.map((file) => {
    const other = remoteByName.get(file.name);
    const change =
      other === undefined ? 'added' : fileHash(other) === fileHash(file) ? 'unchanged' : 'modified';
    return { name: file.name, path: file.path, change };
  });
  const localNames = new Set(local.map((file) => file.name));
  for (const file of remote) {
    if (!localNames.has(file.name)) changes.push({ name: file.name, path: undefined, change: 'deleted' });
  }
  return changes;
}

/**
 * The remote files that changed since the last pull or push (edited in the online editor, or pushed
 * from elsewhere): their names. `undefined` when no pull or push was recorded.
 */
export function remoteChangesSince(
  record: SyncRecord | undefined,
  remote: readonly ContentFile[],
): string[] | undefined {
  if (record === undefined) return undefined;
  const changed: string[] = [];
  const seen = new Set<string>();
  for (const file of remote) {
    seen.add(file.name);
    if (record.files[file.name] !== fileHash(file)) changed.push(file.name);
  }
  for (const name of Object.keys(record.files)) if (!seen.has(name)) changed.push(name);
  return changed.sort();
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
  /** Remote files changed since the last pull/push (a push would refuse); undefined without a record. */
  remoteChanged: string[] | undefined;
  /** `.claspignore` lines that match no file, with what was probably meant. */
  warnings: IgnoreWarning[];
}

/** Which local files would be pushed or are ignored, and which differ from the remote. */
export async function projectStatus(
  client: AppsScriptClient,
  options: { dir: string },
): Promise<StatusResult> {
  const project = await loadProject(options.dir);
  const scan = await scanLocalFiles(project);
  const remote = contentFiles((await client.projects.getContent({ scriptId: project.scriptId })).files);
  return {
    scriptId: project.scriptId,
    root: project.root,
    files: scan.files.map(({ name, type, path }) => ({ name, type, path })),
    ignored: scan.ignored,
    changes: compare(scan.files, remote),
    remoteChanged: remoteChangesSince(project.state.lastSync, remote),
    warnings: scan.warnings,
  };
}

export interface PushOptions {
  dir: string;
  /** Push even when the remote changed since the last pull/push (its changes are overwritten). */
  force?: boolean | undefined;
  /** Compute the diff and the checks; send nothing. */
  dryRun?: boolean | undefined;
}

export interface PushResult {
  scriptId: string;
  root: string;
  /** The files sent (or that would be sent), in push order. */
  files: { name: string; type: string; path: string }[];
  changes: FileChange[];
  /** A unified diff from the remote to the local files (`a/` remote, `b/` local). */
  diff: string;
  /** True when the content was sent. False for a dry run or when nothing differed. */
  pushed: boolean;
  dryRun: boolean;
  /** Remote files changed since the last pull/push that the push overwrote (`--force`) or would refuse over (dry run). */
  overwritten: string[];
}

/** Raised when a push would overwrite remote changes made since the last pull or push. */
export class PushConflictError extends ToolsError {
  readonly files: readonly string[];
  constructor(files: readonly string[], recorded: boolean) {
    super(
      recorded
        ? `Push refused: the remote changed since the last pull/push: ${files.join(', ')}.`
        : `Push refused: no pull or push of this project was recorded here, and the remote differs: ${files.join(', ')}.`,
      {
        code: 'push-conflict',
        details: { files: files.join(', ') },
      },
    );
    this.files = files;
  }
}

/**
 * Uploads the local files (which replace every remote file). The files are checked first (one JSON
 * manifest, unique names: the client's `validateContentFiles`); the push is refused when the remote
 * changed since the last pull or push, unless `force`.
 */
export async function pushProject(client: AppsScriptClient, options: PushOptions): Promise<PushResult> {
  const project = await loadProject(options.dir);
  const scan = await scanLocalFiles(project);
  const files = scan.files.map(({ name, type, source }) => ({ name, type, source }));
  const problems = validateContentFiles(files);
  if (problems.length > 0) throw new ContentValidationError(problems);

  const remote = contentFiles((await client.projects.getContent({ scriptId: project.scriptId })).files);
  const changes = compare(scan.files, remote);
  const differs = changes.some((c) => c.change !== 'unchanged');
  const sinceSync = remoteChangesSince(project.state.lastSync, remote);
  // Without a record, any remote file the push would change might hold someone's edits.
  const atRisk =
    sinceSync ?? changes.filter((c) => c.change === 'modified' || c.change === 'deleted').map((c) => c.name);
  const { createTwoFilesPatch } = await import('diff');
  const remoteByName = new Map(remote.map((file) => [file.name, file]));
  const localByName = new Map(scan.files.map((file) => [file.name, file]));
  const diff = changes
    .filter((c) => c.change !== 'unchanged')
    .map((c) => {
      const label = c.path ?? c.name;
      return createTwoFilesPatch(
        c.change === 'added' ? '/dev/null' : `a/${label}`,
        c.change === 'deleted' ? '/dev/null' : `b/${label}`,
        remoteByName.get(c.name)?.source ?? '',
        localByName.get(c.name)?.source ?? '',
        undefined,
        undefined,
        { context: 3 },
      )
        .split('\n')
        .filter((line) => !line.startsWith('===='))
        .join('\n');
    })
    .join('');
  const base = {
    scriptId: project.scriptId,
    root: project.root,
    files: scan.files.map(({ name, type, path }) => ({ name, type, path })),
    changes,
    diff,
  };
  if (options.dryRun === true) return { ...base, pushed: false, dryRun: true, overwritten: atRisk };
  if (atRisk.length > 0 && options.force !== true)
    throw new PushConflictError(atRisk, sinceSync !== undefined);
  if (!differs) {
    await writeState(project.root, { ...project.state, lastSync: syncRecord(remote) });
    return { ...base, pushed: false, dryRun: false, overwritten: [] };
  }
  const updated = await client.projects.updateContent({ scriptId: project.scriptId, files });
  const sent = updated.files === undefined ? files : contentFiles(updated.files);
  await writeState(project.root, { ...project.state, lastSync: syncRecord(sent) });
  return { ...base, pushed: true, dryRun: false, overwritten: options.force === true ? atRisk : [] };
}

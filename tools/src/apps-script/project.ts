// The file workflows: create, clone, pull, push, status. Each takes an Apps Script client and plain
// options, works on the project whose `.clasp.json` is in `dir` (or above), and returns what it did.
// Pull and push live in pull.ts and push.ts; this module re-exports them.
import { basename, join, relative } from 'node:path';
import type { AppsScriptClient } from '@specbound/apps-script';
import type { DriveClient } from '@specbound/drive';
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
  resolveContentDir,
  writeConfig,
} from './config.js';
import { applyTypeManifest, type CreatedContainer, createContainer, isContainerType } from './create-type.js';
import { type IgnoreWarning, type LocalFile, scanLocalFiles } from './files.js';
import { contentFiles, PullConflictError, type PullResult, writeContent } from './pull.js';
import type { ScriptType } from './script-types.js';
import { type FileSides, threeWay } from './three-way.js';
import { type LeftOutTypeScript, typeScriptReport } from './typescript-status.js';

export {
  PullConflictError,
  type PulledFile,
  type PullOptions,
  type PullResult,
  pullProject,
  type SkippedFile,
} from './pull.js';
export { PushConflictError, type PushOptions, type PushResult, pushProject } from './push.js';

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
  /** clasp's `--type` (default standalone); a container type needs `drive`. */
  type?: ScriptType | undefined;
  /** Drive, to make the container of a container type. */
  drive?: DriveClient | undefined;
}

export interface CreateResult extends PullResult {
  title: string;
  /** The container made for a container `type` (its id is the project's parentId). */
  container?: CreatedContainer;
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
  const type = options.type ?? 'standalone';
  const container = await containerFor(options, type, title);
  const parentId = container?.id ?? options.parentId;
  const created = await client.projects
    .create({ title, ...(parentId === undefined ? {} : { parentId }) })
    .catch(async (error: unknown) => {
      // Nothing half-made is left behind: the container made for this project goes too.
      if (container !== undefined)
        await options.drive?.files.delete({ fileId: container.id }).catch(() => {});
      throw error;
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
    ...(parentId === undefined ? {} : { parentId: [parentId] }),
  };
  const initial = (await client.projects.getContent({ scriptId: created.scriptId })).files ?? [];
  const content = contentFiles(await applyTypeManifest(client, created.scriptId, type, initial));
  const pulled = await writeNewProject(
    projectAt(options.dir, config),
    content,
    undefined,
    options.force === true,
  );
  return { ...pulled, title: created.title ?? title, ...(container === undefined ? {} : { container }) };
}

/** The container a container `type` needs, made through Drive; refused next to a --parent-id. */
async function containerFor(
  options: CreateOptions,
  type: ScriptType,
  title: string,
): Promise<CreatedContainer | undefined> {
  if (!isContainerType(type)) return undefined;
  if (options.parentId !== undefined) {
    throw new UsageError(
      `A ${type} script gets a new container; it cannot also be bound to ${options.parentId}.`,
      {
        code: 'type-and-parent-id',
        details: { type },
      },
    );
  }
  if (options.drive === undefined)
    throw new TypeError(`createProject: type ${type} needs the \`drive\` client.`);
  return createContainer(options.drive, type, title);
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
  /** The `.ts` files a push leaves out of the bundle's callable functions, and why (empty without TypeScript). */
  typescript: LeftOutTypeScript[];
}

/** Which local files would be pushed or are ignored, and how each differs from the remote and the last sync. */
export async function projectStatus(
  client: AppsScriptClient,
  options: { dir: string; ignoreFile?: string | undefined },
): Promise<StatusResult> {
  const project = await loadProject(options.dir, { ignoreFile: options.ignoreFile });
  const scanned = await scanLocalFiles(project);
  const { files, typescript } = await typeScriptReport(project, scanned);
  const scan = { ...scanned, files };
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
    typescript,
  };
}

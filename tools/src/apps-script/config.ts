// `.clasp.json` (clasp's project file, read and written compatibly) and the specbound state file that
// sits next to it. The state file remembers what the service held at the last pull or push and the
// deployment to update; it is never pushed (it is not a script file, and it is excluded by name).
import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { writeFileAtomic } from '../atomic-file.js';
import { ToolsError, UsageError } from '../errors.js';
import { parseJson5 } from '../json5.js';

export const CONFIG_FILE = '.clasp.json';
export const IGNORE_FILE = '.claspignore';
export const STATE_FILE = '.specbound-state.json';

/** The fields of `.clasp.json` specbound reads; unknown fields are kept as they are when it writes. */
export interface ClaspConfig {
  scriptId: string;
  /** Where the script files live, relative to `.clasp.json` (clasp 3 also reads `srcDir`). */
  rootDir?: string;
  srcDir?: string;
  /** clasp 2's single script extension (e.g. `ts`); `scriptExtensions` wins when both are set. */
  fileExtension?: string;
  scriptExtensions?: string[];
  htmlExtensions?: string[];
  jsonExtensions?: string[];
  /** Paths (relative to `.clasp.json`) pushed first, in this order; the others follow by name. */
  filePushOrder?: string[];
  /** Only the top-level files of the content directory. */
  skipSubdirectories?: boolean;
  /** Follow symbolic links inside the content directory (clasp 3); the content directory itself must still resolve inside the project. */
  allowSymlinks?: boolean;
  parentId?: string[] | string;
  /** A deployment to update on `deploy` (specbound extension; the state file records one too). */
  deploymentId?: string;
  [key: string]: unknown;
}

/** What the last pull or push saw on the service: a hash of the whole content and of each file. */
export interface SyncRecord {
  at: string;
  /** sha256 of the content (see `contentHash`). */
  hash: string;
  /** File name → sha256 of its type and source. */
  files: Record<string, string>;
  versionNumber?: number;
}

export interface ProjectState {
  scriptId: string;
  lastSync?: SyncRecord;
  deploymentId?: string;
}

/** A project on disk: where `.clasp.json` is, what it says, and the state next to it. */
export interface LocalProject {
  /** The directory holding `.clasp.json`. */
  root: string;
  configPath: string;
  config: ClaspConfig;
  scriptId: string;
  /** The absolute directory of the script files (`rootDir`/`srcDir`, default the root). */
  contentDir: string;
  state: ProjectState;
  /** An ignore file read instead of the project's `.claspignore` (absolute), as clasp's `--ignore <file>`. */
  ignoreFile?: string | undefined;
}

export interface LoadProjectOptions {
  /** A `.claspignore`-format file to use instead of the project's own (resolved against `dir`). */
  ignoreFile?: string | undefined;
}

/** Finds `.clasp.json` in `dir` or a parent directory. */
export async function findProjectRoot(dir: string): Promise<string | undefined> {
  let current = resolve(dir);
  for (;;) {
    const exists = await readFile(join(current, CONFIG_FILE), 'utf8').then(
      () => true,
      () => false,
    );
    if (exists) return current;
    const parent = dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

/** Loads the project whose `.clasp.json` is in `dir` or above. */
export async function loadProject(dir: string, options: LoadProjectOptions = {}): Promise<LocalProject> {
  const root = await findProjectRoot(dir);
  if (root === undefined) {
    throw new UsageError(`No ${CONFIG_FILE} in ${resolve(dir)} or any parent directory.`, {
      code: 'clasp-json-missing',
      details: { dir: resolve(dir) },
    });
  }
  const configPath = join(root, CONFIG_FILE);
  const config = parseConfig(await readFile(configPath, 'utf8'), configPath);
  const contentDir = resolveContentDir(root, config);
  const state = await readState(root, config.scriptId);
  const ignoreFile = options.ignoreFile === undefined ? undefined : resolve(dir, options.ignoreFile);
  return { root, configPath, config, scriptId: config.scriptId, contentDir, state, ignoreFile };
}

function parseConfig(text: string, where: string): ClaspConfig {
  let value: unknown;
  try {
    // clasp reads .clasp.json as JSON5: comments and trailing commas are allowed.
    value = parseJson5(text);
  } catch (error) {
    const { lineNumber, columnNumber } = error as { lineNumber?: number; columnNumber?: number };
    const at = lineNumber === undefined ? '' : ` at line ${lineNumber}, column ${columnNumber ?? 1}`;
    throw new ToolsError(`${where} is not valid JSON5${at}: ${(error as Error).message}`, {
      code: 'clasp-json-invalid',
      details: { file: where },
    });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ToolsError(`${where} must be a JSON object.`, {
      hint: 'It needs at least {"scriptId": "..."}.',
    });
  }
  const config = value as Record<string, unknown>;
  if (typeof config.scriptId !== 'string' || config.scriptId === '') {
    throw new ToolsError(`${where} has no "scriptId".`, {
      hint: 'Add the project id ("scriptId": "..."), found in the editor under Project Settings → IDs.',
    });
  }
  for (const key of ['scriptExtensions', 'htmlExtensions', 'jsonExtensions', 'filePushOrder'] as const) {
    const list = config[key];
    if (list !== undefined && (!Array.isArray(list) || list.some((item) => typeof item !== 'string'))) {
      throw new ToolsError(`${where}: "${key}" must be an array of strings.`, {
        hint: `e.g. "${key}": [${key === 'filePushOrder' ? '"src/first.js"' : '".js", ".gs"'}]`,
      });
    }
  }
  for (const key of ['rootDir', 'srcDir', 'fileExtension', 'deploymentId'] as const) {
    if (config[key] !== undefined && typeof config[key] !== 'string') {
      throw new ToolsError(`${where}: "${key}" must be a string.`);
    }
  }
  return config as ClaspConfig;
}

/** The content directory, which must stay inside the project root (a `../x` rootDir is refused). */
export function resolveContentDir(root: string, config: ClaspConfig): string {
  const raw = config.srcDir ?? config.rootDir ?? '.';
  const dir = resolve(root, raw);
  const rel = relative(root, dir);
  if (rel.startsWith('..') || isAbsolute(rel)) {
    throw new ToolsError(`${CONFIG_FILE}: rootDir "${raw}" is outside the project directory ${root}.`, {
      code: 'root-dir-outside',
      details: { rootDir: raw, root },
    });
  }
  return dir;
}

async function readState(root: string, scriptId: string): Promise<ProjectState> {
  const path = join(root, STATE_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return { scriptId };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ToolsError(`${path} is not valid JSON.`, {
      code: 'project-state-invalid',
      details: { file: path },
    });
  }
  const state = value as Partial<ProjectState>;
  // A state file from another project (the scriptId in .clasp.json changed) says nothing about this one.
  if (state.scriptId !== scriptId) return { scriptId };
  return state as ProjectState;
}

/** Writes JSON whole or not at all (the shared atomic write), creating its directory if needed. */
async function writeJson(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`);
}

export async function writeState(root: string, state: ProjectState): Promise<void> {
  await writeJson(join(root, STATE_FILE), state);
}

export async function writeConfig(root: string, config: ClaspConfig): Promise<void> {
  await writeJson(join(root, CONFIG_FILE), config);
}

/** A file as the service holds it (the fields that make up its content). */
export interface ContentFile {
  name: string;
  type: string;
  source: string;
}

/** sha256 of one file's type and source. */
export function fileHash(file: ContentFile): string {
  return createHash('sha256').update(`${file.type}\0${file.source}`).digest('hex');
}

/** The record of a content as synced: the per-file hashes and one hash over all of them. */
export function syncRecord(files: readonly ContentFile[], versionNumber?: number): SyncRecord {
  return recordOf(Object.fromEntries(files.map((file) => [file.name, fileHash(file)])), versionNumber);
}

/** A record from per-file hashes (name → hash), with one hash over all of them. */
export function recordOf(files: Readonly<Record<string, string>>, versionNumber?: number): SyncRecord {
  const sorted = Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const hash = createHash('sha256')
    .update(sorted.map(([name, h]) => `${name}\0${h}`).join('\n'))
    .digest('hex');
  return {
    at: new Date().toISOString(),
    hash,
    files: Object.fromEntries(sorted),
    ...(versionNumber === undefined ? {} : { versionNumber }),
  };
}

/** The script a command works on: the one named, else the one of the project around `dir`. */
export async function resolveScriptId(dir: string, explicit: string | undefined): Promise<string> {
  if (explicit !== undefined && explicit !== '') return explicit;
  return (await loadProject(dir)).scriptId;
}

/**
 * A script id from what a user pastes: the id itself, or an editor URL
 * (`https://script.google.com/d/<id>/edit`, `…/home/projects/<id>/edit`), as clasp's clone takes.
 */
export function parseScriptId(input: string): string {
  const text = input.trim();
  const url = /^https:\/\/script\.google\.com\/(?:d|home\/projects)\/([^/?#]+)(?:[/?#]|$)/.exec(text);
  const id = url?.[1] ?? text;
  if (!/^[\w-]+$/.test(id)) {
    throw new UsageError(`"${input}" is neither a script id nor an Apps Script editor URL.`, {
      code: 'script-id-invalid',
      details: { value: input },
    });
  }
  return id;
}

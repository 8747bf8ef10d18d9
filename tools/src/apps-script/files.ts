// Local script files ↔ Apps Script files, exactly the way clasp 3.4.1 maps them (its core/files.js and
// core/clasp.js): every file below the content directory (rootDir/srcDir) is listed by its path relative
// to that directory, filtered by the `.claspignore` lines with micromatch (`{ dot: true }`, the library
// and options clasp uses, so a pattern means what it means to clasp: relative to rootDir, `drafts/`
// matches no file, `*.html` only at the top), then kept when its extension is a script, HTML or manifest
// extension. A file's Apps Script name is that path without extension (`lib/util.js` ↔ `lib/util`).
import { lstat, readdir, readFile, realpath, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, extname, isAbsolute, join, posix, relative } from 'node:path';
import type { components } from '@specbound/apps-script/schema';
import type Micromatch from 'micromatch';
import { ToolsError } from '../errors.js';
import {
  type ClaspConfig,
  CONFIG_FILE,
  type ContentFile,
  IGNORE_FILE,
  type LocalProject,
  STATE_FILE,
} from './config.js';
import { toPosix } from './posix.js';
import { TS_BUNDLE_NAME, TS_OUT_DIR, type TypeScriptSource } from './typescript.js';

// Required on first use, not imported: with its dependencies it cost every `import '@specbound/tools'`
// ~11 ms, for the workflows that never list a project's files.
const require = createRequire(import.meta.url);
let loadedMicromatch: typeof Micromatch | undefined;
const micromatch = (): typeof Micromatch => (loadedMicromatch ??= require('micromatch') as typeof Micromatch);

// The project's own files, which clasp lists among the files it leaves out: not worth showing.
const PROJECT_FILES = new Set([CONFIG_FILE, IGNORE_FILE, STATE_FILE]);

/** A file type the service takes (the spec's `File.type` less its never-used unspecified value). */
export type FileType = Exclude<NonNullable<components['schemas']['File']['type']>, 'ENUM_TYPE_UNSPECIFIED'>;

/** The local extensions of each file type, lower case with the dot; the first is used for new files. */
export type FileExtensions = Record<FileType, string[]>;

/** clasp's rules when the project has no `.claspignore` (clasp 3.4.1, `DEFAULT_CLASP_IGNORE`). */
export const DEFAULT_IGNORE_PATTERNS: readonly string[] = [
  '**/**',
  '!**/appsscript.json',
  '!**/*.gs',
  '!**/*.js',
  '!**/*.ts',
  '!**/*.html',
  '.git/**',
  'node_modules/**',
];

const MATCH_OPTIONS = { dot: true } as const;

/** Extensions as clasp reads them: `scriptExtensions` (or clasp 2's `fileExtension`), `htmlExtensions`, `jsonExtensions`. */
export function fileExtensions(config: ClaspConfig): FileExtensions {
  const fix = (ext: string) => {
    const lower = ext.toLowerCase().trim();
    return lower.startsWith('.') ? lower : `.${lower}`;
  };
  const script = config.scriptExtensions ?? (config.fileExtension ? [config.fileExtension] : ['js', 'gs']);
  return {
    SERVER_JS: script.map(fix),
    HTML: (config.htmlExtensions ?? ['html']).map(fix),
    JSON: (config.jsonExtensions ?? ['json']).map(fix),
  };
}

/** A local file that would be pushed. */
export interface LocalFile extends ContentFile {
  type: FileType;
  /** Path relative to the project root, with `/` separators. */
  path: string;
}

/** A `.claspignore` line that matches no file, and what was probably meant when that can be told. */
export interface IgnoreWarning {
  pattern: string;
  suggestion?: string;
}

export interface LocalScan {
  /** The files to push, in push order (`filePushOrder` first, then by path). */
  files: LocalFile[];
  /**
   * What a push leaves out (ignored, symlinked, or not a script type), relative to the project root;
   * a directory holding no pushed file is shown once, with a trailing `/` (as clasp's status does).
   */
  ignored: string[];
  /** `.claspignore` lines that match no file. */
  warnings: IgnoreWarning[];
  /** The `.ts` files the rules keep: bundled into one file on push (see typescript.ts). */
  typescript: TypeScriptSource[];
  /** The `.ts` files left out, and why (also listed in `ignored`). */
  typescriptLeftOut: TypeScriptSkip[];
}

/** A `.ts` file a push leaves out, and why. */
interface TypeScriptSkip {
  path: string;
  reason: 'declaration' | 'ignored';
}

/** `.ts` but not `.d.ts`: TypeScript a push bundles rather than sends. */
function typeScriptKind(rel: string): 'source' | 'declaration' | undefined {
  const lower = rel.toLowerCase();
  if (lower.endsWith('.d.ts')) return 'declaration';
  return lower.endsWith('.ts') ? 'source' : undefined;
}

/**
 * A `.ts` file and a script file that map to one name (`Code.ts` next to `Code.js`, usually tsc's output
 * pushed as well), or a script file named as the bundle: two definitions of the same functions.
 */
function assertNoTypeScriptClash(
  typescript: readonly TypeScriptSource[],
  byName: ReadonlyMap<string, string>,
): void {
  const clash = (files: string, name: string, why: string) =>
    new ToolsError(`${why}; nothing was sent.`, { code: 'typescript-name-clash', details: { files, name } });
  const stem = (path: string) => path.slice(0, path.length - extname(path).length);
  const byStem = new Map([...byName.values()].map((path) => [stem(path), path]));
  for (const { path } of typescript) {
    const twin = byStem.get(stem(path));
    if (twin !== undefined)
      throw clash(`${path}, ${twin}`, stem(path), `${path} and ${twin} would both define the same functions`);
  }
  const named = byName.get(TS_BUNDLE_NAME);
  if (typescript.length > 0 && named !== undefined)
    throw clash(
      named,
      TS_BUNDLE_NAME,
      `${named} is pushed as "${TS_BUNDLE_NAME}", the file the .ts files are bundled into`,
    );
}

/**
 * The ignore lines (clasp reads them raw: BOM stripped, empty lines dropped, nothing trimmed): the
 * project's `.claspignore`, else clasp's defaults; an ignore file named in the options must exist.
 */
async function loadIgnorePatterns(project: LocalProject): Promise<{ patterns: string[]; fromFile: boolean }> {
  const path = project.ignoreFile ?? join(project.root, IGNORE_FILE);
  const text = await readFile(path, 'utf8').catch(() => undefined);
  if (text === undefined && project.ignoreFile !== undefined) {
    throw new ToolsError(`The ignore file ${path} cannot be read.`, {
      code: 'ignore-file-missing',
      details: { file: path },
    });
  }
  if (text === undefined) return { patterns: [...DEFAULT_IGNORE_PATTERNS], fromFile: false };
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  return { patterns: lines.filter((line) => line.length > 0), fromFile: true };
}

function byLocale(a: string, b: string): number {
  return a.localeCompare(b);
}

/** The type clasp gives a path, or undefined when clasp does not push that extension. */
function fileTypeOf(path: string, extensions: FileExtensions): FileType | undefined {
  const original = extname(path);
  const ext = original.toLowerCase();
  if (extensions.SERVER_JS.includes(ext)) return 'SERVER_JS';
  if (extensions.HTML.includes(ext)) return 'HTML';
  // Any `appsscript.<json ext>`, at any depth, is a JSON file to clasp.
  if (extensions.JSON.includes(ext) && basename(path, original) === 'appsscript') return 'JSON';
  return undefined;
}

/** The Apps Script name of a file, from its path relative to the content directory. */
function remoteName(relToContent: string, type?: FileType): string {
  if (type === 'JSON' && posix.basename(relToContent) === 'appsscript.json') return 'appsscript';
  return relToContent.slice(0, relToContent.length - extname(relToContent).length);
}

/**
 * Every regular file below `dir`, relative to it, sorted as clasp sorts them. Symbolic links are
 * left out (clasp skips them unless `allowSymlinks`), and so are subdirectories when not `recursive`.
 */
async function listFiles(dir: string, recursive: boolean): Promise<string[]> {
  const found: string[] = [];
  const walk = async (current: string, prefix: string): Promise<void> => {
    const entries = await readdir(current, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' && prefix === '') return [];
      throw error;
    });
    for (const entry of entries) {
      const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      if (entry.isDirectory()) {
        if (recursive) await walk(join(current, entry.name), rel);
      } else if (entry.isFile()) {
        found.push(rel);
      }
    }
  };
  await walk(dir, '');
  return found.sort(byLocale);
}

/**
 * With `"allowSymlinks": true` in .clasp.json, clasp follows links: every file reached below `dir`,
 * each directory walked once (by inode, so a link back up ends there), in the order the file system
 * lists them (which decides whether a linked folder is reached by its link or its own name), sorted
 * at the end. Broken links are left out. (clasp 3.4.1's crawlLogicalSymlinks.)
 */
async function listFilesFollowingLinks(dir: string, recursive: boolean): Promise<string[]> {
  const found: string[] = [];
  const visited = new Set<number>();
  const walk = async (current: string): Promise<void> => {
    const info = await stat(current).catch(() => undefined);
    if (info === undefined || visited.has(info.ino)) return;
    visited.add(info.ino);
    const names = await readdir(current).catch(() => [] as string[]);
    for (const name of names) {
      const path = join(current, name);
      const entry = await stat(path).catch(() => undefined);
      if (entry?.isDirectory() && recursive) await walk(path);
      else if (entry?.isFile()) found.push(toPosix(relative(dir, path)));
    }
  };
  await walk(dir);
  return found.sort(byLocale);
}

/** The listed files the ignore patterns keep (micromatch.not, as clasp filters). */
function notIgnored(files: readonly string[], patterns: readonly string[]): string[] {
  if (patterns.length === 0) return [...files];
  return micromatch().not([...files], [...patterns], MATCH_OPTIONS);
}

/**
 * Refuses a content directory that resolves outside the project once symbolic links are followed
 * (clasp 3.4.1 refuses it too): a symlinked rootDir would push, and pull would write, files elsewhere.
 */
async function assertContentInside(project: LocalProject): Promise<void> {
  const real = async (path: string) => realpath(path).catch(() => path);
  const root = await real(project.root);
  const content = await real(project.contentDir);
  const rel = relative(root, content);
  if (rel.startsWith('..') || isAbsolute(rel)) {
    throw new ToolsError(
      `The content directory ${project.contentDir} resolves to ${content}, outside the project ${root}.`,
      {
        code: 'root-dir-outside',
        details: { contentDir: project.contentDir, resolved: content, root },
      },
    );
  }
}

/** Directories (with a trailing `/`) that hold no pushed file stand for all the files below them. */
function collapseIgnored(skipped: readonly string[], pushed: readonly string[]): string[] {
  const withPushed = new Set<string>();
  for (const path of pushed) {
    for (let dir = posix.dirname(path); dir !== '.'; dir = posix.dirname(dir)) withPushed.add(dir);
  }
  const out = new Set<string>();
  for (const path of skipped) {
    let shown = path;
    for (let dir = posix.dirname(path); dir !== '.'; dir = posix.dirname(dir)) {
      if (withPushed.has(dir)) break;
      shown = `${dir}/`;
    }
    out.add(shown);
  }
  return [...out].sort(byLocale);
}

/** What a pattern that matches nothing was probably meant to be, when a likely fix matches something. */
function suggestFor(pattern: string, files: readonly string[], contentPrefix: string): string | undefined {
  const candidates: string[] = [];
  if (pattern.endsWith('/')) candidates.push(`${pattern}**`);
  if (contentPrefix !== '' && pattern.startsWith(contentPrefix)) {
    const rest = pattern.slice(contentPrefix.length);
    candidates.push(rest, ...(rest.endsWith('/') ? [`${rest}**`] : []));
  }
  if (!pattern.includes('/')) candidates.push(`**/${pattern}`);
  return candidates.find((candidate) => micromatch().some([...files], candidate, MATCH_OPTIONS));
}

/** `.claspignore` lines (not comments) that match none of the files, each with a likely fix. */
function ignoreWarnings(
  patterns: readonly string[],
  files: readonly string[],
  contentPrefix: string,
): IgnoreWarning[] {
  const warnings: IgnoreWarning[] = [];
  for (const line of patterns) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const negated = line.startsWith('!');
    const pattern = negated ? line.slice(1) : line;
    if (micromatch().some([...files], pattern, MATCH_OPTIONS)) continue;
    const suggestion = suggestFor(pattern, files, contentPrefix);
    warnings.push({
      pattern: line,
      ...(suggestion === undefined ? {} : { suggestion: `${negated ? '!' : ''}${suggestion}` }),
    });
  }
  return warnings;
}

/** The content directory relative to the project root, with a trailing `/` (empty when they are one). */
function contentPrefixOf(project: LocalProject): string {
  const rel = toPosix(relative(project.root, project.contentDir));
  return rel === '' ? '' : `${rel}/`;
}

/** Lists the content directory: what would be pushed and what is left out, as clasp 3.4.1 decides. */
export async function scanLocalFiles(project: LocalProject): Promise<LocalScan> {
  await assertContentInside(project);
  const extensions = fileExtensions(project.config);
  const { patterns, fromFile } = await loadIgnorePatterns(project);
  const recursive = project.config.skipSubdirectories !== true;
  const all =
    project.config.allowSymlinks === true
      ? await listFilesFollowingLinks(project.contentDir, recursive)
      : await listFiles(project.contentDir, recursive);
  const kept = new Set(notIgnored(all, patterns));
  const prefix = contentPrefixOf(project);
  const files: LocalFile[] = [];
  const skipped: string[] = [];
  const byName = new Map<string, string>();
  const typescript: TypeScriptSource[] = [];
  const typescriptLeftOut: TypeScriptSkip[] = [];
  for (const rel of all) {
    // The bundle and its source map, kept locally, are never pushed nor worth listing.
    if (prefix === '' && rel.startsWith(`${TS_OUT_DIR}/`)) continue;
    const ts = typeScriptKind(rel);
    if (ts !== undefined) {
      const path = `${prefix}${rel}`;
      if (ts === 'declaration' || !kept.has(rel)) {
        skipped.push(path);
        typescriptLeftOut.push({ path, reason: ts === 'declaration' ? 'declaration' : 'ignored' });
      } else typescript.push({ path, source: await readFile(join(project.contentDir, rel), 'utf8') });
      continue;
    }
    const type = kept.has(rel) ? fileTypeOf(rel, extensions) : undefined;
    if (type === undefined) {
      if (!(prefix === '' && PROJECT_FILES.has(rel))) skipped.push(`${prefix}${rel}`);
      continue;
    }
    const name = remoteName(rel, type);
    const path = `${prefix}${rel}`;
    const clash = byName.get(name);
    if (clash !== undefined) {
      throw new ToolsError(`${clash} and ${path} would both be pushed as "${name}".`, {
        code: 'file-name-clash',
        details: { files: `${clash}, ${path}`, name },
      });
    }
    byName.set(name, path);
    files.push({ name, type, source: await readFile(join(project.contentDir, rel), 'utf8'), path });
  }
  assertNoTypeScriptClash(typescript, byName);
  const bundled = new Set(typescript.map((t) => t.path));
  return {
    files: pushOrder(files, project.config.filePushOrder ?? []),
    ignored: collapseIgnored(skipped, [...files.map((file) => file.path), ...bundled]),
    warnings: fromFile ? ignoreWarnings(patterns, all, prefix) : [],
    typescript,
    typescriptLeftOut,
  };
}

/** `filePushOrder` first (in its order; paths relative to `.clasp.json`), then the rest by path. */
function pushOrder<F extends { path: string }>(files: readonly F[], order: readonly string[]): F[] {
  const rank = new Map(order.map((path, i) => [posix.normalize(toPosix(path)), i]));
  return [...files].sort((a, b) => {
    const ra = rank.get(posix.normalize(a.path));
    const rb = rank.get(posix.normalize(b.path));
    if (ra !== undefined && rb !== undefined) return ra - rb;
    if (ra !== undefined) return -1;
    if (rb !== undefined) return 1;
    return byLocale(a.path, b.path);
  });
}

/** C0 and C1 control characters (an escape sequence in a file name would reach every terminal listing it). */
function hasControlCharacter(text: string): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** A remote file name that cannot be a path below the content directory. */
function unsafeName(name: string): boolean {
  const segments = name.split('/');
  return (
    name === '' ||
    hasControlCharacter(name) ||
    name.includes('\\') ||
    name.includes('\0') ||
    name.startsWith('/') ||
    segments.some((s) => s === '..' || s === '.' || s === '')
  );
}

/**
 * Where a remote file goes locally (relative to the project root). A local file that already maps to
 * the name keeps its path (so `Code.gs` stays `Code.gs`); otherwise the type's first extension.
 * A name that would leave the content directory is refused.
 */
export function localPathFor(
  project: LocalProject,
  file: { name: string; type: string },
  existing: ReadonlyMap<string, { path: string; type: string }>,
): string {
  const { name } = file;
  if (unsafeName(name)) {
    throw new ToolsError(
      `The project has a file named ${JSON.stringify(name)}, which cannot be written safely on disk.`,
      {
        code: 'remote-name-unsafe',
        details: { name },
      },
    );
  }
  const known = existing.get(name);
  if (known !== undefined && known.type === file.type) return known.path;
  const extensions = fileExtensions(project.config);
  const ext =
    file.type === 'JSON'
      ? (extensions.JSON[0] ?? '.json')
      : file.type === 'HTML'
        ? (extensions.HTML[0] ?? '.html')
        : (extensions.SERVER_JS[0] ?? '.js');
  return toPosix(relative(project.root, join(project.contentDir, `${name}${ext}`)));
}

/** Whether the content directory holds a `.ts` file a push would bundle. */
async function hasTypeScript(project: LocalProject): Promise<boolean> {
  const all = await listFiles(project.contentDir, project.config.skipSubdirectories !== true);
  return all.some((rel) => typeScriptKind(rel) === 'source');
}

/**
 * Whether a push would send the file at `path` (relative to the project root) back as `name`: the pull
 * writes nothing else (not into node_modules or .git, not an ignored path, not `.clasp.json`).
 */
export async function wouldPushBack(project: LocalProject, path: string, name: string): Promise<boolean> {
  // The bundle of a TypeScript project is made from its `.ts` files; a copy written here would clash.
  if (name === TS_BUNDLE_NAME && (await hasTypeScript(project))) return false;
  const rel = toPosix(relative(project.contentDir, join(project.root, path)));
  if (rel.startsWith('..') || rel.split('/').some((s) => s === 'node_modules' || s === '.git')) return false;
  if (project.config.skipSubdirectories === true && rel.includes('/')) return false;
  const { patterns } = await loadIgnorePatterns(project);
  if (notIgnored([rel], patterns).length !== 1) return false;
  const type = fileTypeOf(rel, fileExtensions(project.config));
  return type !== undefined && remoteName(rel, type) === name;
}

/** Whether anything on the way to `path` (below `root`) is a symbolic link or a non-directory. */
export async function blockedPath(root: string, path: string): Promise<string | undefined> {
  const segments = path.split('/');
  let current = root;
  for (const [i, segment] of segments.entries()) {
    current = join(current, segment);
    const stat = await lstat(current).catch(() => undefined);
    if (stat === undefined) return undefined;
    const last = i === segments.length - 1;
    if (stat.isSymbolicLink()) return segments.slice(0, i + 1).join('/');
    if (last ? stat.isDirectory() : !stat.isDirectory()) return segments.slice(0, i + 1).join('/');
  }
  return undefined;
}

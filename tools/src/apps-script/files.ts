// Local script files ↔ Apps Script files, the way clasp maps them: a file's name is its path below the
// content directory without extension (`lib/util.js` ↔ `lib/util`), the manifest is `appsscript.json`,
// and `.claspignore` filters with gitignore semantics (the `ignore` package), relative to the project root.
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, posix, relative, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { ToolsError } from '../errors.js';
import {
  type ClaspConfig,
  CONFIG_FILE,
  type ContentFile,
  IGNORE_FILE,
  type LocalProject,
  STATE_FILE,
} from './config.js';

export type FileType = 'SERVER_JS' | 'HTML' | 'JSON';

/** The local extensions of each file type, lower case with the dot; the first is used for new files. */
export type FileExtensions = Record<FileType, string[]>;

/** Extensions as clasp reads them: `scriptExtensions` (or clasp 2's `fileExtension`), `htmlExtensions`, `jsonExtensions`. */
export function fileExtensions(config: ClaspConfig): FileExtensions {
  const fix = (ext: string) => {
    const lower = ext.trim().toLowerCase();
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

export interface LocalScan {
  /** The files to push, in push order (`filePushOrder` first, then by path). */
  files: LocalFile[];
  /** Files of the content directory that are not pushed (ignored, or not a script type), relative paths. */
  ignored: string[];
}

// Never walked, never pushed, whatever .claspignore says.
const ALWAYS_SKIPPED_DIRS = new Set(['.git', 'node_modules']);
const SPECBOUND_FILES = new Set([CONFIG_FILE, IGNORE_FILE, STATE_FILE]);

/** Reads `.claspignore` (gitignore syntax) from the project root; none means nothing extra is ignored. */
async function loadIgnore(root: string): Promise<Ignore> {
  const rules = ignore();
  const text = await readFile(join(root, IGNORE_FILE), 'utf8').catch(() => undefined);
  if (text !== undefined) rules.add(text);
  return rules;
}

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

function typeOf(relToContent: string, extensions: FileExtensions): FileType | undefined {
  const ext = extname(relToContent).toLowerCase();
  if (extensions.SERVER_JS.includes(ext)) return 'SERVER_JS';
  if (extensions.HTML.includes(ext)) return 'HTML';
  // JSON only for the manifest, at the top of the content directory.
  if (extensions.JSON.includes(ext) && relToContent.slice(0, -ext.length) === 'appsscript') return 'JSON';
  return undefined;
}

/** The Apps Script name of a local file: its path below the content directory, without extension. */
function remoteName(relToContent: string): string {
  return relToContent.slice(0, relToContent.length - extname(relToContent).length);
}

/** Lists the content directory: what would be pushed and what is ignored. */
export async function scanLocalFiles(project: LocalProject): Promise<LocalScan> {
  const extensions = fileExtensions(project.config);
  const rules = await loadIgnore(project.root);
  const files: LocalFile[] = [];
  const ignored: string[] = [];
  const byName = new Map<string, string>();

  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' && dir === project.contentDir) return [];
      throw error;
    });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const abs = join(dir, entry.name);
      const fromRoot = toPosix(relative(project.root, abs));
      if (entry.isDirectory()) {
        if (ALWAYS_SKIPPED_DIRS.has(entry.name)) continue;
        if (project.config.skipSubdirectories === true) continue;
        if (rules.ignores(`${fromRoot}/`)) {
          ignored.push(`${fromRoot}/`);
          continue;
        }
        await walk(abs);
        continue;
      }
      if (!entry.isFile()) continue;
      const fromContent = toPosix(relative(project.contentDir, abs));
      if (dir === project.root && SPECBOUND_FILES.has(entry.name)) continue;
      const type = typeOf(fromContent, extensions);
      if (type === undefined || rules.ignores(fromRoot)) {
        ignored.push(fromRoot);
        continue;
      }
      const name = remoteName(fromContent);
      const clash = byName.get(name);
      if (clash !== undefined) {
        throw new ToolsError(`${clash} and ${fromRoot} would both be pushed as "${name}".`, {
          hint: `Rename one of them or list one in ${IGNORE_FILE}.`,
        });
      }
      byName.set(name, fromRoot);
      files.push({ name, type, source: await readFile(abs, 'utf8'), path: fromRoot });
    }
  };
  await walk(project.contentDir);
  return { files: pushOrder(files, project.config.filePushOrder ?? []), ignored };
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
    return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
  });
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
  const segments = name.split('/');
  if (
    name === '' ||
    name.includes('\\') ||
    name.includes('\0') ||
    name.startsWith('/') ||
    segments.some((s) => s === '..' || s === '.' || s === '')
  ) {
    throw new ToolsError(`The project has a file named "${name}", which cannot be written safely on disk.`, {
      hint: 'Rename the file in the script editor, then pull again.',
    });
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

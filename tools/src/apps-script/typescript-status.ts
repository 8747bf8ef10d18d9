// What `status` says about `.ts` files: which are bundled as entries, and why any other is left out
// of the push or of the top-level functions (a declaration file, ignored, outside rootDir, imported).
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { LocalProject } from './config.js';
import type { LocalFile, LocalScan } from './files.js';
import { toPosix } from './posix.js';
import { filesToPush, TS_OUT_DIR } from './typescript.js';

/** A `.ts` file that is not pushed, or is bundled without its exports becoming functions. */
export interface LeftOutTypeScript {
  path: string;
  reason: 'declaration' | 'ignored' | 'outside-root-dir' | 'not-an-entry' | 'no-exports';
  /** Set when the file is bundled all the same, because this file imports it. */
  importedBy?: string | undefined;
  /** The reason in words. */
  why: string;
}

const SKIPPED_DIRS = new Set(['node_modules', '.git', TS_OUT_DIR]);

/** `.ts` files below the project root but outside the content directory (rootDir), relative to the root. */
async function outsideContent(project: LocalProject): Promise<string[]> {
  if (project.contentDir === project.root) return [];
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    if (dir === project.contentDir) return;
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && !SKIPPED_DIRS.has(entry.name)) await walk(path);
      else if (entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
        found.push(toPosix(relative(project.root, path)));
    }
  };
  await walk(project.root);
  return found.sort();
}

/** The files a push sends (the bundle included) and what is said about each `.ts` file left out. */
export async function typeScriptReport(
  project: LocalProject,
  scan: LocalScan,
): Promise<{ files: LocalFile[]; typescript: LeftOutTypeScript[] }> {
  const { files, bundle } = await filesToPush(project, scan);
  const importer = new Map((bundle?.sources ?? []).map((s) => [s.path, s.importedBy]));
  const out: LeftOutTypeScript[] = [];
  for (const skip of scan.typescriptLeftOut) {
    const importedBy = importer.get(skip.path);
    const why =
      skip.reason === 'declaration'
        ? 'a .d.ts declaration file is never pushed'
        : `ignored by ${project.ignoreFile === undefined ? 'the .claspignore rules' : project.ignoreFile}`;
    out.push({
      ...skip,
      importedBy,
      why: importedBy === undefined ? why : `${why}, but bundled: ${importedBy} imports it`,
    });
  }
  const rootDir = toPosix(relative(project.root, project.contentDir));
  const outside = await outsideContent(project);
  for (const path of outside) {
    const importedBy = importer.get(path);
    const why = `outside rootDir (${rootDir}/)`;
    out.push({
      path,
      reason: 'outside-root-dir',
      importedBy,
      why: importedBy === undefined ? why : `${why}, but bundled: ${importedBy} imports it`,
    });
  }
  const said = new Set([...out.map((o) => o.path)]);
  for (const source of bundle?.sources ?? []) {
    if (source.role === 'entry' && source.functions?.length === 0) {
      out.push({
        path: source.path,
        reason: 'no-exports',
        why: 'an entry that exports no function: nothing in it is callable by name (export what Apps Script calls)',
      });
    }
    if (source.role !== 'imported' || said.has(source.path)) continue;
    out.push({
      path: source.path,
      reason: 'not-an-entry',
      importedBy: source.importedBy,
      why: `not an entry: bundled because ${source.importedBy} imports it, its exports are not top-level functions`,
    });
  }
  return { files, typescript: out };
}

// TypeScript on push: the `.ts` files a push keeps are bundled with esbuild into ONE Apps Script file,
// `bundle`, an IIFE whose exports are re-declared as top-level `function name(...args)` stubs so
// `google.script.run`, triggers and `scripts.run` find them by name (what esbuild-gas-plugin and
// gas-webpack-plugin do). One file rather than one per entry: Google's stack frames carry a function
// and a line but no file name, so only with a single generated file does a line say where it is.
// Entries are the kept `.ts` files no other kept `.ts` imports; every export of an entry is callable.
// esbuild strips types and does not check them (run `tsc --noEmit` for that); it is loaded lazily, so
// a plain-JS push and the CLI's start-up never load it.
import { join, posix, relative } from 'node:path';
import type { BuildFailure, Message, Metafile } from 'esbuild';
import { ToolsError } from '../errors.js';
import type { LocalProject } from './config.js';
import type { LocalFile } from './files.js';
import { toPosix } from './posix.js';

/** The Apps Script name of the generated file. */
export const TS_BUNDLE_NAME = 'bundle';
/** The global the IIFE assigns; the stubs call through it. */
const BUNDLE_GLOBAL = '__specboundBundle';
/** Where the last pushed bundle and its source map are kept, next to `.clasp.json` (never pushed). */
export const TS_OUT_DIR = '.specbound';

/** A `.ts` file a push keeps, with its path relative to the project root. */
export interface TypeScriptSource {
  path: string;
  source: string;
}

/** What the bundle holds: each `.ts` file and why it is there. */
interface BundledSource {
  path: string;
  /** An entry (its exports are top-level functions) or a module some other file imports. */
  role: 'entry' | 'imported';
  /** For an imported module: the first file importing it. */
  importedBy?: string | undefined;
  /** For an entry: its exports that became top-level functions. */
  functions?: string[] | undefined;
}

export interface TypeScriptBundle {
  /** The generated Apps Script file (type SERVER_JS, named `bundle`). */
  file: LocalFile;
  /** The source map of `file.source`, its `sources` relative to the project root. */
  map: string;
  /** The functions callable by name (the entries' exports), in order. */
  functions: string[];
  /** The 1-based lines of `file.source` holding the stubs. */
  stubLines: { from: number; to: number };
  sources: BundledSource[];
}

/** A `.ts` file that esbuild cannot read: where and why. Nothing was sent. */
export class TypeScriptSyntaxError extends ToolsError {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  constructor(where: { file: string; line: number; column: number }, text: string, more: number) {
    const others = more > 0 ? ` (and ${more} more error${more === 1 ? '' : 's'})` : '';
    super(`${where.file}:${where.line}:${where.column}: ${text}${others}; nothing was sent.`, {
      code: 'typescript-syntax',
      details: { file: where.file, line: String(where.line), column: String(where.column) },
    });
    this.file = where.file;
    this.line = where.line;
    this.column = where.column;
  }
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** Names an export may have (`export { x as default }`) that cannot name a function declaration. */
const RESERVED = new Set(
  (
    'await break case catch class const continue debugger default delete do else enum export extends false ' +
    'finally for function if implements import in instanceof interface let new null package private ' +
    'protected public return static super switch this throw true try typeof var void while with yield'
  ).split(' '),
);

/** Whether an export can become a top-level `function name(...)`. */
function callable(name: string): boolean {
  return IDENTIFIER.test(name) && !RESERVED.has(name);
}

/** esbuild's first error as a TypeScriptSyntaxError (1-based column, path relative to the root). */
function syntaxError(failure: BuildFailure, root: string): TypeScriptSyntaxError {
  const [first, ...rest] = failure.errors as Message[];
  const location = first?.location;
  const file =
    location?.file === undefined ? '(unknown file)' : toPosix(relative(root, join(root, location.file)));
  return new TypeScriptSyntaxError(
    { file, line: location?.line ?? 0, column: (location?.column ?? 0) + 1 },
    first?.text ?? 'esbuild failed',
    rest.length,
  );
}

function isBuildFailure(error: unknown): error is BuildFailure {
  return error instanceof Error && Array.isArray((error as Partial<BuildFailure>).errors);
}

type Esbuild = typeof import('esbuild');

/** Runs one esbuild build; a parse error becomes a TypeScriptSyntaxError. */
async function build(esbuild: Esbuild, root: string, options: Parameters<Esbuild['build']>[0]) {
  try {
    return await esbuild.build({
      absWorkingDir: root,
      bundle: true,
      write: false,
      metafile: true,
      logLevel: 'silent',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      // Apps Script's V8 runtime; the emulator's QuickJS reads it as well.
      target: 'es2020',
      ...options,
    });
  } catch (error) {
    if (isBuildFailure(error)) throw syntaxError(error, root);
    throw error;
  }
}

/**
 * Which files are entries (no other kept file imports them) and which are imported, and what each
 * entry exports: one esbuild pass over every kept file as an entry point.
 */
async function analyse(
  esbuild: Esbuild,
  root: string,
  paths: readonly string[],
): Promise<{ sources: BundledSource[]; exports: Map<string, string[]> }> {
  const result = await build(esbuild, root, { entryPoints: [...paths], format: 'esm', outdir: 'out' });
  const metafile = result.metafile as Metafile;
  const importer = new Map<string, string>();
  for (const [path, input] of Object.entries(metafile.inputs)) {
    for (const edge of input.imports) {
      if (!importer.has(edge.path) && edge.path !== path) importer.set(edge.path, path);
    }
  }
  const exports = new Map<string, string[]>();
  for (const output of Object.values(metafile.outputs)) {
    if (output.entryPoint !== undefined) exports.set(output.entryPoint, output.exports);
  }
  const sources: BundledSource[] = [...paths].map((path) => {
    const by = importer.get(path);
    return by === undefined ? { path, role: 'entry' } : { path, role: 'imported', importedBy: by };
  });
  for (const [path, by] of importer) {
    if (!paths.includes(path) && path.endsWith('.ts') && !path.includes('node_modules/'))
      sources.push({ path, role: 'imported', importedBy: by });
  }
  return { sources, exports };
}

/** The callable names of the entries; two entries exporting one name is an error (which would win?). */
function callableNames(entries: readonly string[], exports: ReadonlyMap<string, string[]>) {
  const owner = new Map<string, string>();
  for (const entry of entries) {
    for (const name of exports.get(entry) ?? []) {
      if (!callable(name)) continue;
      const other = owner.get(name);
      if (other !== undefined) {
        throw new ToolsError(
          `${other} and ${entry} both export "${name}", one top-level function in Apps Script.`,
          {
            code: 'typescript-export-clash',
            details: { files: `${other}, ${entry}`, name },
          },
        );
      }
      owner.set(name, entry);
    }
  }
  return owner;
}

/** The stubs that make each export a top-level function Apps Script can call by name. */
function stubsOf(names: readonly string[]): string {
  return names
    .map((name) => `function ${name}(...args) { return ${BUNDLE_GLOBAL}.${name}(...args); }`)
    .join('\n');
}

/**
 * Bundles the kept `.ts` files into the `bundle` Apps Script file and its source map. Undefined
 * when there are none. A syntax error throws TypeScriptSyntaxError with the file, line and column.
 */
export async function bundleTypeScript(
  project: LocalProject,
  sources: readonly TypeScriptSource[],
): Promise<TypeScriptBundle | undefined> {
  if (sources.length === 0) return undefined;
  const esbuild = await import('esbuild');
  const root = project.root;
  const paths = sources.map((s) => s.path);
  const analysis = await analyse(esbuild, root, paths);
  const entries = analysis.sources.filter((s) => s.role === 'entry').map((s) => s.path);
  const owner = callableNames(entries, analysis.exports);
  const functions = [...owner.keys()];
  // The virtual entry names every callable export, so a tree-shaken bundle keeps exactly those.
  const reexports = entries
    .map((entry) => {
      const names = functions.filter((name) => owner.get(name) === entry);
      return `export { ${names.join(', ')} } from ${JSON.stringify(`./${entry}`)};`;
    })
    .join('\n');
  const result = await build(esbuild, root, {
    stdin: { contents: reexports, resolveDir: root, sourcefile: '(entries)', loader: 'ts' },
    format: 'iife',
    globalName: BUNDLE_GLOBAL,
    sourcemap: 'external',
    outfile: posix.join(TS_OUT_DIR, 'bundle.js'),
  });
  const outputs = result.outputFiles ?? [];
  const code = outputs.find((f) => f.path.endsWith('.js'))?.text ?? '';
  const map = outputs.find((f) => f.path.endsWith('.map'))?.text ?? '';
  const body = code.replace(/\n\/\/# sourceMappingURL=.*\n?$/, '\n');
  const from = body.split('\n').length;
  const stubs = stubsOf(functions);
  const source = `${body}${stubs}\n`;
  return {
    file: { name: TS_BUNDLE_NAME, type: 'SERVER_JS', source, path: posix.join(TS_OUT_DIR, 'bundle.js') },
    map: rebaseSources(map),
    functions,
    stubLines: { from, to: from + functions.length - 1 },
    sources: analysis.sources.map((s) =>
      s.role === 'entry' ? { ...s, functions: functions.filter((name) => owner.get(name) === s.path) } : s,
    ),
  };
}

/** The map's `sources` relative to the project root (esbuild writes them relative to `.specbound/`). */
function rebaseSources(map: string): string {
  const parsed = JSON.parse(map) as { sources: string[] };
  parsed.sources = parsed.sources.map((s) => posix.normalize(posix.join(TS_OUT_DIR, s)));
  return JSON.stringify(parsed);
}

/** The files a push sends: the bundle of the `.ts` files (first, so its global exists for the others), then the rest. */
export async function filesToPush(
  project: LocalProject,
  scan: { files: LocalFile[]; typescript: TypeScriptSource[] },
): Promise<{ files: LocalFile[]; bundle: TypeScriptBundle | undefined }> {
  const bundle = await bundleTypeScript(project, scan.typescript);
  return { files: bundle === undefined ? scan.files : [bundle.file, ...scan.files], bundle };
}

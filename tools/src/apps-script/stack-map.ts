// Script errors pointed back at the `.ts` lines. A push of TypeScript keeps the bundle it sent and its
// source map in `.specbound/` next to `.clasp.json` (never pushed); a stack frame of the bundle, as
// `scripts.run` returns it (`{ function, lineNumber }`: Google names no file) or as text in a log
// line (`at fn (bundle:12:5)`), is mapped through it with @jridgewell/trace-mapping.
import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as TraceMapping from '@jridgewell/trace-mapping';
import type { TraceMap } from '@jridgewell/trace-mapping';
import type { AppsScriptClient } from '@specbound/apps-script';
import { writeFileAtomic } from '../atomic-file.js';
import { TS_BUNDLE_NAME, TS_OUT_DIR, type TypeScriptBundle } from './typescript.js';

const MAP_FILE = 'bundle.js.map';

// Required on first use, not imported: it cost every `import '@specbound/tools'` ~8 ms, for the
// projects that never push TypeScript.
const require = createRequire(import.meta.url);
let loadedTraceMapping: typeof TraceMapping | undefined;
const traceMapping = (): typeof TraceMapping =>
  (loadedTraceMapping ??= require('@jridgewell/trace-mapping') as typeof TraceMapping);

/** What a kept map knows besides the mappings: which lines are stubs, which names the bundle declares. */
interface BundleFacts {
  stubLines: { from: number; to: number };
  /** Functions declared in the bundle (frames of other files in a mixed project are left alone). */
  declared: string[];
  /** Plain script files were pushed along, so a frame's line may be in one of them. */
  mixed: boolean;
  /** sha256 of the pushed bundle: a run of other code (an older version) is not mapped through this map. */
  bundleHash: string;
}

/** A loaded source map of the last pushed bundle. */
export interface TypeScriptStackMap {
  trace: TraceMap;
  facts: BundleFacts;
}

/** A frame as the service gives it, with where it is in the `.ts` sources when the map says. */
export interface MappedFrame {
  function?: string | undefined;
  lineNumber?: number | undefined;
  /** The `.ts` file (relative to the project root), line and column (1-based). */
  source?: { path: string; line: number; column: number } | undefined;
}

/** The names a generated bundle declares as functions (`function f(` or `f = (...) =>` / `function`). */
function declaredNames(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/\bfunction\s*\*?\s*([A-Za-z_$][\w$]*)\s*\(/g)) names.add(m[1] as string);
  for (const m of source.matchAll(
    /\b([A-Za-z_$][\w$]*)\s*=\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*=>|[\w$]+\s*=>)/g,
  ))
    names.add(m[1] as string);
  return [...names];
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Keeps the pushed bundle and its map in `.specbound/` (the bundle for reading, the map for stacks). */
export async function saveTypeScriptMap(
  root: string,
  bundle: TypeScriptBundle,
  mixed: boolean,
): Promise<void> {
  const dir = join(root, TS_OUT_DIR);
  await mkdir(dir, { recursive: true });
  const facts: BundleFacts = {
    stubLines: bundle.stubLines,
    declared: declaredNames(bundle.file.source),
    mixed,
    bundleHash: sha256(bundle.file.source),
  };
  const map = { ...(JSON.parse(bundle.map) as object), file: 'bundle.js', x_specbound: facts };
  await writeFileAtomic(join(dir, MAP_FILE), `${JSON.stringify(map)}\n`);
  await writeFileAtomic(join(dir, 'bundle.js'), bundle.file.source);
}

/** The map kept by the last TypeScript push of the project at `root`; undefined when there is none. */
export async function loadTypeScriptMap(root: string): Promise<TypeScriptStackMap | undefined> {
  const text = await readFile(join(root, TS_OUT_DIR, MAP_FILE), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const parsed = JSON.parse(text) as { x_specbound?: BundleFacts };
  const facts = parsed.x_specbound;
  if (facts === undefined) return undefined;
  return { trace: new (traceMapping().TraceMap)(parsed as ConstructorParameters<typeof TraceMap>[0]), facts };
}

/** A generated position's `.ts` position; undefined for the stubs and the generated glue. */
function lookup(map: TypeScriptStackMap, line: number, column: number | undefined) {
  if (line >= map.facts.stubLines.from && line <= map.facts.stubLines.to) return undefined;
  // Without a column (Google's frames), the first mapped code on the line is the statement that ran.
  const { originalPositionFor, LEAST_UPPER_BOUND, GREATEST_LOWER_BOUND } = traceMapping();
  const found = originalPositionFor(map.trace, {
    line,
    column: column ?? 0,
    bias: column === undefined ? LEAST_UPPER_BOUND : GREATEST_LOWER_BOUND,
  });
  if (found.source === null || !found.source.endsWith('.ts')) return undefined;
  return { path: found.source, line: found.line, column: found.column + 1 };
}

/**
 * Maps script stack frames (`{ function, lineNumber }`, deepest first) of the bundle back to `.ts`
 * lines. The stub frames (the top-level wrappers) are dropped: the frame under each is the function
 * itself. In a project that also pushes plain script files, only frames of functions the bundle
 * declares are mapped (Google's frames name no file); the others are kept as they came.
 */
export function mapStackFrames(
  frames: readonly { function?: string | undefined; lineNumber?: number | undefined }[],
  map: TypeScriptStackMap,
): MappedFrame[] {
  const out: MappedFrame[] = [];
  for (const frame of frames) {
    const ours =
      frame.lineNumber !== undefined &&
      (!map.facts.mixed || (frame.function !== undefined && map.facts.declared.includes(frame.function)));
    if (!ours || frame.lineNumber === undefined) {
      out.push({ ...frame });
      continue;
    }
    const { from, to } = map.facts.stubLines;
    if (frame.lineNumber >= from && frame.lineNumber <= to) continue;
    const source = lookup(map, frame.lineNumber, undefined);
    out.push(source === undefined ? { ...frame } : { ...frame, source });
  }
  return out;
}

/**
 * Rewrites the bundle's frames in a stack as text (`at fn (bundle:12:5)`, Apps Script's `at fn(bundle:12:5)`,
 * `at bundle:12` or `bundle.gs:12`, as log lines carry them) to `src/file.ts:3:9`; the rest stays as it is.
 */
export function mapStackText(text: string, map: TypeScriptStackMap): string {
  const frame = new RegExp(`(\\(|\\bat )${TS_BUNDLE_NAME}(?:\\.gs)?:(\\d+)(?::(\\d+))?(?=\\)|\\s|$)`, 'gm');
  return text.replace(frame, (whole, before: string, line: string, column: string | undefined) => {
    const source = lookup(map, Number(line), column === undefined ? undefined : Number(column) - 1);
    return source === undefined ? whole : `${before}${source.path}:${source.line}:${source.column}`;
  });
}

/**
 * Why the map cannot be trusted for the code that ran (HEAD, or `version`), or undefined when that
 * code's bundle is the one the map was made from.
 */
async function staleness(
  client: AppsScriptClient,
  scriptId: string,
  version: number | undefined,
  map: TypeScriptStackMap,
): Promise<string | undefined> {
  const ran = version === undefined ? 'the latest pushed code' : `version ${version}`;
  try {
    const content = await client.projects.getContent({
      scriptId,
      ...(version === undefined ? {} : { versionNumber: version }),
    });
    const bundle = content.files?.find((f) => f.name === TS_BUNDLE_NAME)?.source;
    if (bundle !== undefined && bundle !== null && sha256(bundle) === map.facts.bundleHash) return undefined;
    return `${ran} is not the last TypeScript push from here: lines are shown as the service gave them`;
  } catch (error) {
    return `${ran} could not be compared with the last TypeScript push from here (${(error as Error).message}): lines are shown as the service gave them`;
  }
}

/**
 * A `ScriptExecutionError` of the project in `dir` gets `typescriptStack`, its frames mapped to the
 * `.ts` lines of the last TypeScript push, when that project is the script that ran and kept a map.
 * With a client, the code that ran (HEAD or the deployed version the error names in `ranVersion`) is
 * compared with that push first; when it differs, `typescriptStackNote` says so and nothing is mapped.
 * Any other error is returned as it is.
 */
export async function withTypeScriptStack(
  error: unknown,
  options: { dir: string; scriptId: string; client?: AppsScriptClient | undefined },
): Promise<unknown> {
  if (!(error instanceof Error) || error.name !== 'ScriptExecutionError') return error;
  const { findProjectRoot, loadProject } = await import('./config.js');
  const root = await findProjectRoot(options.dir);
  if (root === undefined || (await loadProject(root)).scriptId !== options.scriptId) return error;
  const map = await loadTypeScriptMap(root);
  if (map === undefined) return error;
  const script = error as Error & { scriptStackTraceElements: MappedFrame[]; ranVersion?: number };
  const note =
    options.client === undefined
      ? undefined
      : await staleness(options.client, options.scriptId, script.ranVersion, map);
  if (note !== undefined) {
    Object.defineProperty(error, 'typescriptStackNote', { value: note, enumerable: true });
    return error;
  }
  const typescriptStack = mapStackFrames(script.scriptStackTraceElements, map);
  Object.defineProperty(error, 'typescriptStack', { value: typescriptStack, enumerable: true });
  return error;
}

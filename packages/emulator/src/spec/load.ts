// Loads the OpenAPI documents the emulator routes and validates by. The built package reads bundled
// JSON (the clients' bundles and its own control spec's; no bundler at runtime); running from
// source, or given split YAML specs (`startEmulator({ specs })`), it bundles them with Redocly
// (spec/bundle.ts), loaded only then: Redocly is a build-time dependency of this package.
import { existsSync } from 'node:fs';
import { access, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export type JsonObject = { [key: string]: unknown };

export interface OpenApiDocument extends JsonObject {
  openapi: string;
  paths: Record<string, JsonObject>;
  components?: JsonObject;
}

/** Root of the repository's `specs/` folder, found from this file in `src/spec/` or `dist/spec/`. */
const SPECS_DIR = fileURLToPath(new URL('../../../../specs/', import.meta.url));

/** The split specs in the repository (what `node src/cli.ts` serves, and what the build bundles). */
export const REPO_SPEC_PATHS = {
  appsScript: `${SPECS_DIR}apps-script/openapi.yaml`,
  bugsmash: `${SPECS_DIR}bugsmash/openapi.yaml`,
  logging: `${SPECS_DIR}logging/openapi.yaml`,
  drive: `${SPECS_DIR}drive/openapi.yaml`,
  sheets: `${SPECS_DIR}sheets/openapi.yaml`,
  emulator: `${SPECS_DIR}emulator/openapi.yaml`,
} as const;

/**
 * The built package validates by the bundles the client packages ship (`@specbound/apps-script/openapi.json`,
 * `@specbound/bugsmash/openapi.json`, the same documents their `./validate` entries use: one bundle of each
 * spec, generated once) and by its own control spec, which its build bundles into dist/specs/
 * (scripts/bundle-specs.ts). Running from src/ there is no dist/ beside it and the live specs are read.
 */
const BUILT = existsSync(fileURLToPath(new URL('../specs/emulator.json', import.meta.url)));
const require = createRequire(import.meta.url);

export const DEFAULT_SPEC_PATHS = BUILT
  ? {
      appsScript: require.resolve('@specbound/apps-script/openapi.json'),
      bugsmash: require.resolve('@specbound/bugsmash/openapi.json'),
      logging: require.resolve('@specbound/logging/openapi.json'),
      drive: require.resolve('@specbound/drive/openapi.json'),
      sheets: require.resolve('@specbound/sheets/openapi.json'),
      emulator: fileURLToPath(new URL('../specs/emulator.json', import.meta.url)),
    }
  : REPO_SPEC_PATHS;

const cache = new Map<string, Promise<OpenApiDocument>>();

/** Loads a spec once per process (tests start many emulators): bundled JSON as is, YAML through Redocly. */
export function loadSpec(rootPath: string): Promise<OpenApiDocument> {
  let pending = cache.get(rootPath);
  if (pending === undefined) {
    pending = readSpec(rootPath);
    cache.set(rootPath, pending);
    pending.catch(() => cache.delete(rootPath));
  }
  return pending;
}

/** Thrown when a spec file cannot be found; names the path and how to point the emulator at the specs. */
class SpecNotFoundError extends Error {
  readonly path: string;
  constructor(path: string) {
    super(
      `The emulator reads its routes and schemas from the specs at start, and ${path} does not exist. ` +
        `Run it from a checkout of the specbound repository (it reads ${SPECS_DIR}), ` +
        'or pass startEmulator({ specs: { appsScript, bugsmash } }) with the paths of both openapi.yaml files.',
    );
    this.name = 'SpecNotFoundError';
    this.path = path;
  }
}

function checkDocument(doc: unknown, rootPath: string): OpenApiDocument {
  if (doc === null || typeof doc !== 'object' || !('paths' in doc) || !('openapi' in doc)) {
    throw new Error(`${rootPath} is not an OpenAPI document`);
  }
  return doc as OpenApiDocument;
}

async function readSpec(rootPath: string): Promise<OpenApiDocument> {
  // Redocly's own error is a bare ENOENT; a published copy of this package has no specs/ beside it,
  // so say what is missing and how to fix it.
  await access(rootPath).catch(() => {
    throw new SpecNotFoundError(rootPath);
  });
  if (rootPath.endsWith('.json')) {
    const text = await readFile(rootPath, 'utf8');
    try {
      return checkDocument(JSON.parse(text), rootPath);
    } catch (error) {
      if (error instanceof SyntaxError) throw new Error(`${rootPath} is not valid JSON: ${error.message}`);
      throw error;
    }
  }
  let bundler: typeof import('./bundle.ts');
  try {
    bundler = await import('./bundle.ts');
  } catch (error) {
    throw new Error(
      `${rootPath} is a split YAML spec, which the emulator bundles with @redocly/openapi-core, and that ` +
        'package is not installed (it is only needed for YAML specs): install it as a dev dependency, ' +
        'or give the emulator a bundled JSON spec.',
      { cause: error },
    );
  }
  return checkDocument(await bundler.bundleSpec(rootPath), rootPath);
}

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Follows `$ref`s into the same document (`#/components/...`, also when prefixed by its id). */
export function deref(doc: OpenApiDocument, node: unknown): unknown {
  let current = node;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops++) {
    if (hops > 32) throw new Error(`$ref cycle at ${current.$ref}`);
    const ref = current.$ref;
    const hash = ref.indexOf('#/');
    if (hash < 0) throw new Error(`unsupported $ref ${ref}`);
    let target: unknown = doc;
    for (const raw of ref.slice(hash + 2).split('/')) {
      const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
      target = isObject(target) ? target[key] : undefined;
    }
    if (target === undefined) throw new Error(`unresolved $ref ${ref}`);
    current = target;
  }
  return current;
}

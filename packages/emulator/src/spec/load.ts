// Bundles a split OpenAPI 3.1 spec (root openapi.yaml + paths/ + components/) into one document with
// Redocly, the same resolver `redocly lint` and `openapi-typescript` use, so routes and schemas come
// straight from the spec files.
import { existsSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { bundle, createConfig } from '@redocly/openapi-core';

export type JsonObject = { [key: string]: unknown };

export interface OpenApiDocument extends JsonObject {
  openapi: string;
  paths: Record<string, JsonObject>;
  components?: JsonObject;
}

/** Root of the repository's `specs/` folder, found from this file in `src/spec/` or `dist/spec/`. */
export const SPECS_DIR = fileURLToPath(new URL('../../../../specs/', import.meta.url));

/** The split specs in the repository (what `node src/cli.ts` serves, and what the build bundles). */
export const REPO_SPEC_PATHS = {
  appsScript: `${SPECS_DIR}apps-script/openapi.yaml`,
  bugsmash: `${SPECS_DIR}bugsmash/openapi.yaml`,
  emulator: `${SPECS_DIR}emulator/openapi.yaml`,
} as const;

/**
 * The build writes bundled copies beside the compiled code (dist/specs/, see scripts/bundle-specs.ts),
 * so the built package needs no specs/ folder; running from src/ there are none and the live
 * specs are read.
 */
function bundledOr(name: keyof typeof REPO_SPEC_PATHS): string {
  const bundled = fileURLToPath(new URL(`../specs/${name}.json`, import.meta.url));
  return existsSync(bundled) ? bundled : REPO_SPEC_PATHS[name];
}

export const DEFAULT_SPEC_PATHS = {
  appsScript: bundledOr('appsScript'),
  bugsmash: bundledOr('bugsmash'),
  emulator: bundledOr('emulator'),
} as const;

const cache = new Map<string, Promise<OpenApiDocument>>();

/** Loads and bundles a spec once per process (tests start many emulators). */
export function loadSpec(rootPath: string): Promise<OpenApiDocument> {
  let pending = cache.get(rootPath);
  if (pending === undefined) {
    pending = bundleSpec(rootPath);
    cache.set(rootPath, pending);
    pending.catch(() => cache.delete(rootPath));
  }
  return pending;
}

/** Thrown when a spec file cannot be found; names the path and how to point the emulator at the specs. */
export class SpecNotFoundError extends Error {
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

async function bundleSpec(rootPath: string): Promise<OpenApiDocument> {
  // Redocly's own error is a bare ENOENT; a published copy of this package has no specs/ beside it,
  // so say what is missing and how to fix it.
  await access(rootPath).catch(() => {
    throw new SpecNotFoundError(rootPath);
  });
  const config = await createConfig({});
  const result = await bundle({ ref: rootPath, config, dereference: false });
  const doc: unknown = result.bundle.parsed;
  if (doc === null || typeof doc !== 'object' || !('paths' in doc) || !('openapi' in doc)) {
    throw new Error(`${rootPath} is not an OpenAPI document`);
  }
  const problems = result.problems.filter((p) => p.severity === 'error');
  if (problems.length > 0) {
    throw new Error(`${rootPath} does not bundle: ${problems.map((p) => p.message).join('; ')}`);
  }
  return doc as OpenApiDocument;
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

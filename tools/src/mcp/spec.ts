// The tools' input schemas come from the specs, so a spec change changes the tool. The specs are read
// from the bundles the client packages ship (`@specbound/apps-script/openapi.json`,
// `@specbound/bugsmash/openapi.json`): the one bundled copy of each spec, which the emulator and the
// clients' `./validate` entries read too, found without loading any client or emulator code.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

type Json = { [key: string]: unknown };

export interface SpecDocument extends Json {
  paths: Record<string, Record<string, Json>>;
  components?: Json;
}

export interface Specs {
  appsScript: SpecDocument;
  bugsmash: SpecDocument;
  /** The bundled JSON text of each, for the spec resources. */
  text: { appsScript: string; bugsmash: string };
}

const SPEC_NAMES = ['appsScript', 'bugsmash'] as const;

const BUNDLES = {
  appsScript: '@specbound/apps-script/openapi.json',
  bugsmash: '@specbound/bugsmash/openapi.json',
} as const;

/** Where a client package keeps its bundled copy of its spec. */
function bundledSpecPath(name: (typeof SPEC_NAMES)[number]): string {
  return createRequire(import.meta.url).resolve(BUNDLES[name]);
}

let loaded: Promise<Specs> | undefined;

/** Reads both bundled specs once per process. */
export function loadSpecs(): Promise<Specs> {
  loaded ??= (async () => {
    const [appsScript, bugsmash] = await Promise.all(
      SPEC_NAMES.map((name) => readFile(bundledSpecPath(name), 'utf8')),
    );
    return {
      appsScript: JSON.parse(appsScript as string) as SpecDocument,
      bugsmash: JSON.parse(bugsmash as string) as SpecDocument,
      text: { appsScript: appsScript as string, bugsmash: bugsmash as string },
    };
  })();
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}

/** OpenAPI-only keywords that mean nothing to an MCP client's JSON Schema validator. */
const DROPPED = new Set([
  'example',
  'examples',
  'xml',
  'externalDocs',
  'discriminator',
  'readOnly',
  'writeOnly',
]);

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pointer(doc: SpecDocument, ref: string): unknown {
  let node: unknown = doc;
  for (const part of ref.replace(/^#\//, '').split('/')) {
    node = isObject(node) ? node[part.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined;
  }
  if (node === undefined) throw new Error(`The spec has no ${ref}.`);
  return node;
}

/** A self-contained copy of a spec node: `$ref`s inlined (a recursive one becomes `{}`), OpenAPI-only keys dropped. */
function inline(doc: SpecDocument, node: unknown, seen: readonly string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => inline(doc, item, seen));
  if (!isObject(node)) return node;
  const ref = node.$ref;
  if (typeof ref === 'string') {
    if (seen.includes(ref)) return {};
    const { $ref: _ref, ...siblings } = node;
    return {
      ...(inline(doc, pointer(doc, ref), [...seen, ref]) as Json),
      ...(inline(doc, siblings, seen) as Json),
    };
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (!DROPPED.has(key)) out[key] = inline(doc, value, seen);
  }
  return out;
}

function operation(doc: SpecDocument, operationId: string): Json {
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      // Path-level parameters (the path's ids) apply to every operation of the path.
      if (isObject(op) && op.operationId === operationId) {
        return {
          ...op,
          parameters: [
            ...((item.parameters as unknown as unknown[] | undefined) ?? []),
            ...((op.parameters as unknown[]) ?? []),
          ],
        };
      }
    }
  }
  throw new Error(`The spec has no operation ${operationId}.`);
}

/** A parameter of an operation as a property schema, with the parameter's description. */
export function paramSchema(doc: SpecDocument, operationId: string, name: string): Json {
  const params = (operation(doc, operationId).parameters ?? []) as unknown[];
  for (const raw of params) {
    const param = inline(doc, raw) as Json;
    if (param.name === name) {
      const schema = (param.schema ?? {}) as Json;
      return typeof param.description === 'string' ? { ...schema, description: param.description } : schema;
    }
  }
  throw new Error(`The operation ${operationId} has no parameter ${name}.`);
}

/** The JSON request body schema of an operation, inlined. */
function bodySchema(doc: SpecDocument, operationId: string): Json {
  const body = inline(doc, operation(doc, operationId).requestBody) as Json;
  const content = (body.content ?? {}) as Record<string, Json>;
  const json = content['application/json'] ?? Object.values(content)[0];
  if (json === undefined) throw new Error(`The operation ${operationId} has no request body.`);
  return (json.schema ?? {}) as Json;
}

/** One property of an operation's request body, with its description. */
export function bodyProperty(doc: SpecDocument, operationId: string, name: string): Json {
  const schema = bodySchema(doc, operationId);
  const property = (schema.properties as Record<string, Json> | undefined)?.[name];
  if (property === undefined) throw new Error(`The body of ${operationId} has no property ${name}.`);
  return property;
}

/** A component schema, inlined. */
export function componentSchema(doc: SpecDocument, name: string): Json {
  return inline(doc, { $ref: `#/components/schemas/${name}` }) as Json;
}

// Ajv 2020 (OpenAPI 3.1 schemas are JSON Schema 2020-12) with the formats both specs use.

import { addSpecFormats } from '@specbound/validate';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';
import { isObject, type JsonObject, type OpenApiDocument } from './load.ts';

// ajv-formats ships CommonJS typings; under ESM the callable is the module's default export.
const addFormats = ((formatsPlugin as unknown as { default?: typeof formatsPlugin }).default ??
  formatsPlugin) as unknown as (ajv: Ajv2020) => Ajv2020;

export interface SpecAjv {
  /** Bodies and responses: exact JSON types, no coercion. */
  strict: Ajv2020;
  /** Parameters and multipart fields: strings coerced to the schema's scalar types, scalars to arrays. */
  coercing: Ajv2020;
}

function newAjv(coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    validateSchema: false,
    coerceTypes: coerce ? 'array' : false,
    // OpenAPI keywords that are not JSON Schema keywords.
    keywords: ['example', 'xml', 'externalDocs', 'discriminator'],
  });
  addFormats(ajv);
  addSpecFormats(ajv);
  return ajv;
}

/** Rewrites local `#/...` refs to absolute ones under `id`, so any sub-schema compiles on its own. */
function absolutise(node: unknown, id: string): unknown {
  if (Array.isArray(node)) return node.map((item) => absolutise(item, id));
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith('#/')
        ? `${id}${value}`
        : absolutise(value, id);
  }
  return out;
}

/** Registers the bundled document with two Ajv instances; returns them plus the rewritten document. */
export function specAjv(doc: OpenApiDocument, id: string): { ajv: SpecAjv; doc: OpenApiDocument } {
  const rewritten = absolutise(doc, id) as OpenApiDocument;
  const strict = newAjv(false);
  const coercing = newAjv(true);
  // Only components are referenced; registering just them keeps OpenAPI-only keys out of Ajv's way.
  const root = { $id: id, components: rewritten.components ?? {} };
  strict.addSchema(root);
  coercing.addSchema(root);
  return { ajv: { strict, coercing }, doc: rewritten };
}

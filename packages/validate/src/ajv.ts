// Ajv 2020 (OpenAPI 3.1 schemas are JSON Schema 2020-12) with the formats the specs use: Ajv is the
// JSON Schema validator the emulator already validates with, maintained, and it compiles each schema
// to a function once, which is what keeps checking every response cheap.
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';

// ajv-formats ships CommonJS typings; under ESM the callable is the module's default export.
const addFormats = ((formatsPlugin as unknown as { default?: typeof formatsPlugin }).default ??
  formatsPlugin) as unknown as (ajv: Ajv2020, options: { mode: 'fast' | 'full' }) => Ajv2020;

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * Formats the specs use beyond ajv-formats: Google's discovery formats and OpenAPI's numeric ones. The
 * emulator's validation adds the same ones, so a value passes or fails both alike.
 */
export function addSpecFormats(ajv: Ajv2020): void {
  ajv.addFormat('int32', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31,
  });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
  ajv.addFormat('float', { type: 'number', validate: () => true });
  ajv.addFormat('double', { type: 'number', validate: () => true });
  ajv.addFormat('google-datetime', { type: 'string', validate: (s: string) => RFC3339.test(s) });
  ajv.addFormat('google-duration', {
    type: 'string',
    validate: (s: string) => /^-?\d+(\.\d{1,9})?s$/.test(s),
  });
  ajv.addFormat('uint64', { type: 'string', validate: (s: string) => /^\d{1,20}$/.test(s) });
  ajv.addFormat('int64-string', { type: 'string', validate: (s: string) => /^-?\d{1,19}$/.test(s) });
  // Multipart file parts are validated by size elsewhere; here they stand as opaque strings.
  ajv.addFormat('binary', { type: 'string', validate: () => true });
}

/** An Ajv for response bodies: exact JSON types, every problem reported, OpenAPI-only keywords allowed. */
export function responseAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    validateSchema: false,
    keywords: ['example', 'xml', 'externalDocs', 'discriminator'],
  });
  // `fast` checks a format's shape (a date-time is `YYYY-MM-DDThh:mm:ss…`), not the calendar (no
  // 30 February check): a response's drift from the spec shows either way, and `full` costs a
  // listing of 20 comments a third of the call's validation time, against a 15 % budget (issue 26).
  addFormats(ajv, { mode: 'fast' });
  addSpecFormats(ajv);
  return ajv;
}

// `@specbound/sheets/validate`: opt-in validation of every response against the Sheets API v4 spec.
// A separate entry, so the client's own bundle carries neither Ajv nor the spec: only code that
// imports this file loads them. The spec is the bundle in generated/openapi.json, the same one the
// emulator validates with.
import {
  createValidatingFetch,
  type OpenApiDocument,
  type ValidatingFetch,
  type ValidationOptions,
} from '@specbound/validate';
import spec from './generated/openapi.json' with { type: 'json' };

export {
  formatReport,
  type ResponseProblem,
  type ResponseReport,
  ResponseValidationError,
  type ValidatingFetch,
  type ValidationMode,
  type ValidationOptions,
} from '@specbound/validate';

/**
 * A fetch for `createSheetsClient({ fetch })` that checks every response body against the spec's schema
 * for its operation and status: `report` hands each problem to `onReport`, `throw` raises a
 * ResponseValidationError, `off` checks nothing. Wrap another fetch with `options.fetch`.
 */
export function validatingFetch(options: ValidationOptions): ValidatingFetch {
  return createValidatingFetch(spec as unknown as OpenApiDocument, options);
}

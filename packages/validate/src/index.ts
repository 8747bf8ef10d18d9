export { addSpecFormats } from './ajv.js';
export {
  createValidatingFetch,
  type ValidatingFetch,
  type ValidationMode,
  type ValidationOptions,
} from './fetch.js';
export {
  formatReport,
  type ResponseProblem,
  type ResponseReport,
  ResponseValidationError,
} from './report.js';
export type { OpenApiDocument } from './spec.js';

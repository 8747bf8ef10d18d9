export {
  AbortError,
  type Args,
  type AuthStrategy,
  apiKeyQuery,
  bearerAuth,
  type CallOptions,
  type ClientOptions,
  ConnectionError,
  CredentialsError,
  type FetchLike,
  type LogEvent,
  type Logger,
  type Method,
  type RedactedRequest,
  ResponseTooLargeError,
  type RetryOptions,
  SpecboundError,
  TimeoutError,
  type TokenProvider,
  type TokenResult,
  ValidationError,
  type WithResponse,
} from '@specbound/http';
export {
  createSheetsClient,
  createSheetsCore,
  DEFAULT_BASE_URL,
  type SheetsAuth,
  type SheetsClient,
  type SheetsClientOptions,
  type TokenSource,
} from './client.js';
// The context a client or core carries for its operation functions: exported so that the type of a
// client can be named in a user's declarations (TS2883 otherwise), not to be used directly.
export type { Context as SheetsContext } from './core.js';
export {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from './errors.js';
export type { components, operations, paths } from './generated/schema.js';
export { createSpreadsheet, getSpreadsheet } from './spreadsheets.js';
export type * from './types.js';
export { appendValues, clearValues, getValues, updateValues } from './values.js';
export { VERSION } from './version.js';

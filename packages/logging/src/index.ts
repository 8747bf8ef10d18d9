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
  type Page,
  type Paginator,
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
  createLoggingClient,
  createLoggingCore,
  DEFAULT_BASE_URL,
  type LoggingAuth,
  type LoggingClient,
  type LoggingClientOptions,
  type TokenSource,
} from './client.js';
// The context a client or core carries for its operation functions: exported so that the type of a
// client can be named in a user's declarations (TS2883 otherwise), not to be used directly.
export type { Context as LoggingContext } from './core.js';
export { iterateLogEntries, listLogEntries } from './entries.js';
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
export {
  APPS_SCRIPT_LABELS,
  APPS_SCRIPT_RESOURCE,
  type AppsScriptLogQuery,
  appsScriptFilter,
  entryMessage,
  LOG_SEVERITIES,
  quoteFilterValue,
} from './filter.js';
export type { components, operations, paths } from './generated/schema.js';
export type * from './types.js';
export { VERSION } from './version.js';

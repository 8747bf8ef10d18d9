export {
  type AuthStrategy,
  apiKeyHeader,
  apiKeyQuery,
  bearerAuth,
  type TokenProvider,
  type TokenResult,
} from './auth.js';
export {
  type Answer,
  type Args,
  apiError,
  type Caller,
  type CallInit,
  type CallOptions,
  type FetchResult,
  type HttpVerb,
  jsonBody,
  type Method,
  method,
  type OperationSpec,
  operation,
  type RequestClient,
  requireText,
  type WithResponse,
} from './call.js';
export {
  type ClientDescriptor,
  type ClientOptions,
  type ClientRuntime,
  clientRuntime,
  combineAuth,
} from './client.js';
export {
  type Bound,
  bind,
  CONTEXT,
  type Core,
  clientOf,
  contextOf,
  define,
  MAKE,
  type OperationFunction,
  withContext,
} from './define.js';
export {
  AbortError,
  ApiError,
  type ApiErrorInit,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  type CreateApiErrorInit,
  CredentialsError,
  createApiError,
  InternalServerError,
  NotFoundError,
  nameErrorClass,
  PermissionDeniedError,
  RateLimitError,
  type RedactedRequest,
  ResponseTooLargeError,
  SpecboundError,
  TimeoutError,
  UnprocessableEntityError,
} from './errors.js';
export { createHttpFetch, type HttpFetch } from './fetch.js';
export {
  GOOGLE_STANDARD_PARAMS,
  type GoogleAuth,
  type GoogleTokenSource,
  googleAuth,
  googleReader,
  isGoogleError,
} from './google.js';
export {
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
  type FetchLike,
  type HttpOptions,
  type LogEvent,
  type Logger,
  type Overrides,
} from './options.js';
export { numberedPages, onePage, tokenIterate, tokenPages } from './pages.js';
export { type Page, type Paginator, paginate } from './paginate.js';
export { withParsedJson } from './parsed.js';
export type { Opened } from './read.js';
export { redact, redactDeep } from './redact.js';
export { parseRetryAfter, type RetryOptions } from './retry.js';
export { type ServiceErrors, serviceErrors, type Typed, type TypedErrorClass } from './service-errors.js';
export type { JsonBodyOf, ParamsOf, PathParamsOf, QueryParamsOf, ResponseOf } from './types.js';
export type { ClientInfo } from './user-agent.js';
export { assertPathParam, checkKeys, ValidationError } from './validate.js';
export { VERSION } from './version.js';

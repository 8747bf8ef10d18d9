export {
  type AuthStrategy,
  apiKeyHeader,
  apiKeyQuery,
  bearerAuth,
  type TokenProvider,
  type TokenResult,
} from './auth.js';
export {
  AbortError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  type CreateApiErrorInit,
  CredentialsError,
  createApiError,
  InternalServerError,
  NotFoundError,
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
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
  type FetchLike,
  type HttpOptions,
  type LogEvent,
  type Logger,
  type Overrides,
} from './options.js';
export { type Page, type Paginator, paginate } from './paginate.js';
export { redact } from './redact.js';
export { SpecboundRequest } from './request.js';
export { parseRetryAfter, type RetryOptions } from './retry.js';
export type { ClientInfo } from './user-agent.js';
export { assertPathParam, ValidationError } from './validate.js';
export { VERSION } from './version.js';

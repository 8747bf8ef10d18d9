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
  createDriveClient,
  createDriveCore,
  DEFAULT_BASE_URL,
  type DriveAuth,
  type DriveClient,
  type DriveClientOptions,
  type TokenSource,
} from './client.js';
// The context a client or core carries for its operation functions: exported so that the type of a
// client can be named in a user's declarations (TS2883 otherwise), not to be used directly.
export type { Context as DriveContext, DriveOperation } from './core.js';
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
  type CreateFileParams,
  createFile,
  type DeleteFileParams,
  deleteFile,
  type GetFileParams,
  getFile,
  type IterateFilesParams,
  iterateFiles,
  type ListFilesParams,
  listFiles,
} from './files.js';
export type { components, operations, paths } from './generated/schema.js';
export { GOOGLE_APPS_MIME_TYPES, SCRIPT_MIME_TYPE } from './mime-types.js';
export type * from './types.js';
export { VERSION } from './version.js';

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
  type AppsScriptAuth,
  type AppsScriptClient,
  type AppsScriptClientOptions,
  createAppsScriptClient,
  DEFAULT_BASE_URL,
  type TokenSource,
} from './client.js';
export { isNotModified } from './core.js';
export {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ScriptExecutionError,
  UnprocessableEntityError,
} from './errors.js';
export type { components, operations, paths } from './generated/schema.js';
export { type ContentProblem, ContentValidationError, validateContentFiles } from './manifest.js';
export type {
  IterateScriptProcessesParams,
  IterateUserProcessesParams,
  ListScriptProcessesParams,
  ListUserProcessesParams,
} from './processes.js';
export type {
  CreateDeploymentParams,
  CreateProjectParams,
  CreateVersionParams,
  DeleteDeploymentParams,
  GetDeploymentParams,
  GetProjectContentParams,
  GetProjectMetricsParams,
  GetProjectParams,
  GetVersionParams,
  IterateDeploymentsParams,
  IterateVersionsParams,
  ListDeploymentsParams,
  ListVersionsParams,
  UpdateDeploymentParams,
  UpdateProjectContentParams,
} from './projects.js';
export { RUN_TIMEOUT_MS, type RunParams } from './scripts.js';
export type * from './types.js';
export { VERSION } from './version.js';

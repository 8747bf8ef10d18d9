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
  createAppsScriptCore,
  DEFAULT_BASE_URL,
  type TokenSource,
} from './client.js';
// The context a client or core carries for its operation functions: exported so that the type of a
// client can be named in a user's declarations (TS2883 otherwise), not to be used directly.
export { type Context as AppsScriptContext, isNotModified } from './core.js';
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
export {
  type IterateScriptProcessesParams,
  type IterateUserProcessesParams,
  iterateScriptProcesses,
  iterateUserProcesses,
  type ListScriptProcessesParams,
  type ListUserProcessesParams,
  listScriptProcesses,
  listUserProcesses,
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
export {
  createDeployment,
  createProject,
  createVersion,
  deleteDeployment,
  getDeployment,
  getProject,
  getProjectContent,
  getProjectMetrics,
  getVersion,
  iterateDeployments,
  iterateVersions,
  listDeployments,
  listVersions,
  updateDeployment,
  updateProjectContent,
} from './projects.js';
export { RUN_TIMEOUT_MS, type RunParams, runScriptFunction } from './scripts.js';
export type * from './types.js';
export { VERSION } from './version.js';

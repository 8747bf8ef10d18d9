export {
  AbortError,
  ApiError,
  AuthenticationError,
  type AuthStrategy,
  apiKeyQuery,
  BadRequestError,
  bearerAuth,
  ConflictError,
  ConnectionError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  SpecboundError,
  TimeoutError,
  UnprocessableEntityError,
  ValidationError,
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
export type {
  CreateDeploymentParams,
  DeleteDeploymentParams,
  GetDeploymentParams,
  IterateDeploymentsParams,
  ListDeploymentsParams,
  UpdateDeploymentParams,
} from './deployments.js';
export { ScriptExecutionError } from './errors.js';
export type { components, operations, paths } from './generated/schema.js';
export { type ContentProblem, ContentValidationError, validateContentFiles } from './manifest.js';
export type {
  IterateScriptProcessesParams,
  IterateUserProcessesParams,
  ListScriptProcessesParams,
  ListUserProcessesParams,
} from './processes.js';
export type {
  CreateProjectParams,
  GetProjectContentParams,
  GetProjectMetricsParams,
  GetProjectParams,
  UpdateProjectContentParams,
} from './projects.js';
export type { RunParams } from './scripts.js';
export type {
  CallOptions,
  Content,
  Deployment,
  Empty,
  ExecutionError,
  Metrics,
  NotModified,
  Operation,
  Process,
  Project,
  ReadMethod,
  ScriptFile,
  ScriptStackTraceElement,
  Version,
} from './types.js';
export { VERSION } from './version.js';
export type {
  CreateVersionParams,
  GetVersionParams,
  IterateVersionsParams,
  ListVersionsParams,
} from './versions.js';

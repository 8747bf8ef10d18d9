// This library is Node-only: its API takes Node streams and google-auth-library clients, whose
// declarations need Node's. So the package depends on @types/node and its declarations reference
// it (kept in the emitted index.d.ts by `preserve`), and a TypeScript project type-checks it without
// installing @types/node itself.
/// <reference types="node" preserve="true" />
// @specbound/tools: the workflows behind the `specbound` CLI, as typed functions that take clients and
// plain options and return data. The CLI (`specbound`) only parses arguments, calls these and renders.

export { type CapWarning, deploymentCapWarning, versionCapWarning } from './apps-script/caps.js';
export {
  type ClaspConfig,
  CONFIG_FILE,
  type ContentFile,
  IGNORE_FILE,
  type LoadProjectOptions,
  type LocalProject,
  loadProject,
  type ProjectState,
  parseScriptId,
  STATE_FILE,
  type SyncRecord,
} from './apps-script/config.js';
export type { CreatedContainer } from './apps-script/create-type.js';
export {
  createVersion,
  type DeployOptions,
  type DeployResult,
  deploy,
  isHeadDeployment,
  listDeployments,
  listVersions,
  type UndeployAllResult,
  undeploy,
  undeployAll,
} from './apps-script/deploy.js';
export {
  type Container,
  deleteScript,
  findContainer,
  listScripts,
  type ScriptEntry,
} from './apps-script/drive.js';
export {
  DEFAULT_IGNORE_PATTERNS,
  type FileExtensions,
  type FileType,
  fileExtensions,
  type IgnoreWarning,
  type LocalFile,
  type LocalScan,
  scanLocalFiles,
} from './apps-script/files.js';
export {
  type LogLine,
  type LogsQuery,
  listLogs,
  logLineOf,
  parseSeverity,
  resolveProjectId,
  type WatchLogsOptions,
  watchLogs,
} from './apps-script/logs.js';
export {
  checkManifest,
  ManifestError,
  manifestProblems,
  WEB_APP_ACCESS,
  WEB_APP_EXECUTE_AS,
} from './apps-script/manifest.js';
export {
  type Granularity,
  getMetrics,
  type MetricsPeriod,
  type MetricsResult,
} from './apps-script/metrics.js';
export { editorUrl } from './apps-script/open.js';
export {
  listProcesses,
  PROCESS_STATUSES,
  PROCESS_TYPES,
  type ProcessesOptions,
  type ProcessStatus,
  type ProcessType,
  parseEnumList,
  parseSince,
} from './apps-script/processes.js';
export {
  type CloneOptions,
  type CreateOptions,
  type CreateResult,
  cloneProject,
  createProject,
  defaultTitle,
  type FileChange,
  PullConflictError,
  type PulledFile,
  type PullOptions,
  type PullResult,
  PushConflictError,
  type PushOptions,
  type PushResult,
  projectStatus,
  pullProject,
  pushProject,
  type SkippedFile,
  type StatusResult,
} from './apps-script/project.js';
export {
  findExecutableDeployment,
  parseParams,
  type RunOptions,
  type RunResult,
  runFunction,
} from './apps-script/run.js';
export { type RunLogs, type RunLogsOptions, runLogs } from './apps-script/run-logs.js';
export { parseScriptType, type ScriptType } from './apps-script/script-types.js';
export {
  loadTypeScriptMap,
  type MappedFrame,
  mapStackFrames,
  mapStackText,
  type TypeScriptStackMap,
  withTypeScriptStack,
} from './apps-script/stack-map.js';
export {
  bundleTypeScript,
  TS_BUNDLE_NAME,
  type TypeScriptBundle,
  TypeScriptSyntaxError,
} from './apps-script/typescript.js';
export type { LeftOutTypeScript } from './apps-script/typescript-status.js';
export {
  WATCH_DEBOUNCE_MS,
  WatchedFolderGoneError,
  type WatchOptions,
  type WatchOutcome,
  watchProject,
} from './apps-script/watch.js';
export {
  parseWebAppSettings,
  patchWebApp,
  type WebAppPatch,
  type WebAppSettings,
} from './apps-script/webapp-access.js';
export {
  APPS_SCRIPT_SCOPES,
  type AuthorizedUserCredentials,
  type AuthStatus,
  type AuthStatusOptions,
  authStatus,
  type ClaspLogin,
  claspCredentialsJson,
  claspFile,
  configDir,
  DEFAULT_OAUTH_CLIENT,
  DEFAULT_PROFILE,
  GOOGLE_ENDPOINTS,
  type GoogleAuth,
  type GoogleAuthDescription,
  type GoogleAuthSource,
  type GoogleCredentials,
  type GoogleOAuthEndpoints,
  type ImportClaspOptions,
  type ImportClaspResult,
  importClaspLogin,
  LOGIN_SCOPES,
  type LoginOptions,
  type LoginResult,
  type LogoutOptions,
  type LogoutResult,
  login,
  loginFile,
  logout,
  normalizeScope,
  type OAuthClientId,
  parseClasprc,
  parseClientCredentials,
  parseCredentials,
  type ResolveGoogleAuthOptions,
  readClientCredentials,
  resolveEndpoints,
  resolveGoogleAuth,
  revokeToken,
  type ServiceAccountCredentials,
  type StoredLogin,
} from './auth/index.js';
export {
  type CommentOutcome,
  type ListCommentsOptions,
  listComments,
  replyToComment,
  setCommentsStatus,
  updateComment,
} from './bugsmash/comments.js';
export {
  DEFAULT_EXPORT_CONCURRENCY,
  type ExportOptions,
  type ExportProgress,
  type ExportSummary,
  exportComments,
  streamSink,
  type TextSink,
} from './bugsmash/export.js';
export { CSV_COLUMNS, type ExportFormat, FORMATS, safeCell } from './bugsmash/format.js';
export { DEFAULT_FORWARD_LIMITS, type ForwardLimits } from './bugsmash/forward.js';
export {
  DEFAULT_DELIVERY_ID_HEADER,
  type Delivery,
  type Listener,
  type ListenOptions,
  listenForWebhooks,
  type RawDelivery,
} from './bugsmash/listen.js';
export { createBugSmashProject, progressFetch, type ReviewLink, reviewLink } from './bugsmash/projects.js';
export {
  printable,
  type RecordedDelivery,
  type ReplayOptions,
  type ReplayResult,
  readRecorded,
  recordDelivery,
  replayDelivery,
} from './bugsmash/recorded.js';
export {
  type TriageAction,
  type TriagePrompter,
  type TriageSummary,
  triageComments,
} from './bugsmash/triage.js';
export type { ExportedComment } from './bugsmash/types.js';
export { PRIORITIES, type Priority } from './bugsmash/values.js';
export {
  type CreatedWebhook,
  createWebhook,
  readWebhookSecret,
  writeSecretFile,
} from './bugsmash/webhooks.js';
export { type DemoOptions, type DemoResult, type DemoStep, DemoStepError, runDemo } from './demo/demo.js';
export { AuthRequiredError, ToolsError, UsageError } from './errors.js';
export {
  createMcpServer,
  listMcpTools,
  type McpServerOptions,
  type StdioOptions,
  serveMcpStdio,
} from './mcp/index.js';
export {
  DEFAULT_BATCH_SIZE,
  idempotencyKey,
  type SyncBatch,
  type SyncedComment,
  type SyncOptions,
  type SyncResult,
  syncComments,
} from './sync/comments.js';
export { lockSyncState } from './sync/lock.js';
export {
  defaultSyncStatePath,
  readSyncState,
  type SyncState,
  type SyncTarget,
  stateDir,
} from './sync/state.js';

// @specbound/tools: the workflows behind the `specbound` CLI, as typed functions that take clients and
// plain options and return data.
export {
  type ClaspConfig,
  CONFIG_FILE,
  type ContentFile,
  IGNORE_FILE,
  type LocalProject,
  loadProject,
  type ProjectState,
  STATE_FILE,
  type SyncRecord,
} from './apps-script/config.js';
export { editorUrl } from './apps-script/open.js';
export {
  type ListCommentsOptions,
  listComments,
  PRIORITIES,
  type Priority,
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
export { type Delivery, type Listener, type ListenOptions, listenForWebhooks } from './bugsmash/listen.js';
export { createProject, progressFetch, type ReviewLink, reviewLink } from './bugsmash/projects.js';
export {
  type TriageAction,
  type TriagePrompter,
  type TriageSummary,
  triageComments,
} from './bugsmash/triage.js';
export type { ExportedComment } from './bugsmash/types.js';
export {
  type CreatedWebhook,
  createWebhook,
  readWebhookSecret,
  writeSecretFile,
} from './bugsmash/webhooks.js';
export { AuthRequiredError, ToolsError, UsageError } from './errors.js';
export {
  DEFAULT_BATCH_SIZE,
  type SyncBatch,
  type SyncedComment,
  type SyncOptions,
  type SyncResult,
  syncComments,
} from './sync/comments.js';
export { readSyncState, type SyncState } from './sync/state.js';

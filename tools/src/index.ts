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
export { AuthRequiredError, ToolsError, UsageError } from './errors.js';

export type { AppsScriptState, AsProcessRecord } from './apps-script/model.ts';
export type { BugsmashState } from './bugsmash/model.ts';
export type { DeliveryRecord } from './bugsmash/webhooks.ts';
export type { FaultInfo, ServiceName } from './core/faults.ts';
export type { Violation } from './core/violations.ts';
export {
  DEFAULT_BUGSMASH_API_KEY,
  type EmulatorOptions,
  type RequestLogEntry,
  type RunningEmulator,
  type ScriptLogEntry,
  startEmulator,
} from './emulator.ts';
export {
  ALLOW_REMOTE_ENV,
  formatRedirectEnv,
  REDIRECT_SPECIFIER,
  redirectEnv,
  redirectModuleUrl,
} from './redirect-env.ts';
export {
  GoogleCredentialBlockedError,
  type InstallRedirectOptions,
  installRedirect,
  REDIRECTED_HOSTS,
  RedirectConfigError,
} from './redirect-install.ts';
export { DEMO_USERS } from './seed.ts';
export type {
  Cell,
  CellValue,
  GridRange,
  NamedRange,
  NumberFormat,
  RichCell,
  Sheet,
  SheetsState,
  Spreadsheet,
} from './sheets/model.ts';
export { emptyState, normalizeState, type StateDocument, StateDocumentError } from './state.ts';

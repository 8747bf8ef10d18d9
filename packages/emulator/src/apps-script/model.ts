// The Apps Script state as the emulator keeps it (and as the state document spells it).

export type FileType = 'ENUM_TYPE_UNSPECIFIED' | 'SERVER_JS' | 'HTML' | 'JSON';

export interface AsUser {
  email: string;
  name: string;
  domain: string;
  photoUrl: string;
}

export interface AsFile {
  name: string;
  type: FileType;
  source: string;
  createTime: string;
  updateTime: string;
  /** Email of the user who last changed the file. */
  lastModifyUser: string;
}

export interface AsVersion {
  versionNumber: number;
  description?: string;
  createTime: string;
  /** The snapshot of the project's content when the version was made. */
  files: AsFile[];
}

export interface AsDeployment {
  deploymentId: string;
  /** Absent for the HEAD deployment, which always serves the latest saved content. */
  versionNumber?: number;
  manifestFileName: string;
  description?: string;
  updateTime: string;
}

export interface AsProject {
  scriptId: string;
  title: string;
  parentId?: string;
  createTime: string;
  updateTime: string;
  /** Email of the creator, who owns the project. */
  creator: string;
  lastModifyUser: string;
  files: AsFile[];
  versions: AsVersion[];
  /** The first entry is the read-only HEAD deployment. */
  deployments: AsDeployment[];
}

export const PROCESS_TYPES = [
  'PROCESS_TYPE_UNSPECIFIED',
  'ADD_ON',
  'EXECUTION_API',
  'TIME_DRIVEN',
  'TRIGGER',
  'WEBAPP',
  'EDITOR',
  'SIMPLE_TRIGGER',
  'MENU',
  'BATCH_TASK',
] as const;
export const PROCESS_STATUSES = [
  'PROCESS_STATUS_UNSPECIFIED',
  'RUNNING',
  'PAUSED',
  'COMPLETED',
  'CANCELED',
  'FAILED',
  'TIMED_OUT',
  'UNKNOWN',
  'DELAYED',
  'EXECUTION_DISABLED',
] as const;
export const ACCESS_LEVELS = ['USER_ACCESS_LEVEL_UNSPECIFIED', 'NONE', 'READ', 'WRITE', 'OWNER'] as const;
export const RUNTIME_VERSIONS = ['RUNTIME_VERSION_UNSPECIFIED', 'DEPRECATED_ES5', 'V8'] as const;

export type ProcessType = (typeof PROCESS_TYPES)[number];
export type ProcessStatus = (typeof PROCESS_STATUSES)[number];
export type AccessLevel = (typeof ACCESS_LEVELS)[number];
export type RuntimeVersion = (typeof RUNTIME_VERSIONS)[number];

/** One process (execution) in the state document. */
export interface AsProcessRecord {
  scriptId: string;
  deploymentId?: string;
  projectName: string;
  functionName: string;
  processType: ProcessType;
  processStatus: ProcessStatus;
  userAccessLevel: AccessLevel;
  /** Email of the user the process ran for. */
  user: string;
  startTime: string;
  /** Milliseconds; absent while RUNNING. */
  durationMs?: number;
  runtimeVersion: RuntimeVersion;
}

export interface AppsScriptState {
  users: AsUser[];
  projects: AsProject[];
  processes: AsProcessRecord[];
}

// The Apps Script state as the emulator keeps it (and as the state document spells it). Enums come
// from the spec's schemas; the lists below (needed at run time, for the process store's columns) are
// checked against them, so a value the spec adds or drops stops compiling until they follow.
import type { components } from '../generated/apps-script.ts';

type Schemas = components['schemas'];

export type FileType = NonNullable<Schemas['File']['type']>;

export type AsUser = {
  email: string;
  name: string;
  domain: string;
  photoUrl: string;
};

export type AsFile = {
  name: string;
  type: FileType;
  source: string;
  createTime: string;
  updateTime: string;
  /** Email of the user who last changed the file. */
  lastModifyUser: string;
};

export type AsVersion = {
  versionNumber: number;
  description?: string;
  createTime: string;
  /** The snapshot of the project's content when the version was made. */
  files: AsFile[];
};

export type AsDeployment = {
  deploymentId: string;
  /** Absent for the HEAD deployment, which always serves the latest saved content. */
  versionNumber?: number;
  manifestFileName: string;
  description?: string;
  updateTime: string;
};

export type AsProject = {
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
};

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
] as const satisfies readonly Schemas['ProcessType'][];
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
] as const satisfies readonly Schemas['ProcessStatus'][];
export const ACCESS_LEVELS = [
  'USER_ACCESS_LEVEL_UNSPECIFIED',
  'NONE',
  'READ',
  'WRITE',
  'OWNER',
] as const satisfies readonly Schemas['UserAccessLevel'][];
export const RUNTIME_VERSIONS = [
  'RUNTIME_VERSION_UNSPECIFIED',
  'DEPRECATED_ES5',
  'V8',
] as const satisfies readonly NonNullable<Schemas['Process']['runtimeVersion']>[];

export type ProcessType = Schemas['ProcessType'];
export type ProcessStatus = Schemas['ProcessStatus'];
export type AccessLevel = Schemas['UserAccessLevel'];
export type RuntimeVersion = NonNullable<Schemas['Process']['runtimeVersion']>;

// Each list names every value of its enum (the `satisfies` above checks the other direction).
type Exhaustive<List extends readonly string[], Enum extends string> = [Exclude<Enum, List[number]>] extends [
  never,
]
  ? true
  : Exclude<Enum, List[number]>;
export const ENUMS_COVERED: [
  Exhaustive<typeof PROCESS_TYPES, ProcessType>,
  Exhaustive<typeof PROCESS_STATUSES, ProcessStatus>,
  Exhaustive<typeof ACCESS_LEVELS, AccessLevel>,
  Exhaustive<typeof RUNTIME_VERSIONS, RuntimeVersion>,
] = [true, true, true, true];

/** One process (execution) in the state document. */
export type AsProcessRecord = {
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
};

export type AppsScriptState = {
  users: AsUser[];
  projects: AsProject[];
  processes: AsProcessRecord[];
};

// The Apps Script state as the emulator keeps it (and as the state document spells it). Enums and
// their value lists come from the spec, through the client's generated schema.
import {
  type components,
  processRuntimeVersionValues,
  processStatusValues,
  processTypeValues,
  userAccessLevelValues,
} from '@specbound/apps-script/schema';

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

export type ProcessType = Schemas['ProcessType'];
export type ProcessStatus = Schemas['ProcessStatus'];
export type AccessLevel = Schemas['UserAccessLevel'];
export type RuntimeVersion = NonNullable<Schemas['Process']['runtimeVersion']>;
/** The status a run that ran ends with. */
export type RunEndStatus = Extract<ProcessStatus, 'COMPLETED' | 'FAILED' | 'TIMED_OUT'>;

// The enums' values at run time (the process store's columns), generated from the spec.
export const PROCESS_TYPES: readonly ProcessType[] = processTypeValues;
export const PROCESS_STATUSES: readonly ProcessStatus[] = processStatusValues;
export const ACCESS_LEVELS: readonly AccessLevel[] = userAccessLevelValues;
export const RUNTIME_VERSIONS: readonly RuntimeVersion[] = processRuntimeVersionValues;

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

/**
 * A Drive file that is not a script project: a container (spreadsheet, document, form,
 * presentation) or any other file `files.create` made. Script projects are Drive files too, but
 * their Drive view is derived from `projects` (src/drive/files.ts), never stored twice.
 */
export type DriveFileRecord = {
  id: string;
  name: string;
  mimeType: string;
  parents?: string[];
  createdTime: string;
  modifiedTime: string;
  /** Email of the owner. */
  owner: string;
};

export type AppsScriptState = {
  users: AsUser[];
  projects: AsProject[];
  processes: AsProcessRecord[];
  driveFiles: DriveFileRecord[];
};

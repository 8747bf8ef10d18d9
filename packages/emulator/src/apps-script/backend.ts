// The Apps Script state (users, projects, processes) and what every resource module shares: lookups,
// change tracking for the state file, and paging. The behaviour of each resource lives in its own
// module (projects, versions, deployments, runs, processes), next to its handlers.
import { createHash, randomBytes } from 'node:crypto';
import { Changes, type Collection } from '../core/changes.ts';
import { LogEntryStore } from '../logging/store.ts';
import type { SandboxPool } from '../sandbox/pool.ts';
import { SpreadsheetStore } from '../sheets/store.ts';
import { invalidArgument, notFound } from './errors.ts';
import { type LogLine, LogRing } from './logs.ts';
import type {
  AppsScriptState,
  AsDeployment,
  AsFile,
  AsProject,
  AsUser,
  AsVersion,
  DriveFileRecord,
} from './model.ts';
import { ProcessStore } from './processes.ts';

export interface AppsScriptOptions {
  pool: SandboxPool;
  /** Limit of one `scripts.run`, in ms (Apps Script's is 6 minutes). */
  runTimeoutMs: number;
  /** Heap limit of one run, in bytes. */
  runMemoryBytes: number;
  /** Where entity changes are noted for the state file (default: a tracker nobody saves). */
  changes?: Changes;
  /** Called for every line of script output as it is recorded. */
  onLog?: (entry: LogLine) => void;
}

const randomId = (bytes: number) => randomBytes(bytes).toString('base64url');
export const nowIso = () => new Date().toISOString();

export const newScriptId = () => `1${randomId(42)}`;
export const newDeploymentId = () => `AKfycb${randomId(48)}`;

/** `1.532s`: Google's duration encoding. */
export function formatDuration(ms: number): string {
  return `${(ms / 1000).toFixed(3).replace(/\.?0+$/, '')}s`;
}

/** Opaque page tokens: a versioned offset, base64url encoded. */
export function encodePageToken(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}

export function decodePageToken(token: string | undefined): number {
  if (token === undefined || token === '') return 0;
  const m = /^o:(\d+)$/.exec(Buffer.from(token, 'base64url').toString());
  if (m?.[1] === undefined) throw invalidArgument('Invalid page token.', 'pageToken');
  return Number(m[1]);
}

export function pageSizeOf(size: number | undefined): number {
  // Documented default 50; Google caps list sizes silently, here at 1000.
  return size !== undefined && size > 0 ? Math.min(size, 1000) : 50;
}

export function page<T>(
  all: readonly T[],
  pageSize: number | undefined,
  pageToken: string | undefined,
): { items: T[]; next: string | undefined } {
  const offset = decodePageToken(pageToken);
  const size = pageSizeOf(pageSize);
  const items = all.slice(offset, offset + size);
  return { items, next: offset + size < all.length ? encodePageToken(offset + size) : undefined };
}

export class AppsScriptBackend {
  readonly users = new Map<string, AsUser>();
  /** Bearer token → user email, for tokens the state names; other tokens get a derived user. */
  readonly tokens = new Map<string, string>();
  readonly projects = new Map<string, AsProject>();
  /** Drive files besides script projects (containers), by id: served by the Drive routes (src/drive/). */
  readonly driveFiles = new Map<string, DriveFileRecord>();
  readonly processes = new ProcessStore();
  /** Recent script output, bounded in lines and bytes. */
  readonly logs = new LogRing();
  /** The same output as Cloud Logging entries (`POST /v2/entries:list`), labelled per process. */
  readonly cloudLogs = new LogEntryStore();
  readonly options: AppsScriptOptions;
  readonly changes: Changes;
  /** Bumped by every load: work that started before (a run, a content check) must not write after. */
  generation = 0;
  /** The spreadsheets scripts reach with SpreadsheetApp: the emulator's one store (the Sheets API's too). */
  readonly spreadsheets: SpreadsheetStore;

  constructor(options: AppsScriptOptions) {
    this.options = options;
    this.changes = options.changes ?? new Changes();
    this.spreadsheets = new SpreadsheetStore({ changes: this.changes });
  }

  load(state: AppsScriptState & { tokens?: Record<string, string> }): void {
    this.generation++;
    this.users.clear();
    this.projects.clear();
    this.driveFiles.clear();
    this.tokens.clear();
    for (const user of state.users) this.users.set(user.email, user);
    for (const project of state.projects) this.projects.set(project.scriptId, structuredClone(project));
    for (const file of state.driveFiles) this.driveFiles.set(file.id, structuredClone(file));
    for (const [token, email] of Object.entries(state.tokens ?? {})) this.tokens.set(token, email);
    this.processes.load(state.processes);
  }

  export(): AppsScriptState & { tokens: Record<string, string> } {
    return {
      users: [...this.users.values()],
      tokens: Object.fromEntries(this.tokens),
      projects: [...this.projects.values()],
      processes: [...this.processes.records()],
      driveFiles: [...this.driveFiles.values()],
    };
  }

  /** The current value of one entity, for the state database's row of it. */
  lookup(collection: Collection, key: string): unknown {
    if (collection === 'as.users') return this.users.get(key);
    if (collection === 'as.projects') return this.projects.get(key);
    if (collection === 'as.driveFiles') return this.driveFiles.get(key);
    if (collection === 'as.processes') {
      const i = Number(key);
      return i < this.processes.size ? this.processes.get(i) : undefined;
    }
    return undefined;
  }

  touch(collection: Collection, key: string): void {
    this.changes.touch(collection, key);
  }

  /** Any well-formed token identifies a user: a stable one derived from the token unless the state names it. */
  userForToken(token: string): AsUser {
    let email = this.tokens.get(token);
    if (email === undefined) {
      const id = createHash('sha256').update(token).digest('hex').slice(0, 10);
      email = `user-${id}@example.com`;
    }
    let user = this.users.get(email);
    if (user === undefined) {
      const local = email.split('@')[0] ?? email;
      user = {
        email,
        name: local,
        domain: email.split('@')[1] ?? 'example.com',
        photoUrl: 'https://lh3.googleusercontent.com/a/default-user=s64',
      };
      this.users.set(email, user);
      this.touch('as.users', email);
    }
    return user;
  }

  project(scriptId: string): AsProject {
    const project = this.projects.get(scriptId);
    if (project === undefined) throw notFound();
    return project;
  }

  version(project: AsProject, versionNumber: number): AsVersion {
    const version = project.versions.find((v) => v.versionNumber === versionNumber);
    if (version === undefined) throw notFound();
    return version;
  }

  deployment(project: AsProject, deploymentId: string): AsDeployment {
    const deployment = project.deployments.find((d) => d.deploymentId === deploymentId);
    if (deployment === undefined) throw notFound();
    return deployment;
  }

  /** The files a deployment serves: its version's snapshot, or HEAD for the HEAD deployment. */
  deploymentFiles(project: AsProject, d: AsDeployment): AsFile[] {
    return d.versionNumber === undefined ? project.files : this.version(project, d.versionNumber).files;
  }
}

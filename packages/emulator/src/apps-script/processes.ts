// Processes are the one collection that grows without bound (every run adds one), so they live in a
// columnar store: typed arrays plus interned strings, about 40 bytes per process instead of an object
// each. Listing scans the columns backwards from a cursor and builds only the page it returns, so
// memory while paging stays flat however many processes there are.
import {
  ACCESS_LEVELS,
  type AsProcessRecord,
  PROCESS_STATUSES,
  PROCESS_TYPES,
  type ProcessStatus,
  RUNTIME_VERSIONS,
} from './model.ts';

const NONE = 0xffffffff;

export interface ProcessFilter {
  user?: string;
  scriptId?: string;
  deploymentId?: string;
  functionName?: string;
  /** Substring of the project name. */
  projectName?: string;
  /** Started at or after (ms). */
  startTime?: number;
  /** Completed at or before (ms). */
  endTime?: number;
  types?: readonly string[];
  statuses?: readonly string[];
  userAccessLevels?: readonly string[];
}

class Interner {
  readonly values: string[] = [];
  readonly #index = new Map<string, number>();

  id(value: string): number {
    let id = this.#index.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.#index.set(value, id);
    }
    return id;
  }

  find(value: string): number | undefined {
    return this.#index.get(value);
  }
}

function grow<T extends Float64Array | Uint32Array | Uint8Array>(array: T, capacity: number): T {
  const next = new (array.constructor as new (n: number) => T)(capacity);
  next.set(array);
  return next;
}

export class ProcessStore {
  #size = 0;
  #capacity = 1024;
  #start = new Float64Array(this.#capacity);
  /** Duration in ms; NaN while running. */
  #duration = new Float64Array(this.#capacity);
  #script = new Uint32Array(this.#capacity);
  #deployment = new Uint32Array(this.#capacity);
  #project = new Uint32Array(this.#capacity);
  #fn = new Uint32Array(this.#capacity);
  #user = new Uint32Array(this.#capacity);
  #type = new Uint8Array(this.#capacity);
  #status = new Uint8Array(this.#capacity);
  #access = new Uint8Array(this.#capacity);
  #runtime = new Uint8Array(this.#capacity);
  readonly #strings = new Interner();

  get size(): number {
    return this.#size;
  }

  clear(): void {
    this.#size = 0;
  }

  /** Replaces the contents, sorted by start time (the order listing relies on). */
  load(records: readonly AsProcessRecord[]): void {
    this.clear();
    const sorted = [...records].sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
    for (const record of sorted) this.append(record);
  }

  append(record: AsProcessRecord): number {
    if (this.#size === this.#capacity) this.#resize(this.#capacity * 2);
    const i = this.#size++;
    const s = this.#strings;
    this.#start[i] = Date.parse(record.startTime);
    this.#duration[i] = record.durationMs ?? Number.NaN;
    this.#script[i] = s.id(record.scriptId);
    this.#deployment[i] = record.deploymentId === undefined ? NONE : s.id(record.deploymentId);
    this.#project[i] = s.id(record.projectName);
    this.#fn[i] = s.id(record.functionName);
    this.#user[i] = s.id(record.user);
    this.#type[i] = Math.max(0, PROCESS_TYPES.indexOf(record.processType));
    this.#status[i] = Math.max(0, PROCESS_STATUSES.indexOf(record.processStatus));
    this.#access[i] = Math.max(0, ACCESS_LEVELS.indexOf(record.userAccessLevel));
    this.#runtime[i] = Math.max(0, RUNTIME_VERSIONS.indexOf(record.runtimeVersion));
    return i;
  }

  finish(index: number, status: ProcessStatus, durationMs: number): void {
    this.#status[index] = PROCESS_STATUSES.indexOf(status);
    this.#duration[index] = durationMs;
  }

  get(i: number): AsProcessRecord {
    const v = this.#strings.values;
    const record: AsProcessRecord = {
      scriptId: v[this.#script[i] ?? 0] ?? '',
      projectName: v[this.#project[i] ?? 0] ?? '',
      functionName: v[this.#fn[i] ?? 0] ?? '',
      processType: PROCESS_TYPES[this.#type[i] ?? 0] ?? 'PROCESS_TYPE_UNSPECIFIED',
      processStatus: PROCESS_STATUSES[this.#status[i] ?? 0] ?? 'PROCESS_STATUS_UNSPECIFIED',
      userAccessLevel: ACCESS_LEVELS[this.#access[i] ?? 0] ?? 'USER_ACCESS_LEVEL_UNSPECIFIED',
      user: v[this.#user[i] ?? 0] ?? '',
      startTime: new Date(this.#start[i] ?? 0).toISOString(),
      runtimeVersion: RUNTIME_VERSIONS[this.#runtime[i] ?? 0] ?? 'RUNTIME_VERSION_UNSPECIFIED',
    };
    const deployment = this.#deployment[i] ?? NONE;
    if (deployment !== NONE) record.deploymentId = v[deployment] ?? '';
    const duration = this.#duration[i] ?? Number.NaN;
    if (!Number.isNaN(duration)) record.durationMs = duration;
    return record;
  }

  *records(): Generator<AsProcessRecord> {
    for (let i = 0; i < this.#size; i++) yield this.get(i);
  }

  /**
   * Newest first: up to `limit` indexes below `before` that pass the filter, and the cursor to
   * continue from (undefined at the end).
   */
  scan(
    filter: ProcessFilter,
    before: number,
    limit: number,
  ): { indexes: number[]; next: number | undefined } {
    const match = this.#compile(filter);
    const indexes: number[] = [];
    if (match === undefined) return { indexes, next: undefined };
    let i = Math.min(before, this.#size) - 1;
    for (; i >= 0 && indexes.length < limit; i--) if (match(i)) indexes.push(i);
    // Look ahead for one more match so that the last page carries no token.
    for (let j = i; j >= 0; j--) if (match(j)) return { indexes, next: i + 1 };
    return { indexes, next: undefined };
  }

  /** Calls `visit` for every process passing the filter (metrics). */
  each(
    filter: ProcessFilter,
    visit: (start: number, durationMs: number, status: ProcessStatus, user: number) => void,
  ): void {
    const match = this.#compile(filter);
    if (match === undefined) return;
    for (let i = 0; i < this.#size; i++) {
      if (!match(i)) continue;
      visit(
        this.#start[i] ?? 0,
        this.#duration[i] ?? Number.NaN,
        PROCESS_STATUSES[this.#status[i] ?? 0] ?? 'UNKNOWN',
        this.#user[i] ?? 0,
      );
    }
  }

  /** A predicate over row indexes, or undefined when the filter cannot match anything. */
  #compile(filter: ProcessFilter): ((i: number) => boolean) | undefined {
    const checks: ((i: number) => boolean)[] = [];
    const exact = (value: string | undefined, column: Uint32Array): boolean => {
      if (value === undefined) return true;
      const id = this.#strings.find(value);
      if (id === undefined) return false;
      checks.push((i) => column[i] === id);
      return true;
    };
    if (!exact(filter.user, this.#user)) return undefined;
    if (!exact(filter.scriptId, this.#script)) return undefined;
    if (!exact(filter.deploymentId, this.#deployment)) return undefined;
    if (!exact(filter.functionName, this.#fn)) return undefined;
    if (filter.projectName !== undefined) {
      const needle = filter.projectName;
      checks.push((i) => (this.#strings.values[this.#project[i] ?? 0] ?? '').includes(needle));
    }
    const startMin = filter.startTime;
    if (startMin !== undefined) checks.push((i) => (this.#start[i] ?? 0) >= startMin);
    const endMax = filter.endTime;
    if (endMax !== undefined) {
      // A process still running has not completed, so it cannot have completed before endTime.
      checks.push((i) => {
        const d = this.#duration[i] ?? Number.NaN;
        return !Number.isNaN(d) && (this.#start[i] ?? 0) + d <= endMax;
      });
    }
    const oneOf = (values: readonly string[] | undefined, names: readonly string[], column: Uint8Array) => {
      if (values === undefined || values.length === 0) return;
      const allowed = new Set(values.map((v) => names.indexOf(v)));
      checks.push((i) => allowed.has(column[i] ?? 0));
    };
    oneOf(filter.types, PROCESS_TYPES, this.#type);
    oneOf(filter.statuses, PROCESS_STATUSES, this.#status);
    oneOf(filter.userAccessLevels, ACCESS_LEVELS, this.#access);
    return (i) => {
      for (const check of checks) if (!check(i)) return false;
      return true;
    };
  }

  #resize(capacity: number): void {
    this.#capacity = capacity;
    this.#start = grow(this.#start, capacity);
    this.#duration = grow(this.#duration, capacity);
    this.#script = grow(this.#script, capacity);
    this.#deployment = grow(this.#deployment, capacity);
    this.#project = grow(this.#project, capacity);
    this.#fn = grow(this.#fn, capacity);
    this.#user = grow(this.#user, capacity);
    this.#type = grow(this.#type, capacity);
    this.#status = grow(this.#status, capacity);
    this.#access = grow(this.#access, capacity);
    this.#runtime = grow(this.#runtime, capacity);
  }
}

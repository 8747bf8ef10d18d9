// Processes are the one collection that grows without bound (every run adds one), so they live in a
// SQLite table (an in-memory database of their own), not as JavaScript objects: listing is a query
// that reads one page below a cursor, so memory while paging stays flat however many there are. A
// process is addressed by its index (its position by start time), which is also its key in the state
// database and the cursor of a page token.
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { sqlite } from '../core/sqlite.ts';
import {
  ACCESS_LEVELS,
  type AsProcessRecord,
  PROCESS_STATUSES,
  PROCESS_TYPES,
  type ProcessStatus,
  RUNTIME_VERSIONS,
} from './model.ts';

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

/** A value of an enum column; one the API does not know is stored as its first (unspecified) value. */
const known = <T extends string>(names: readonly T[], value: string): T =>
  (names as readonly string[]).includes(value) ? (value as T) : (names[0] as T);

const COLUMNS = 'idx, start, duration, script, deployment, project, fn, user, type, status, access, runtime';

/** The WHERE clause of a filter, with its parameters. */
function whereOf(filter: ProcessFilter): { sql: string; params: SQLInputValue[] } {
  const clauses: string[] = [];
  const params: SQLInputValue[] = [];
  const exact = (column: string, value: string | undefined) => {
    if (value === undefined) return;
    clauses.push(`${column} = ?`);
    params.push(value);
  };
  exact('user', filter.user);
  exact('script', filter.scriptId);
  exact('deployment', filter.deploymentId);
  exact('fn', filter.functionName);
  if (filter.projectName !== undefined) {
    clauses.push('instr(project, ?) > 0');
    params.push(filter.projectName);
  }
  // NaN (an unparsable time) matches nothing, as a comparison with NaN does.
  if (filter.startTime !== undefined) {
    clauses.push(Number.isNaN(filter.startTime) ? '0' : 'start >= ?');
    if (!Number.isNaN(filter.startTime)) params.push(filter.startTime);
  }
  if (filter.endTime !== undefined) {
    // A process still running has not completed, so it cannot have completed before endTime.
    clauses.push(Number.isNaN(filter.endTime) ? '0' : 'duration IS NOT NULL AND start + duration <= ?');
    if (!Number.isNaN(filter.endTime)) params.push(filter.endTime);
  }
  const oneOf = (column: string, values: readonly string[] | undefined) => {
    if (values === undefined || values.length === 0) return;
    clauses.push(`${column} IN (${values.map(() => '?').join(', ')})`);
    params.push(...values);
  };
  oneOf('type', filter.types);
  oneOf('status', filter.statuses);
  oneOf('access', filter.userAccessLevels);
  return { sql: clauses.length === 0 ? '1' : clauses.join(' AND '), params };
}

export class ProcessStore {
  readonly #db: DatabaseSync;
  readonly #insert;
  readonly #finish;
  readonly #get;
  #size = 0;

  constructor() {
    this.#db = new (sqlite().DatabaseSync)(':memory:');
    this.#db.exec(`CREATE TABLE processes (
      idx INTEGER PRIMARY KEY, start REAL NOT NULL, duration REAL, script TEXT NOT NULL,
      deployment TEXT, project TEXT NOT NULL, fn TEXT NOT NULL, user TEXT NOT NULL, type TEXT NOT NULL,
      status TEXT NOT NULL, access TEXT NOT NULL, runtime TEXT NOT NULL)`);
    this.#insert = this.#db.prepare(
      `INSERT INTO processes (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#finish = this.#db.prepare('UPDATE processes SET status = ?, duration = ? WHERE idx = ?');
    this.#get = this.#db.prepare(`SELECT ${COLUMNS} FROM processes WHERE idx = ?`);
  }

  get size(): number {
    return this.#size;
  }

  clear(): void {
    this.#db.exec('DELETE FROM processes');
    this.#size = 0;
  }

  /** Replaces the contents, sorted by start time (the order listing relies on). */
  load(records: readonly AsProcessRecord[]): void {
    const sorted = [...records].sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
    this.#db.exec('BEGIN');
    try {
      this.clear();
      for (const record of sorted) this.append(record);
      this.#db.exec('COMMIT');
    } catch (error) {
      this.#db.exec('ROLLBACK');
      throw error;
    }
  }

  append(record: AsProcessRecord): number {
    const i = this.#size;
    const duration = record.durationMs;
    this.#insert.run(
      i,
      Date.parse(record.startTime),
      duration === undefined || Number.isNaN(duration) ? null : duration,
      record.scriptId,
      record.deploymentId ?? null,
      record.projectName,
      record.functionName,
      record.user,
      known(PROCESS_TYPES, record.processType),
      known(PROCESS_STATUSES, record.processStatus),
      known(ACCESS_LEVELS, record.userAccessLevel),
      known(RUNTIME_VERSIONS, record.runtimeVersion),
    );
    this.#size++;
    return i;
  }

  finish(index: number, status: ProcessStatus, durationMs: number): void {
    this.#finish.run(status, durationMs, index);
  }

  get(i: number): AsProcessRecord {
    const row = this.#get.get(i);
    if (row === undefined) throw new RangeError(`no process at index ${i}`);
    const record: AsProcessRecord = {
      scriptId: String(row.script),
      projectName: String(row.project),
      functionName: String(row.fn),
      processType: row.type as AsProcessRecord['processType'],
      processStatus: row.status as ProcessStatus,
      userAccessLevel: row.access as AsProcessRecord['userAccessLevel'],
      user: String(row.user),
      startTime: new Date(Number(row.start)).toISOString(),
      runtimeVersion: row.runtime as AsProcessRecord['runtimeVersion'],
    };
    if (row.deployment !== null) record.deploymentId = String(row.deployment);
    if (row.duration !== null) record.durationMs = Number(row.duration);
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
    const { sql, params } = whereOf(filter);
    // One more than the page: whether another page follows, so that the last page carries no token.
    const rows = this.#db
      .prepare(`SELECT idx FROM processes WHERE idx < ? AND ${sql} ORDER BY idx DESC LIMIT ?`)
      .all(before, ...params, limit + 1);
    const indexes = rows.slice(0, limit).map((row) => Number(row.idx));
    return { indexes, next: rows.length > limit ? indexes.at(-1) : undefined };
  }

  /** Calls `visit` for every process passing the filter (metrics). */
  each(
    filter: ProcessFilter,
    visit: (start: number, durationMs: number, status: ProcessStatus, user: string) => void,
  ): void {
    const { sql, params } = whereOf(filter);
    const statement = this.#db.prepare(
      `SELECT start, duration, status, user FROM processes WHERE ${sql} ORDER BY idx`,
    );
    for (const row of statement.iterate(...params)) {
      const duration = row.duration === null ? Number.NaN : Number(row.duration);
      visit(Number(row.start), duration, row.status as ProcessStatus, String(row.user));
    }
  }
}

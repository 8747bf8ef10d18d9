// The Cloud Logging entries of the emulator's own runs: every line a run wrote (and the error it
// ended with) becomes one entry with the labels Apps Script puts on it. A ring bounded in entries,
// like the run log (apps-script/logs.ts); a replaced state (a new generation) starts it empty.
import { createHash, randomBytes } from 'node:crypto';
import { logSeverityValues } from '@specbound/logging/schema';
import type { ProcessType } from '../apps-script/model.ts';

/** Cloud Logging's severities in increasing order: the spec's LogSeverity lists them so. */
export const SEVERITIES: readonly string[] = logSeverityValues;

/** One entry as the emulator keeps it; the project id of the log name is the caller's. */
export interface StoredEntry {
  /** Insertion order: `insertId` and the tie-break of equal timestamps. */
  seq: number;
  timestamp: string;
  severity: string;
  text?: string;
  json?: Record<string, unknown>;
  functionName: string;
  invocationType: string;
  labels: Record<string, string>;
}

/** What a finished run hands over: its lines (`LEVEL text`, as the sandbox writes them) and how it ended. */
export interface RunLogs {
  processIndex: number;
  scriptId: string;
  functionName: string;
  processType: ProcessType;
  deploymentId?: string | undefined;
  user: string;
  at: string;
  lines: readonly string[];
  /** The uncaught error the run ended with, which Apps Script logs at ERROR. */
  error?: string | undefined;
}

const LEVEL = /^(DEBUG|INFO|WARNING|ERROR) /;
const INVOCATION: Partial<Record<ProcessType, string>> = {
  EXECUTION_API: 'execution API',
  EDITOR: 'editor',
  WEBAPP: 'web app',
  TRIGGER: 'trigger',
  TIME_DRIVEN: 'time-based trigger',
  SIMPLE_TRIGGER: 'simple trigger',
  ADD_ON: 'add-on',
};

/** An opaque key of a user (Apps Script's `user_key`): never the address itself. */
function userKey(email: string): string {
  return createHash('sha256').update(email).digest('base64url').slice(0, 28);
}

export class LogEntryStore {
  readonly #entries: StoredEntry[] = [];
  readonly #max: number;
  #seq = 0;
  #generation = -1;

  constructor(max = 20_000) {
    this.#max = max;
  }

  /** Records a run's lines as entries of one process (one `process_id`). */
  addRun(run: RunLogs, generation: number): void {
    if (generation !== this.#generation) this.clear(generation);
    const labels: Record<string, string> = {
      'script.googleapis.com/process_id': `${run.processIndex}${randomBytes(4).readUInt32BE()}`,
      'script.googleapis.com/project_key': run.scriptId,
      'script.googleapis.com/user_key': userKey(run.user),
    };
    if (run.deploymentId !== undefined) labels['script.googleapis.com/deployment_id'] = run.deploymentId;
    const common = {
      timestamp: run.at,
      functionName: run.functionName,
      invocationType: INVOCATION[run.processType] ?? 'unknown',
      labels,
    };
    for (const line of run.lines) {
      const level = LEVEL.exec(line);
      const text = level === null ? line : line.slice(level[0].length);
      this.#push({ ...common, seq: this.#seq++, severity: level?.[1] ?? 'DEFAULT', text });
    }
    if (run.error !== undefined) {
      const json = { message: run.error, serviceContext: { service: run.scriptId } };
      this.#push({ ...common, seq: this.#seq++, severity: 'ERROR', json });
    }
  }

  /** The entries of the current generation, oldest first. */
  list(generation: number): readonly StoredEntry[] {
    return generation === this.#generation ? this.#entries : [];
  }

  clear(generation: number): void {
    this.#entries.length = 0;
    this.#generation = generation;
  }

  #push(entry: StoredEntry): void {
    this.#entries.push(entry);
    if (this.#entries.length > this.#max) this.#entries.shift();
  }
}

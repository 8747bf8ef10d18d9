/** A source file as the sandbox sees it: Apps Script file name (no extension) and its code. */
interface SandboxFile {
  name: string;
  source: string;
}

export interface StackElement {
  function: string;
  lineNumber: number;
}

export interface RunJob {
  files: SandboxFile[];
  functionName: string;
  parameters: unknown[];
  timeoutMs: number;
  memoryLimitBytes: number;
}

export interface ScriptThrew {
  kind: 'error' | 'timeout';
  errorType: string;
  errorMessage: string;
  stack: StackElement[];
}

/** What a run produced, before the bookkeeping every outcome carries. */
export type RunResult = { kind: 'ok'; result?: unknown } | { kind: 'not-found' } | ScriptThrew;

export type RunOutcome = RunResult & { logs: string[]; durationMs: number };

export interface CheckJob {
  files: SandboxFile[];
  /** Bounds on compiling (defaults: 64 MiB, 30 s): a pathological source ends as a syntax error. */
  memoryLimitBytes?: number;
  timeoutMs?: number;
}

export type CheckOutcome = { ok: true } | { ok: false; file: string; message: string; lineNumber: number };

export type WorkerRequest =
  | { id: number; type: 'run'; job: RunJob }
  | { id: number; type: 'check'; job: CheckJob };

/** Bytes the worker holds after a job (QuickJS's WebAssembly memory, which never shrinks, plus its V8 heap). */
export type WorkerReply = (
  | { id: number; type: 'run'; outcome: RunOutcome }
  | { id: number; type: 'check'; outcome: CheckOutcome }
  | { id: number; type: 'crash'; message: string }
) & { memoryBytes?: number };

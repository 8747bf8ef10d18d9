/** A source file as the sandbox sees it: Apps Script file name (no extension) and its code. */
interface SandboxFile {
  name: string;
  source: string;
}

export interface StackElement {
  function: string;
  lineNumber: number;
}

/** Who runs what: what `Session` and the services scoped to a user or a document answer in the guest. */
interface RunContext {
  scriptId: string;
  /** The caller's email: active and effective user alike (scripts.run runs as the caller). */
  userEmail: string;
  /** The manifest's `timeZone` (Session.getScriptTimeZone). */
  timeZone: string;
  /** The container the project is bound to (its parentId), if any: document properties, caches, locks. */
  documentId?: string;
  /** How far the emulator's clock is ahead of the machine's: the guest's `Date` is moved by it. */
  clockOffsetMs?: number;
  /** The project's HTML files by name (HtmlService.createHtmlOutputFromFile, createTemplateFromFile). */
  htmlFiles?: Record<string, string>;
}

/** A guest's call of a host service (properties, caches, locks, digests, dates), answered synchronously. */
export interface HostCall {
  id: number;
  service: string;
  method: string;
  args: unknown[];
}

/**
 * A HostCall as it crosses to the emulator's thread: the arguments stay JSON text, which any depth can
 * cross (a structured clone of a value nested thousands deep fails on the receiving side, silently).
 */
export interface HostCallMessage {
  id: number;
  service: string;
  method: string;
  argsJson: string;
}

/** The answer to a HostCall: a JSON value, or Google's exception message. */
export type HostReply = { id: number; value?: unknown } | { id: number; error: string };

/** Answers the host calls of one run (on the emulator's thread); may be async (a lock waits). */
export type HostHandler = (call: HostCall) => unknown;

export interface RunJob {
  files: SandboxFile[];
  context?: RunContext;
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

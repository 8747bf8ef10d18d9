// A pool of worker threads running the QuickJS engine, so that a script spinning for minutes never
// stalls the HTTP server. Runs that end early are really stopped: a run whose caller goes away (its
// AbortSignal fires) or a reset (`stopAll`) interrupts the guest through a flag shared with its
// worker, which then takes the next job; a guest that does not stop within a second has its worker
// terminated and replaced, and `close()` terminates every worker. When
// every worker is busy a run waits in a bounded queue; past that it is refused at once (`PoolBusy`),
// never left hanging. Workers are spawned with V8 resource limits, and one that a run has grown past
// `recycleBytes` is replaced after the run.
import { addAbortListener } from 'node:events';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import type {
  CheckJob,
  CheckOutcome,
  HostCallMessage,
  HostHandler,
  HostReply,
  RunJob,
  RunOutcome,
  WorkerReply,
  WorkerRequest,
} from './types.ts';

/** Extra time granted past a run's own limit before the worker is killed from outside. */
const WATCHDOG_GRACE_MS = 5_000;

// Under the TypeScript sources (tests, `node src/cli.ts`) the worker is the .ts file; in dist, the .js one.
const WORKER_URL = new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js', import.meta.url);

let quickjsWasm: WebAssembly.Module | undefined;

/**
 * QuickJS's WebAssembly, compiled once per process and handed to every worker: V8 shares a module's
 * machine code between the threads it is sent to, so a new worker neither reads nor compiles it again
 * (about a third of what starting a worker costs).
 */
function compiledQuickJS(): WebAssembly.Module {
  quickjsWasm ??= new WebAssembly.Module(
    readFileSync(createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm')),
  );
  return quickjsWasm;
}

/**
 * Whether a worker of this process has yet to write Node's compile cache (NODE_COMPILE_CACHE, when it
 * is on). Node writes it when a thread exits, so on a cold cache every worker started before the
 * first one ended compiled the engine's modules again; the first worker writes it once it has loaded
 * them (cold emulator suite: about 3.5 s of CPU less). Later workers would only write what is there.
 */
let compileCacheToWrite = true;

/** Workers by default: one per core, at least 2 and at most 8. */
export function defaultPoolSize(): number {
  return Math.min(8, Math.max(2, availableParallelism()));
}

/** Every worker is busy and the queue is full: the caller should answer 429 and let the client retry. */
export class PoolBusy extends Error {
  constructor(queued: number) {
    super(`every sandbox worker is busy and ${queued} runs are already waiting`);
    this.name = 'PoolBusy';
  }
}

/** The run was stopped before it finished: its caller went away, the state was reset, or the pool closed. */
export class RunStopped extends Error {
  readonly reason: 'aborted' | 'reset' | 'closed';
  constructor(reason: 'aborted' | 'reset' | 'closed') {
    super(
      reason === 'aborted'
        ? 'the run was stopped: its request was closed'
        : reason === 'reset'
          ? 'the run was stopped by an emulator reset'
          : 'the run was stopped: the emulator is closing',
    );
    this.name = 'RunStopped';
    this.reason = reason;
  }
}

export interface PoolOptions {
  /** Worker threads (default: from the machine, see defaultPoolSize). */
  size?: number;
  /** Runs that may wait for a worker before new ones are refused (default 4 per worker). */
  queueLimit?: number;
  /** Replace a worker that holds more than this after a job (default 256 MiB). */
  recycleBytes?: number;
  /** V8 heap limit of each worker in MiB (default 256); QuickJS's own heap is capped per run. */
  workerHeapMb?: number;
  /**
   * Cap on each worker's QuickJS WebAssembly memory in bytes (default 192 MiB): what a run may hold,
   * typed arrays and ArrayBuffers included (QuickJS's own limit does not count them). With the V8
   * heap limit it bounds the host: at most size × (wasmMemoryBytes + workerHeapMb) for the pool.
   */
  wasmMemoryBytes?: number;
  /** How long a stopped run may take to notice its interrupt before its worker is terminated (default 1 s). */
  stopGraceMs?: number;
}

type Pending = {
  request: WorkerRequest;
  /** Settled already (stopped): the worker's late reply only frees the slot. */
  stopped?: boolean;
  resolve: (reply: WorkerReply) => void;
  reject: (error: Error) => void;
  /** Only for runs: how long before the watchdog fires. */
  limitMs?: number;
  signal?: AbortSignal;
  /** The abort listener on `signal`, disposed when the job settles. */
  onAbort?: Disposable | undefined;
  /** Answers the run's host calls (services); without one, every call fails. */
  host?: HostHandler;
};

interface Slot {
  worker: Worker;
  busy: Pending | undefined;
  timer: NodeJS.Timeout | undefined;
  /** Shared with the worker: set to interrupt the guest of the current run. */
  stop: Int32Array;
  /** Host calls of the worker's guest (see channel.ts): their port and the flag that wakes the worker. */
  calls: MessagePort;
  answered: Int32Array;
}

/** How long a stopped run may take to notice its interrupt before its worker is terminated. */
const STOP_GRACE_MS = 1_000;

/** Content checks that may wait for the compile worker before more are refused (PoolBusy). */
const CHECK_QUEUE = 64;

export class SandboxPool {
  readonly size: number;
  readonly queueLimit: number;
  readonly #recycleBytes: number;
  readonly #heapMb: number;
  readonly #wasmMemoryBytes: number;
  readonly #stopGraceMs: number;
  readonly #slots: Slot[] = [];
  readonly #queue: Pending[] = [];
  #nextId = 1;
  #closed = false;
  #spawned = 0;
  /** The pool that compiles content (created on first use). */
  #checker: SandboxPool | undefined;

  constructor(options: PoolOptions | number = {}) {
    const o = typeof options === 'number' ? { size: options } : options;
    this.size = Math.max(1, Math.floor(o.size ?? defaultPoolSize()));
    this.queueLimit = Math.max(0, Math.floor(o.queueLimit ?? this.size * 4));
    this.#recycleBytes = o.recycleBytes ?? 256 * 1024 * 1024;
    this.#heapMb = o.workerHeapMb ?? 256;
    this.#wasmMemoryBytes = o.wasmMemoryBytes ?? 192 * 1024 * 1024;
    this.#stopGraceMs = o.stopGraceMs ?? STOP_GRACE_MS;
  }

  /** Workers started so far (replacements and the content-check worker included). */
  get spawned(): number {
    return this.#spawned + (this.#checker?.spawned ?? 0);
  }

  /** Runs in progress (not queued). */
  get running(): number {
    return this.#slots.filter((s) => s.busy?.request.type === 'run').length;
  }

  /** Whether a run submitted now would start or wait, rather than be refused with PoolBusy. */
  accepts(): boolean {
    if (this.#closed) return false;
    return this.#idle() || this.#queue.length < this.queueLimit;
  }

  /** Whether a job submitted now starts at once: a worker is free, or one more may be started. */
  #idle(): boolean {
    return this.#slots.some((s) => s.busy === undefined) || this.#slots.length < this.size;
  }

  /** Runs a function; `host` answers the calls its script makes to services (properties, caches, ...). */
  async run(job: RunJob, signal?: AbortSignal, host?: HostHandler): Promise<RunOutcome> {
    const reply = await this.#submit(
      { id: this.#nextId++, type: 'run', job },
      job.timeoutMs + WATCHDOG_GRACE_MS,
      signal,
      host,
    );
    if (reply.type === 'run') return reply.outcome;
    throw new Error(`sandbox worker failed: ${reply.type === 'crash' ? reply.message : reply.type}`);
  }

  /**
   * Compiles content at once, never behind the runs: a save must not be refused as a syntax error (or
   * wait minutes) because every run worker is busy. A free run worker compiles it (no thread to start,
   * and the run that usually follows a save finds its worker ready); when every run worker is busy, a
   * worker of its own does.
   */
  async check(job: CheckJob): Promise<CheckOutcome> {
    if (!this.#closed && this.#idle()) return this.#compile(job);
    if (this.#checker === undefined) {
      if (this.#closed) throw new RunStopped('closed');
      this.#checker = new SandboxPool({
        size: 1,
        queueLimit: CHECK_QUEUE,
        recycleBytes: this.#recycleBytes,
        workerHeapMb: this.#heapMb,
        wasmMemoryBytes: this.#wasmMemoryBytes,
      });
    }
    return this.#checker.#compile(job);
  }

  /** Compiles on this pool's own workers (a free run worker, or the checker pool's lane). */
  async #compile(job: CheckJob): Promise<CheckOutcome> {
    const reply = await this.#submit({ id: this.#nextId++, type: 'check', job });
    if (reply.type === 'check') return reply.outcome;
    throw new Error(`sandbox worker failed: ${reply.type === 'crash' ? reply.message : reply.type}`);
  }

  /** Stops every queued and running run (a reset): their callers get RunStopped('reset'). */
  stopAll(): void {
    // Queued runs go; queued content checks stay (they belong to no state and are quick).
    for (const pending of this.#queue.filter((p) => p.request.type === 'run')) {
      this.#queue.splice(this.#queue.indexOf(pending), 1);
      this.#settle(pending, new RunStopped('reset'));
    }
    for (const slot of [...this.#slots]) {
      const pending = slot.busy;
      if (pending?.request.type !== 'run' || pending.stopped) continue;
      this.#interrupt(slot, pending, new RunStopped('reset'));
    }
    this.#pump();
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#checker?.close();
    for (const pending of this.#queue.splice(0)) this.#settle(pending, new RunStopped('closed'));
    await Promise.all(
      this.#slots.splice(0).map((slot) => {
        slot.calls.close();
        if (slot.timer) clearTimeout(slot.timer);
        const pending = slot.busy;
        slot.busy = undefined;
        if (pending !== undefined) this.#settle(pending, new RunStopped('closed'));
        return slot.worker.terminate();
      }),
    );
  }

  #submit(
    request: WorkerRequest,
    limitMs?: number,
    signal?: AbortSignal,
    host?: HostHandler,
  ): Promise<WorkerReply> {
    if (this.#closed) return Promise.reject(new RunStopped('closed'));
    if (signal?.aborted) return Promise.reject(new RunStopped('aborted'));
    if (!this.accepts()) return Promise.reject(new PoolBusy(this.#queue.length));
    return new Promise((resolve, reject) => {
      const pending: Pending = { request, resolve, reject };
      if (host !== undefined) pending.host = host;
      if (limitMs !== undefined) pending.limitMs = limitMs;
      if (signal !== undefined) {
        pending.signal = signal;
        // Node's addAbortListener, not addEventListener/removeEventListener on the request's signal:
        // measured over 20,000 pooled runs, the latter grew the main thread's heap from 13 to 40 MB
        // (each run's job kept alive past a scavenge and promoted), the former keeps it at 13 MB.
        pending.onAbort = addAbortListener(signal, () => this.#abort(pending));
      }
      this.#queue.push(pending);
      this.#pump();
    });
  }

  /** Resolves or rejects a pending job exactly once, and forgets its abort listener. */
  #settle(pending: Pending, outcome: WorkerReply | Error): void {
    pending.onAbort?.[Symbol.dispose]();
    pending.onAbort = undefined;
    if (outcome instanceof Error) pending.reject(outcome);
    else pending.resolve(outcome);
  }

  #abort(pending: Pending): void {
    const queued = this.#queue.indexOf(pending);
    if (queued >= 0) {
      this.#queue.splice(queued, 1);
      this.#settle(pending, new RunStopped('aborted'));
      return;
    }
    const slot = this.#slots.find((s) => s.busy === pending);
    if (slot === undefined || pending.stopped) return;
    this.#interrupt(slot, pending, new RunStopped('aborted'));
  }

  /**
   * Stops the run in a slot: its caller is answered now; the guest is interrupted through the shared
   * flag and the worker, once it replies, takes the next job. A guest that does not stop within
   * STOP_GRACE_MS has its worker terminated and replaced.
   */
  #interrupt(slot: Slot, pending: Pending, reason: RunStopped): void {
    pending.stopped = true;
    this.#settle(pending, reason);
    Atomics.store(slot.stop, 0, 1);
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = setTimeout(() => {
      try {
        if (slot.busy !== pending) return;
        this.#retire(slot);
        this.#pump();
      } catch {
        // never throw from a timer
      }
    }, this.#stopGraceMs);
  }

  #pump(): void {
    while (this.#queue.length > 0 && !this.#closed) {
      let slot = this.#slots.find((s) => s.busy === undefined);
      if (slot === undefined) {
        if (this.#slots.length >= this.size) return;
        slot = this.#spawn();
      }
      const pending = this.#queue.shift();
      if (pending === undefined) return;
      this.#dispatch(slot, pending);
    }
  }

  #dispatch(slot: Slot, pending: Pending): void {
    // postMessage clones the job and throws for what it cannot clone (a value nested too deep, say):
    // that fails this job only, and the slot stays free.
    try {
      // Cleared here, not in the worker: a stop set before the worker even reads the job must hold.
      Atomics.store(slot.stop, 0, 0);
      slot.worker.postMessage(pending.request);
    } catch (error) {
      this.#settle(pending, new Error(`the job cannot be sent to a sandbox worker: ${String(error)}`));
      return;
    }
    slot.busy = pending;
    if (pending.limitMs !== undefined && pending.request.type === 'run') {
      const started = Date.now();
      slot.timer = setTimeout(() => {
        // The interrupt handler did not stop the guest: kill the thread and report a timeout. Nothing
        // here may throw: an exception in a timer would end the emulator.
        try {
          this.#retire(slot);
          if (pending.stopped) return this.#pump();
          this.#settle(pending, {
            id: pending.request.id,
            type: 'run',
            outcome: {
              kind: 'timeout',
              errorType: 'ScriptError',
              errorMessage: 'Exceeded maximum execution time',
              stack: [],
              logs: [],
              durationMs: Date.now() - started,
            },
          });
          this.#pump();
        } catch (error) {
          pending.reject(error instanceof Error ? error : new Error(String(error)));
        }
      }, pending.limitMs);
    }
  }

  #spawn(): Slot {
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const answered = new Int32Array(new SharedArrayBuffer(4));
    const { port1: calls, port2 } = new MessageChannel();
    const worker = new Worker(WORKER_URL, {
      workerData: {
        stop,
        wasmMemoryBytes: this.#wasmMemoryBytes,
        wasmModule: compiledQuickJS(),
        flushCompileCache: compileCacheToWrite,
        channel: { port: port2, flag: answered },
      },
      transferList: [port2],
      resourceLimits: { maxOldGenerationSizeMb: this.#heapMb, maxYoungGenerationSizeMb: 8, stackSizeMb: 4 },
    });
    compileCacheToWrite = false;
    this.#spawned++;
    const slot: Slot = { worker, busy: undefined, timer: undefined, stop, calls, answered };
    calls.on('message', (call: HostCallMessage) => void this.#answer(slot, call));
    worker.on('message', (reply: WorkerReply) => {
      const pending = slot.busy;
      if (slot.timer) clearTimeout(slot.timer);
      slot.timer = undefined;
      slot.busy = undefined;
      // A worker a run has grown (QuickJS's memory never shrinks) is replaced rather than reused.
      if ((reply.memoryBytes ?? 0) > this.#recycleBytes) this.#retire(slot);
      if (pending !== undefined && !pending.stopped && pending.request.id === reply.id)
        this.#settle(pending, reply);
      this.#pump();
    });
    const fail = (error: Error) => {
      const pending = slot.busy;
      this.#retire(slot);
      if (pending !== undefined && !pending.stopped) this.#settle(pending, error);
      this.#pump();
    };
    worker.on('messageerror', (error) => this.#lostReply(slot, error));
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (this.#slots.includes(slot)) fail(new Error(`sandbox worker exited with code ${code}`));
    });
    this.#slots.push(slot);
    return slot;
  }

  /**
   * A reply of the worker that this thread could not take in: V8 drops it and emits 'messageerror'
   * (a result nested thousands deep passes this thread's clone depth). Without this the run would
   * wait for its time limit and be reported as a timeout. The worker itself is idle and fine.
   */
  #lostReply(slot: Slot, error: Error): void {
    const pending = slot.busy;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.busy = undefined;
    if (pending !== undefined && !pending.stopped) {
      const message = `The function's return value nests too deep to be returned (${error.message})`;
      this.#settle(
        pending,
        pending.request.type === 'run'
          ? {
              id: pending.request.id,
              type: 'run',
              outcome: {
                kind: 'error',
                errorType: 'ScriptError',
                errorMessage: message,
                stack: [],
                logs: [],
                durationMs: 0,
              },
            }
          : new Error(message),
      );
    }
    this.#pump();
  }

  /** Answers one host call of the run in `slot`, unless the run ended (or the slot went) meanwhile. */
  async #answer(slot: Slot, message: HostCallMessage): Promise<void> {
    const pending = slot.busy;
    const call = { id: message.id, service: message.service, method: message.method, args: [] as unknown[] };
    let reply: HostReply;
    try {
      if (pending?.host === undefined)
        throw new Error(`${call.service}.${call.method} is not available here`);
      // JSON.parse holds any depth; a handler that cannot cope with one throws, answered as an error.
      call.args = JSON.parse(message.argsJson) as unknown[];
      reply = { id: call.id, value: await pending.host(call) };
    } catch (error) {
      reply = { id: call.id, error: error instanceof Error ? error.message : String(error) };
    }
    if (slot.busy !== pending || !this.#slots.includes(slot)) return;
    try {
      slot.calls.postMessage(reply);
    } catch (error) {
      slot.calls.postMessage({
        id: call.id,
        error: `the answer cannot be sent to the script: ${String(error)}`,
      });
    }
    Atomics.store(slot.answered, 0, 1);
    Atomics.notify(slot.answered, 0);
  }

  #retire(slot: Slot): void {
    slot.calls.close();
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.busy = undefined;
    const index = this.#slots.indexOf(slot);
    if (index >= 0) this.#slots.splice(index, 1);
    void slot.worker.terminate();
  }
}

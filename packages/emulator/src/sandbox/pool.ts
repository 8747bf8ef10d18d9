// A small pool of worker threads running the QuickJS engine, so that a script spinning for minutes
// never stalls the HTTP server, and a runaway worker can be terminated and replaced.
import { Worker } from 'node:worker_threads';
import type { CheckJob, CheckOutcome, RunJob, RunOutcome, WorkerReply, WorkerRequest } from './types.ts';

/** Extra time granted past a run's own limit before the worker is killed from outside. */
const WATCHDOG_GRACE_MS = 5_000;

// Under the TypeScript sources (tests, `node src/cli.ts`) the worker is the .ts file; in dist, the .js one.
const WORKER_URL = new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js', import.meta.url);

type Pending = {
  request: WorkerRequest;
  resolve: (reply: WorkerReply) => void;
  reject: (error: Error) => void;
  /** Only for runs: how long before the watchdog fires. */
  limitMs?: number;
};

interface Slot {
  worker: Worker;
  busy: Pending | undefined;
  timer: NodeJS.Timeout | undefined;
}

export class SandboxPool {
  readonly #size: number;
  readonly #slots: Slot[] = [];
  readonly #queue: Pending[] = [];
  #nextId = 1;
  #closed = false;

  constructor(size = 2) {
    this.#size = Math.max(1, size);
  }

  async run(job: RunJob): Promise<RunOutcome> {
    const reply = await this.#submit(
      { id: this.#nextId++, type: 'run', job },
      job.timeoutMs + WATCHDOG_GRACE_MS,
    );
    if (reply.type === 'run') return reply.outcome;
    throw new Error(`sandbox worker failed: ${reply.type === 'crash' ? reply.message : reply.type}`);
  }

  async check(job: CheckJob): Promise<CheckOutcome> {
    const reply = await this.#submit({ id: this.#nextId++, type: 'check', job });
    if (reply.type === 'check') return reply.outcome;
    throw new Error(`sandbox worker failed: ${reply.type === 'crash' ? reply.message : reply.type}`);
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const pending of this.#queue.splice(0)) pending.reject(new Error('sandbox pool closed'));
    await Promise.all(
      this.#slots.splice(0).map((slot) => {
        if (slot.timer) clearTimeout(slot.timer);
        slot.busy?.reject(new Error('sandbox pool closed'));
        return slot.worker.terminate();
      }),
    );
  }

  #submit(request: WorkerRequest, limitMs?: number): Promise<WorkerReply> {
    if (this.#closed) return Promise.reject(new Error('sandbox pool closed'));
    return new Promise((resolve, reject) => {
      const pending: Pending = { request, resolve, reject };
      if (limitMs !== undefined) pending.limitMs = limitMs;
      this.#queue.push(pending);
      this.#pump();
    });
  }

  #pump(): void {
    while (this.#queue.length > 0) {
      let slot = this.#slots.find((s) => s.busy === undefined);
      if (slot === undefined) {
        if (this.#slots.length >= this.#size) return;
        slot = this.#spawn();
      }
      const pending = this.#queue.shift();
      if (pending === undefined) return;
      this.#dispatch(slot, pending);
    }
  }

  #dispatch(slot: Slot, pending: Pending): void {
    slot.busy = pending;
    if (pending.limitMs !== undefined && pending.request.type === 'run') {
      const started = Date.now();
      slot.timer = setTimeout(() => {
        // The interrupt handler did not stop the guest: kill the thread and report a timeout.
        this.#retire(slot);
        pending.resolve({
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
      }, pending.limitMs);
    }
    slot.worker.postMessage(pending.request);
  }

  #spawn(): Slot {
    const worker = new Worker(WORKER_URL);
    const slot: Slot = { worker, busy: undefined, timer: undefined };
    worker.on('message', (reply: WorkerReply) => {
      const pending = slot.busy;
      if (slot.timer) clearTimeout(slot.timer);
      slot.timer = undefined;
      slot.busy = undefined;
      if (pending !== undefined && pending.request.id === reply.id) pending.resolve(reply);
      this.#pump();
    });
    const fail = (error: Error) => {
      const pending = slot.busy;
      this.#retire(slot);
      pending?.reject(error);
      this.#pump();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (this.#slots.includes(slot)) fail(new Error(`sandbox worker exited with code ${code}`));
    });
    this.#slots.push(slot);
    return slot;
  }

  #retire(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.busy = undefined;
    const index = this.#slots.indexOf(slot);
    if (index >= 0) this.#slots.splice(index, 1);
    void slot.worker.terminate();
  }
}

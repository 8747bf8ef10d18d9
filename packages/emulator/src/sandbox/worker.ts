// Worker-thread entry: one QuickJS module per worker, one job at a time. Each reply carries the memory
// the worker holds, so the pool can replace a worker a run has grown.
import { flushCompileCache } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { ChannelEnds } from './channel.ts';
import { capWasmMemory, checkJob, memoryInUse, runJob, useWasmModule } from './engine.ts';
import type { WorkerReply, WorkerRequest } from './types.ts';

const port = parentPort;
if (port === null) throw new Error('sandbox/worker must run in a worker thread');

const data = workerData as
  | {
      stop?: Int32Array;
      wasmMemoryBytes?: number;
      wasmModule?: WebAssembly.Module;
      channel?: ChannelEnds;
      flushCompileCache?: boolean;
    }
  | undefined;
/** Set by the pool to stop the current run (see SandboxPool#interrupt); the pool clears it before each job. */
const stop = data?.stop;
if (data?.wasmMemoryBytes !== undefined) capWasmMemory(data.wasmMemoryBytes);
if (data?.wasmModule !== undefined) useWasmModule(data.wasmModule);
// The engine's modules are loaded: write them to Node's compile cache now (see pool.ts).
if (data?.flushCompileCache === true) flushCompileCache();

port.on('message', (request: WorkerRequest) => {
  const work: Promise<WorkerReply> =
    request.type === 'run'
      ? runJob(request.job, stop, data?.channel).then((outcome) => ({ id: request.id, type: 'run', outcome }))
      : checkJob(request.job).then((outcome) => ({ id: request.id, type: 'check', outcome }));
  work
    .catch((error: unknown): WorkerReply => ({ id: request.id, type: 'crash', message: String(error) }))
    .then(async (reply) => {
      const memoryBytes = await memoryInUse().catch(() => 0);
      port.postMessage({ ...reply, memoryBytes });
    });
});

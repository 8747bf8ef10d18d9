// A minor garbage collection (a V8 scavenge), for a loop that relays a stream of Buffers.
//
// Every socket read is a fresh 64 KiB Buffer whose memory lives outside the JS heap. Once relayed
// it is garbage, but V8 only collects it when its young generation fills with the Buffers' small
// JS wrappers: relaying a 1 GiB answer, 35–80 MiB of dead Buffers piled up between collections
// (peaks of process.memoryUsage().arrayBuffers) and the process's RSS kept that high-water mark.
// A scavenge every MiB relayed frees them (about 4 MiB pile up) in a fraction of a millisecond
// each, with no measurable loss of throughput: `bs webhooks listen` relaying 1 GiB peaks at
// 80 MiB of VmHWM with it, 161–168 MiB without (tools/bench/listen.mjs). V8 offers it only through
// `gc`, which `--expose-gc` exposes to contexts created after the flag is set: hence the flag set
// at run time and a new context, once.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Gc = (options: { type: 'minor' }) => void;
let gc: Gc | undefined;

export function minorGc(): void {
  if (gc === undefined) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as Gc;
  }
  gc({ type: 'minor' });
}

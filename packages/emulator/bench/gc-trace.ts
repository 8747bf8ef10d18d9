// Reads the emulator's `--trace-gc --trace-gc-nvp` lines (one per collection, per isolate) so the
// host-memory bench can say why RSS moves, not only that it does: the bytes of the main thread that
// outlive a scavenge (V8 grows the young generation once those pass its size), the young
// generation's size, and the V8 heap of the largest sandbox worker. Tracing changes no GC decision.

/** What the trace says about the interval since the last `take()`. */
export interface GcFigures {
  /** Main thread: bytes promoted plus bytes copied within the young generation by its scavenges. */
  survived: number;
  /** Main thread: size of one semi-space of the young generation at its last scavenge (bytes). */
  semiSpace: number;
  /** The largest V8 heap among the worker threads, as of each one's last collection (bytes). */
  workerHeap: number;
}

// `[pid:isolate:id]  123 ms: pause=… gc=s … promoted=N … new_space_survived=N … new_space_capacity=N …`
const LINE = /^\[\d+:0x[0-9a-f]+:(\d+)\]/;
const field = (line: string, name: string): number =>
  Number(new RegExp(` ${name}=(\\d+)`).exec(line)?.[1] ?? Number.NaN);

export class GcTrace {
  #survived = 0;
  #semiSpace = Number.NaN;
  readonly #workerHeaps = new Map<string, number>();

  /** Takes one line of the emulator's stdout; lines that are not GC traces are ignored. */
  add(line: string): void {
    const isolate = LINE.exec(line)?.[1];
    if (isolate === undefined || !line.includes(' gc=')) return;
    // Isolate 0 is the process's main thread; the others are workers (the runs' and the compiler's).
    if (isolate !== '0') {
      this.#workerHeaps.set(isolate, field(line, 'end_memory_size'));
      return;
    }
    if (!line.includes(' gc=s ')) return;
    this.#survived += field(line, 'promoted') + field(line, 'new_space_survived');
    // One semi-space (the young generation commits two): what V8 doubles, and what the bytes
    // surviving scavenges since its last growth are compared with.
    this.#semiSpace = field(line, 'new_space_capacity');
  }

  /** The figures since the previous call. */
  take(): GcFigures {
    const figures = {
      survived: this.#survived,
      semiSpace: this.#semiSpace,
      workerHeap: Math.max(0, ...this.#workerHeaps.values()),
    };
    this.#survived = 0;
    return figures;
  }
}

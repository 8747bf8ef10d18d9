// The emulator's clock: the machine's time plus an offset that `POST /__emulator/clock` moves ahead.
// Scripts see it (`new Date()`), caches expire by it and time-driven triggers fall due by it. A reset
// (any replaced state) puts it back to the machine's time.
import type { AppsScriptBackend } from '../apps-script/backend.ts';

class EmulatorClock {
  offsetMs = 0;
  /** The state generation this offset belongs to. */
  generation: number;
  constructor(generation: number) {
    this.generation = generation;
  }
  now(): number {
    return Date.now() + this.offsetMs;
  }
}

const clocks = new WeakMap<AppsScriptBackend, EmulatorClock>();

export function clockOf(b: AppsScriptBackend): EmulatorClock {
  let clock = clocks.get(b);
  if (clock === undefined || clock.generation !== b.generation) {
    clock = new EmulatorClock(b.generation);
    clocks.set(b, clock);
  }
  return clock;
}

// How a long-running command (the emulator, a webhook listener) waits to be stopped.
import { once } from 'node:events';

/**
 * Resolves on the first SIGINT or SIGTERM, or when `stop` aborts (how a run through `main()` in
 * another program, a test, ends it), then removes its listeners: nothing stays on the process afterwards.
 */
export async function untilStopped(stop?: AbortSignal): Promise<void> {
  if (stop?.aborted === true) return;
  const done = new AbortController();
  try {
    await Promise.race([
      once(process, 'SIGINT', { signal: done.signal }),
      once(process, 'SIGTERM', { signal: done.signal }),
      ...(stop === undefined ? [] : [once(stop, 'abort', { signal: done.signal })]),
    ]);
  } finally {
    done.abort();
  }
}

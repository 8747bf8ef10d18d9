// How a long-running command (the emulator, a webhook listener) waits to be stopped.
import { once } from 'node:events';

/**
 * Resolves on the first SIGINT or SIGTERM, then removes both listeners: nothing stays on the process
 * afterwards (a run through `main()` inside another program leaves no handler behind).
 */
export async function untilStopped(): Promise<void> {
  const done = new AbortController();
  try {
    await Promise.race([
      once(process, 'SIGINT', { signal: done.signal }),
      once(process, 'SIGTERM', { signal: done.signal }),
    ]);
  } finally {
    done.abort();
  }
}

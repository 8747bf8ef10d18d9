// How a long-running command is stopped: SIGINT/SIGTERM for the process, an AbortSignal in-process.
import { describe, expect, it } from 'vitest';
import { untilStopped } from '../../src/cli/signals.js';

describe('untilStopped', () => {
  it('ends when the run is aborted, and leaves no signal handler behind', async () => {
    const before = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')];
    const stop = new AbortController();
    const stopped = untilStopped(stop.signal);
    expect(process.listenerCount('SIGINT')).toBe((before[0] ?? 0) + 1);
    stop.abort();
    await stopped;
    expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual(before);
  });

  it('returns at once when the run was already aborted', async () => {
    await expect(untilStopped(AbortSignal.abort())).resolves.toBeUndefined();
  });
});

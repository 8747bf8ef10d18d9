import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { raceSignal, sleep } from '../src/abort.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('sleep', () => {
  it('resolves after the given time', async () => {
    let done = false;
    const promise = sleep(1000, new AbortController().signal, () => new Error('aborted')).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await promise;
    expect(done).toBe(true);
  });

  it('rejects at once when the signal aborts, and when it is already aborted', async () => {
    const controller = new AbortController();
    const promise = sleep(10_000, controller.signal, () => new Error('stopped'));
    controller.abort();
    await expect(promise).rejects.toThrow('stopped');
    expect(vi.getTimerCount()).toBe(0);
    await expect(sleep(10, controller.signal, () => new Error('early'))).rejects.toThrow('early');
  });
});

describe('raceSignal', () => {
  it('settles like the work when the signal stays quiet', async () => {
    await expect(raceSignal(Promise.resolve(1), new AbortController().signal)).resolves.toBe(1);
    await expect(raceSignal(Promise.reject(new Error('no')), new AbortController().signal)).rejects.toThrow(
      'no',
    );
  });

  it('rejects with the abort reason even if the work never settles', async () => {
    const controller = new AbortController();
    const promise = raceSignal(new Promise<never>(() => {}), controller.signal);
    controller.abort(new Error('reason'));
    await expect(promise).rejects.toThrow('reason');
  });

  it('cancels the body of a response that arrives after the abort', async () => {
    const controller = new AbortController();
    controller.abort();
    let cancelled = false;
    const body = new ReadableStream({
      cancel() {
        cancelled = true;
      },
    });
    await expect(raceSignal(Promise.resolve(new Response(body)), controller.signal)).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(0);
    expect(cancelled).toBe(true);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppsScriptClient, RUN_TIMEOUT_MS, TimeoutError } from '../src/index.js';
import { DEPLOYMENT_ID, TOKEN } from './fake-fetch.js';

/** A fetch that never answers; it rejects like the real one when the attempt is aborted. */
const hang = (request: Request): Promise<Response> =>
  new Promise((_resolve, reject) => {
    request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
  });

afterEach(() => {
  vi.useRealTimers();
});

describe('scripts.run timeout', () => {
  it('outlasts Google’s 6-minute execution limit by default, whatever the client timeout', async () => {
    vi.useFakeTimers();
    const client = createAppsScriptClient({ auth: TOKEN, fetch: hang, timeout: 10_000 });
    let settled: unknown = 'pending';
    const run = client.scripts.run({ deploymentId: DEPLOYMENT_ID, function: 'slow' }).then(
      () => 'resolved',
      (error: unknown) => error,
    );
    void run.then((outcome) => {
      settled = outcome;
    });
    await vi.advanceTimersByTimeAsync(6 * 60_000 + 1_000);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(RUN_TIMEOUT_MS - 6 * 60_000);
    expect(await run).toBeInstanceOf(TimeoutError);
  });

  it('takes a per-call timeout', async () => {
    vi.useFakeTimers();
    const client = createAppsScriptClient({ auth: TOKEN, fetch: hang });
    const run = client.scripts
      .run({ deploymentId: DEPLOYMENT_ID, function: 'quick' }, { timeout: 5_000 })
      .catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5_001);
    expect(await run).toBeInstanceOf(TimeoutError);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.ts';
import { API_KEY, strictEmulator } from './helpers.ts';

// A browser app on another origin calls the emulator as it would call Google's API: the browser
// sends a preflight first (custom headers, JSON bodies) and reads the answer only when it allows the
// origin. The browser test of the clients (packages/docs test:browser) drives this end to end.
const ORIGIN = 'http://127.0.0.1:4321';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await strictEmulator({ seed: true });
});
afterAll(async () => {
  expect(emulator.violations()).toEqual([]);
  await emulator.close();
});

describe('CORS', () => {
  it('answers a preflight with the origin, the requested method and headers allowed, and changes nothing', async () => {
    const before = emulator.state();
    const response = await fetch(`${emulator.bugsmashUrl}/project/generate-review-link`, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-api-key',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type,x-api-key');
    expect(Number(response.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    expect(response.headers.get('vary')).toContain('Origin');
    expect(await response.text()).toBe('');
    expect(emulator.state()).toEqual(before);
  });

  it('allows the origin on every answer, errors included, and exposes the headers a client reads', async () => {
    const ok = await fetch(`${emulator.bugsmashUrl}/projects`, {
      headers: { origin: ORIGIN, 'x-api-key': API_KEY },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(ok.headers.get('access-control-expose-headers')).toMatch(/ETag/);
    expect(ok.headers.get('access-control-expose-headers')).toMatch(/Retry-After/);

    const missing = await fetch(`${emulator.appsScriptUrl}/v1/projects/no-such-script`, {
      headers: { origin: ORIGIN, authorization: 'Bearer ada-demo-token' },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });

  it('adds nothing to a request without an Origin, and leaves a plain OPTIONS to the service', async () => {
    const response = await fetch(`${emulator.bugsmashUrl}/projects`, { headers: { 'x-api-key': API_KEY } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const options = await fetch(`${emulator.bugsmashUrl}/projects`, {
      method: 'OPTIONS',
      headers: { origin: ORIGIN },
    });
    expect(options.status).not.toBe(204);
    expect(options.headers.get('access-control-allow-methods')).toBeNull();
  });
});

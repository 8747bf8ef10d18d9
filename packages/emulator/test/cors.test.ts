import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../src/index.ts';
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

describe('the CORS policy', () => {
  const FOREIGN = 'https://evil.example';

  it('refuses a page on a foreign origin before any service sees it: preflight, simple POST, run', async () => {
    const before = emulator.state();
    const preflight = await fetch(`${emulator.appsScriptUrl}/v1/projects`, {
      method: 'OPTIONS',
      headers: { origin: FOREIGN, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    // A "simple" request needs no preflight: the browser sends it and only hides the answer.
    const create = await fetch(`${emulator.appsScriptUrl}/v1/projects?access_token=anything`, {
      method: 'POST',
      headers: { origin: FOREIGN, 'content-type': 'text/plain' },
      body: JSON.stringify({ title: 'from a web page' }),
    });
    expect(create.status).toBe(403);
    const body = (await create.json()) as { error: { status: string; message: string } };
    expect(body.error.status).toBe('PERMISSION_DENIED');
    expect(body.error.message).toContain('--allow-origin https://evil.example');
    const run = await fetch(`${emulator.appsScriptUrl}/v1/scripts/any:run`, {
      method: 'POST',
      headers: { origin: 'null', authorization: 'Bearer anything', 'content-type': 'application/json' },
      body: JSON.stringify({ function: 'main' }),
    });
    expect(run.status).toBe(403);
    expect(emulator.state()).toEqual(before);
  });

  it('allows loopback pages on any port, and the origins the emulator is started with', async () => {
    for (const origin of ['http://localhost:3000', 'http://[::1]:8080', 'http://app.localhost:5173']) {
      const answer = await fetch(`${emulator.bugsmashUrl}/projects`, {
        headers: { origin, 'x-api-key': API_KEY },
      });
      expect({ origin, status: answer.status }).toEqual({ origin, status: 200 });
    }
    const allowing = await startEmulator({ allowedOrigins: ['https://app.example.com'] });
    try {
      const allowed = await fetch(`${allowing.appsScriptUrl}/v1/projects/none`, {
        headers: { origin: 'https://app.example.com', authorization: 'Bearer t' },
      });
      expect(allowed.status).toBe(404);
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
      const other = await fetch(`${allowing.appsScriptUrl}/v1/projects/none`, {
        headers: { origin: 'https://other.example.com', authorization: 'Bearer t' },
      });
      expect(other.status).toBe(403);
    } finally {
      await allowing.close();
    }
  });
});

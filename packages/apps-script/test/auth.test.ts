import { describe, expect, it } from 'vitest';
import { apiKeyQuery, bearerAuth, createAppsScriptClient } from '../src/index.js';
import { fakeFetch, json, only, SCRIPT_ID } from './fake-fetch.js';

const get = async (auth: Parameters<typeof createAppsScriptClient>[0]) => {
  const fake = fakeFetch(() => json(200, {}));
  await createAppsScriptClient({ ...auth, fetch: fake.fetch }).projects.get({ scriptId: SCRIPT_ID });
  return only(fake.calls);
};

describe('auth', () => {
  it('sends a static bearer token', async () => {
    const call = await get({ auth: 'tok-1' });
    expect(call.headers.get('authorization')).toBe('Bearer tok-1');
    expect(call.url.searchParams.has('key')).toBe(false);
  });

  it('asks an async token provider on every request (google-auth-library shape { token })', async () => {
    let n = 0;
    const fake = fakeFetch(() => json(200, {}));
    const client = createAppsScriptClient({ auth: async () => ({ token: `tok-${++n}` }), fetch: fake.fetch });
    await client.projects.get({ scriptId: SCRIPT_ID });
    await client.projects.get({ scriptId: SCRIPT_ID });
    expect(fake.calls.map((call) => call.headers.get('authorization'))).toEqual([
      'Bearer tok-1',
      'Bearer tok-2',
    ]);
  });

  it('sends an API key as the key query parameter', async () => {
    const call = await get({ auth: { apiKey: 'AIza-key' } });
    expect(call.url.searchParams.get('key')).toBe('AIza-key');
    expect(call.headers.get('authorization')).toBeNull();
  });

  it('combines a token and an API key', async () => {
    const call = await get({ auth: { token: 'tok', apiKey: 'AIza-key' } });
    expect(call.headers.get('authorization')).toBe('Bearer tok');
    expect(call.url.searchParams.get('key')).toBe('AIza-key');
  });

  it('accepts any AuthStrategy', async () => {
    expect((await get({ auth: bearerAuth('strategy-token') })).headers.get('authorization')).toBe(
      'Bearer strategy-token',
    );
    expect((await get({ auth: apiKeyQuery('key', 'k2') })).url.searchParams.get('key')).toBe('k2');
  });

  it('sends no credentials without auth', async () => {
    const call = await get({});
    expect(call.headers.get('authorization')).toBeNull();
    expect(call.url.search).toBe('');
  });

  it('refuses an auth object with neither token nor apiKey', () => {
    expect(() => createAppsScriptClient({ auth: {} })).toThrow(
      /needs a token, an apiKey, or an AuthStrategy/,
    );
  });

  it('names the package in the user agent, with the caller suffix', async () => {
    const fake = fakeFetch(() => json(200, {}));
    await createAppsScriptClient({ fetch: fake.fetch, userAgent: 'my-app/2.0' }).projects.get({
      scriptId: SCRIPT_ID,
    });
    expect(only(fake.calls).headers.get('user-agent')).toMatch(
      / @specbound\/apps-script\/0\.1\.0 my-app\/2\.0$/,
    );
  });

  it('logs each attempt with the key redacted', async () => {
    const events: { url: string; status?: number }[] = [];
    const fake = fakeFetch(() => json(200, {}));
    const client = createAppsScriptClient({
      auth: { apiKey: 'AIza-secret' },
      fetch: fake.fetch,
      logger: (event) => events.push(event),
    });
    await client.projects.get({ scriptId: SCRIPT_ID });
    expect(events).toHaveLength(1);
    expect(events[0]?.status).toBe(200);
    expect(events[0]?.url).not.toContain('AIza-secret');
  });
});

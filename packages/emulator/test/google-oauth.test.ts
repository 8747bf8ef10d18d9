// The emulator's stand-in for https://oauth2.googleapis.com/token: any refresh token gets a local
// access token, the same one every time, which the Apps Script API then accepts.
import { auth, script } from '@googleapis/script';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.ts';
import { strictEmulator } from './helpers.ts';

let emulator: RunningEmulator;
let tokenUrl: string;

beforeAll(async () => {
  emulator = await strictEmulator();
  tokenUrl = `${emulator.appsScriptUrl}/oauth2/token`;
});
afterAll(() => emulator?.close());

function refresh(body: Record<string, string>, init: RequestInit = {}): Promise<Response> {
  return fetch(tokenUrl, { method: 'POST', body: new URLSearchParams(body), ...init });
}

describe('POST /oauth2/token', () => {
  it('answers any refresh token with a stable local access token that is not the refresh token', async () => {
    const res = await refresh({
      grant_type: 'refresh_token',
      refresh_token: 'my-dummy-refresh',
      client_id: 'x.apps.googleusercontent.com',
      client_secret: 'shh',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({
      access_token: expect.stringMatching(/^ya29\.local-/),
      expires_in: 3599,
      token_type: 'Bearer',
    });
    expect(String(body.access_token)).not.toContain('my-dummy-refresh');

    const again = (await (
      await refresh({ grant_type: 'refresh_token', refresh_token: 'my-dummy-refresh' })
    ).json()) as {
      access_token: string;
    };
    expect(again.access_token).toBe(body.access_token);
    const other = (await (
      await refresh({ grant_type: 'refresh_token', refresh_token: 'someone-else' })
    ).json()) as {
      access_token: string;
    };
    expect(other.access_token).not.toBe(body.access_token);
  });

  it('takes a JSON body too', async () => {
    const res = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'refresh_token',
        refresh_token: 'r',
        scope: 'https://www.googleapis.com/auth/script.projects',
      }),
    });
    expect(await res.json()).toMatchObject({
      token_type: 'Bearer',
      scope: 'https://www.googleapis.com/auth/script.projects',
    });
  });

  it("refuses what Google's token endpoint refuses, with its error body", async () => {
    const missing = await refresh({ grant_type: 'refresh_token' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      error: 'invalid_request',
      error_description: 'Missing required parameter: refresh_token',
    });
    const code = await refresh({ grant_type: 'authorization_code', code: 'abc' });
    expect(code.status).toBe(400);
    expect(await code.json()).toMatchObject({ error: 'unsupported_grant_type' });
    expect((await fetch(tokenUrl)).status).toBe(405);
    expect((await fetch(`${emulator.appsScriptUrl}/oauth2/tokeninfo`)).status).toBe(404);
  });

  it("google-auth-library's OAuth2Client refreshes an expired token there and the Apps Script API accepts it", async () => {
    const credentials = new auth.OAuth2({
      clientId: 'dummy.apps.googleusercontent.com',
      clientSecret: 'dummy-secret',
      endpoints: { oauth2TokenUrl: tokenUrl },
    });
    credentials.setCredentials({ refresh_token: 'dev-refresh', access_token: 'stale', expiry_date: 1 });
    const api = script({
      version: 'v1',
      rootUrl: `${emulator.appsScriptUrl}/`,
      auth: credentials,
      retry: false,
    });
    const created = await api.projects.create({ requestBody: { title: 'refreshed' } });
    expect(credentials.credentials.access_token).toMatch(/^ya29\.local-/);
    // The same refresh token is the same user on every run: the creator of what it made.
    const project = await api.projects.get({ scriptId: created.data.scriptId ?? '' });
    expect(project.data.creator?.email).toBe(created.data.creator?.email);
    expect(created.data.creator?.email).toMatch(/@example\.com$/);
  });
});

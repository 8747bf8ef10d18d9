// The MSW handlers with MSW's own Node server: our client, Google's @googleapis/script (on gaxios)
// and plain fetch all reach the in-process emulator with nothing pointed anywhere.
import { auth, script } from '@googleapis/script';
import { createAppsScriptClient } from '@specbound/apps-script';
import { createBugSmashClient } from '@specbound/bugsmash';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmulatorFetch } from '../src/fetch.ts';
import { DEFAULT_BUGSMASH_API_KEY } from '../src/index.ts';
import { emulatorHandlers } from '../src/msw.ts';

const inProcess = await createEmulatorFetch({ strict: true });
// A handler of the user's own after ours: reached only if ours leave its host alone.
const server = setupServer(
  ...emulatorHandlers(inProcess),
  http.get('https://example.com/mine', () => HttpResponse.text('the user’s own handler')),
);
server.listen({ onUnhandledRequest: 'error' });
afterAll(async () => {
  server.close();
  await inProcess.close();
});
beforeEach(() => inProcess.reset());

describe('emulatorHandlers with setupServer', () => {
  it('serves @googleapis/script on its default root URL', async () => {
    const credentials = new auth.OAuth2();
    credentials.setCredentials({ access_token: 'ada-token' });
    const api = script({ version: 'v1', auth: credentials, retry: false });
    const created = await api.projects.create({ requestBody: { title: 'through msw' } });
    expect(created.status).toBe(200);
    const scriptId = created.data.scriptId ?? '';
    const got = await api.projects.get({ scriptId, fields: 'scriptId,title' });
    expect(got.data).toEqual({ scriptId, title: 'through msw' });
  });

  it('serves our clients through the global fetch, and keeps state across them', async () => {
    // Handed the global fetch explicitly: @specbound/http's own Node transport (before issue #21's
    // return to the runtime's fetch) binds node:https at import, out of MSW's reach.
    const viaGlobal: typeof fetch = (input, init) => fetch(input, init);
    const apps = createAppsScriptClient({ auth: 'ada-token', retry: false, fetch: viaGlobal });
    const created = await apps.projects.create({ title: 'shared state' });
    expect(inProcess.emulator.state().appsScript.projects).toEqual([
      expect.objectContaining({ scriptId: created.scriptId, title: 'shared state' }),
    ]);
    const bugs = createBugSmashClient({ apiKey: DEFAULT_BUGSMASH_API_KEY, retry: false, fetch: viaGlobal });
    expect((await bugs.projects.list()).data).toEqual([]);
  });

  it('serves plain fetch, faults included', async () => {
    await inProcess.emulator.addFault({
      service: 'bugsmash',
      operationId: 'listProjects',
      status: 200,
      body: { status: true, data: 'not a list' },
      checked: false,
    });
    const response = await fetch('https://api.bugsmash.io/api/v2/projects', {
      headers: { 'x-api-key': DEFAULT_BUGSMASH_API_KEY },
    });
    expect(await response.json()).toEqual({ status: true, data: 'not a list' });
  });

  it('leaves other hosts to the handlers after them', async () => {
    expect(await (await fetch('https://example.com/mine')).text()).toBe('the user’s own handler');
  });
});

import { createBugSmashClient } from '@specbound/bugsmash';
import { createEmulatorFetch } from '@specbound/emulator/fetch';
import { emulatorHandlers } from '@specbound/emulator/msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';

// MSW answers for script.googleapis.com, oauth2.googleapis.com and api.bugsmash.io from the emulator,
// so code that calls them through any client (or plain fetch) runs unchanged.
const inProcess = await createEmulatorFetch();
const server = setupServer(...emulatorHandlers(inProcess));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => inProcess.reset());
afterAll(async () => {
  server.close();
  await inProcess.close();
});

test('plain fetch reaches the emulated BugSmash API', async () => {
  const response = await fetch('https://api.bugsmash.io/api/v2/projects', {
    headers: { 'X-API-Key': 'local-emulator-key' },
  });
  expect(await response.json()).toMatchObject({ status: true, data: [] });
});

test('so does a client using the global fetch', async () => {
  const bugsmash = createBugSmashClient({
    apiKey: 'local-emulator-key',
    fetch: (request) => fetch(request),
  });
  expect((await bugsmash.projects.list()).data).toEqual([]);
});

import { createAppsScriptClient } from '@specbound/apps-script';
import { createBugSmashClient } from '@specbound/bugsmash';
import { type RunningEmulator, startEmulator } from '@specbound/emulator';
import { afterAll, beforeAll, expect, test } from 'vitest';

// A real loopback server, for code that runs in another process (a CLI, a browser) or needs a URL.
let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: true });
});
afterAll(() => emulator.close());

test('both clients against the HTTP emulator', async () => {
  const appsScript = createAppsScriptClient({ baseUrl: emulator.appsScriptUrl, auth: 'ada-demo-token' });
  const bugsmash = createBugSmashClient({ baseUrl: emulator.bugsmashUrl, apiKey: 'local-emulator-key' });
  const { scriptId } = await appsScript.projects.create({ title: 'Over HTTP' });
  expect(scriptId).toBeTypeOf('string');
  expect((await bugsmash.projects.list()).data.length).toBeGreaterThan(0);
});

import { createAppsScriptClient, RateLimitError } from '@specbound/apps-script';
import { createEmulatorFetch } from '@specbound/emulator/fetch';
import { afterAll, beforeEach, expect, test } from 'vitest';

// The whole emulator behind a fetch: no port, no process. The client keeps its default base URL.
const inProcess = await createEmulatorFetch();
beforeEach(() => inProcess.reset()); // a fresh, empty state for every test
afterAll(() => inProcess.close());

const appsScript = createAppsScriptClient({ auth: 'any-token', fetch: inProcess.fetch, retry: false });

test('creates and reads a project', async () => {
  const { scriptId } = await appsScript.projects.create({ title: 'Invoices' });
  expect(await appsScript.projects.get({ scriptId: String(scriptId) })).toMatchObject({ title: 'Invoices' });
});

test('surfaces a rate limit', async () => {
  await inProcess.emulator.addFault({
    service: 'apps-script',
    operationId: 'getProject',
    status: 429,
    headers: { 'Retry-After': '30' },
    body: { error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' } },
  });
  await expect(appsScript.projects.get({ scriptId: 'any' })).rejects.toBeInstanceOf(RateLimitError);
});

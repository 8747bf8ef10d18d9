// Cloud Logging v2 `entries.list` on the emulator's Google origin: each run's lines as entries with
// Apps Script's labels, Google's filter subset, order and paging, and Google's 400 for the rest.
import {
  APPS_SCRIPT_LABELS,
  appsScriptFilter,
  BadRequestError,
  createLoggingClient,
} from '@specbound/logging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.ts';
import { appsScript, deployScript, strictEmulator } from './helpers.ts';

const CODE = [
  "function report(n) { console.log('counting %d', n); console.warn('low stock'); Logger.log('done'); return n; }",
  "function fail() { console.info('about to fail'); throw new Error('No invoices to send'); }",
].join('\n');
const RESOURCE = ['projects/my-gcp-project'];

let emulator: RunningEmulator;
let deploymentId: string;
let scriptId: string;
const logging = () =>
  createLoggingClient({ auth: 'ada-token', baseUrl: emulator.appsScriptUrl, retry: false });

beforeAll(async () => {
  emulator = await strictEmulator();
  const client = appsScript(emulator);
  ({ scriptId, deploymentId } = await deployScript(client, { title: 'Logs', code: CODE }));
  await client.scripts.run({ deploymentId, function: 'report', parameters: [1] });
  await client.scripts.run({ deploymentId, function: 'report', parameters: [2] });
  await client.scripts.run({ deploymentId, function: 'fail' }).catch(() => undefined);
});
afterAll(() => emulator.close());

describe('entries.list on the emulator', () => {
  it('lists every run’s lines, oldest first, with the resource and labels Apps Script writes', async () => {
    const { entries = [] } = await logging().entries.list({ resourceNames: RESOURCE });
    expect(entries.map((e) => [e.severity, e.textPayload ?? e.jsonPayload?.message])).toEqual([
      ['INFO', 'counting 1'],
      ['WARNING', 'low stock'],
      ['INFO', 'done'],
      ['INFO', 'counting 2'],
      ['WARNING', 'low stock'],
      ['INFO', 'done'],
      ['INFO', 'about to fail'],
      ['ERROR', 'No invoices to send'],
    ]);
    const [first] = entries;
    expect(first?.logName).toBe('projects/my-gcp-project/logs/script.googleapis.com%2Fconsole_logs');
    expect(first?.resource).toEqual({
      type: 'app_script_function',
      labels: { project_id: 'my-gcp-project', function_name: 'report', invocation_type: 'execution API' },
    });
    expect(first?.labels?.[APPS_SCRIPT_LABELS.projectKey]).toBe(scriptId);
    expect(first?.labels?.[APPS_SCRIPT_LABELS.deploymentId]).toBe(deploymentId);
    expect(first?.labels?.[APPS_SCRIPT_LABELS.userKey]).not.toContain('@');
    const processes = new Set(entries.map((e) => e.labels?.[APPS_SCRIPT_LABELS.processId]));
    expect(processes.size).toBe(3);
    expect(new Set(entries.map((e) => e.insertId)).size).toBe(entries.length);
  });

  it('filters by process id, function, severity and time, joined by AND', async () => {
    const all = (await logging().entries.list({ resourceNames: RESOURCE })).entries ?? [];
    const processId = all[3]?.labels?.[APPS_SCRIPT_LABELS.processId] ?? '';
    const one = await logging().entries.list({
      resourceNames: RESOURCE,
      filter: appsScriptFilter({ processId }),
    });
    expect(one.entries?.map((e) => e.textPayload)).toEqual(['counting 2', 'low stock', 'done']);
    const warnings = await logging().entries.list({
      resourceNames: RESOURCE,
      filter: appsScriptFilter({
        functionName: 'report',
        severity: 'WARNING',
        since: new Date(Date.now() - 60_000),
      }),
    });
    expect(warnings.entries?.map((e) => e.textPayload)).toEqual(['low stock', 'low stock']);
    const future = await logging().entries.list({
      resourceNames: RESOURCE,
      filter: `timestamp>="${new Date(Date.now() + 60_000).toISOString()}" severity>=DEBUG`,
    });
    expect(future).toEqual({});
  });

  it('orders newest first and pages with nextPageToken', async () => {
    const client = logging();
    const desc = await client.entries.list({
      resourceNames: RESOURCE,
      orderBy: 'timestamp desc',
      pageSize: 3,
    });
    expect(desc.entries?.map((e) => e.severity)).toEqual(['ERROR', 'INFO', 'INFO']);
    expect(desc.nextPageToken).toBeTypeOf('string');
    const all = await client.entries.iterate({ resourceNames: RESOURCE, pageSize: 3 }).all();
    expect(all).toHaveLength(8);
  });

  it.each([
    'severity>=LOUD',
    'severity>=WARNING OR textPayload:"x"',
    '(severity>=WARNING)',
    'timestamp>="yesterday"',
    'httpRequest.status=500',
  ])('answers Google’s 400 INVALID_ARGUMENT for a filter it cannot read: %s', async (filter) => {
    const error = await logging()
      .entries.list({ resourceNames: RESOURCE, filter })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).body?.error.status).toBe('INVALID_ARGUMENT');
  });

  it('refuses a resource name that is not a project, and a request without a token', async () => {
    await expect(logging().entries.list({ resourceNames: ['folders/'] })).rejects.toBeInstanceOf(
      BadRequestError,
    );
    const anonymous = createLoggingClient({ baseUrl: emulator.appsScriptUrl, retry: false });
    await expect(anonymous.entries.list({ resourceNames: RESOURCE })).rejects.toThrow(/401/);
  });

  it('starts empty again after a reset', async () => {
    await fetch(`${emulator.controlUrl}/reset`, { method: 'POST' });
    expect(await logging().entries.list({ resourceNames: RESOURCE })).toEqual({});
  });
});

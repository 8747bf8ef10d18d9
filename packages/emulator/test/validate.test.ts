// Response validation end to end: the emulator answers off the spec on purpose (a fault registered
// with `checked: false`), and each client's `./validate` entry reports it or throws.
import { createAppsScriptClient } from '@specbound/apps-script';
import * as appsValidate from '@specbound/apps-script/validate';
import { createBugSmashClient } from '@specbound/bugsmash';
import * as bugsValidate from '@specbound/bugsmash/validate';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmulatorFetch } from '../src/fetch.ts';
import { DEFAULT_BUGSMASH_API_KEY } from '../src/index.ts';

const PROJECT_ID = '9b2f6c1e-3d4a-4e5b-8c7d-1a2b3c4d5e6f';
const inProcess = await createEmulatorFetch();
afterAll(() => inProcess.close());
beforeEach(() => inProcess.reset());

const offSpecProject = () =>
  inProcess.emulator.addFault({
    service: 'apps-script',
    operationId: 'getProject',
    status: 200,
    body: { scriptId: '1abc', title: ['not', 'a', 'string'] },
    checked: false,
  });
const offSpecComments = () =>
  inProcess.emulator.addFault({
    service: 'bugsmash',
    operationId: 'listComments',
    status: 200,
    body: { status: true, message: 'OK', data: {} },
    checked: false,
  });

describe('validation of answers that break the spec, injected through the emulator', () => {
  it('Apps Script: reported in report mode, thrown in throw mode', async () => {
    const reports: appsValidate.ResponseReport[] = [];
    const reporting = createAppsScriptClient({
      auth: 'ada-token',
      fetch: appsValidate.validatingFetch({
        mode: 'report',
        fetch: inProcess.fetch,
        onReport: (r) => reports.push(r),
      }),
    });
    await offSpecProject();
    await expect(reporting.projects.get({ scriptId: '1abc' })).resolves.toMatchObject({ scriptId: '1abc' });
    expect(reports).toEqual([
      {
        operation: 'getProject',
        method: 'GET',
        path: '/v1/projects/1abc',
        status: 200,
        problems: [{ pointer: '/title', expected: 'string', got: ['not', 'a', 'string'] }],
      },
    ]);

    const throwing = createAppsScriptClient({
      auth: 'ada-token',
      fetch: appsValidate.validatingFetch({ mode: 'throw', fetch: inProcess.fetch }),
    });
    await offSpecProject();
    const error = await throwing.projects.get({ scriptId: '1abc' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(appsValidate.ResponseValidationError);
    expect((error as appsValidate.ResponseValidationError).report).toEqual(reports[0]);
  });

  it('BugSmash: reported in report mode, thrown in throw mode', async () => {
    const reports: bugsValidate.ResponseReport[] = [];
    const reporting = createBugSmashClient({
      apiKey: DEFAULT_BUGSMASH_API_KEY,
      fetch: bugsValidate.validatingFetch({
        mode: 'report',
        fetch: inProcess.fetch,
        onReport: (r) => reports.push(r),
      }),
    });
    await offSpecComments();
    await reporting.comments.list({ projectId: PROJECT_ID }).catch(() => {});
    expect(reports[0]).toMatchObject({
      operation: 'listComments',
      path: '/api/v2/comments',
      problems: expect.arrayContaining([{ pointer: '/data', expected: 'array', got: {} }]),
    });

    const throwing = createBugSmashClient({
      apiKey: DEFAULT_BUGSMASH_API_KEY,
      fetch: bugsValidate.validatingFetch({ mode: 'throw', fetch: inProcess.fetch }),
    });
    await offSpecComments();
    await expect(throwing.comments.list({ projectId: PROJECT_ID })).rejects.toBeInstanceOf(
      bugsValidate.ResponseValidationError,
    );
  });

  it('reports nothing for what the emulator answers on its own', async () => {
    const reports: appsValidate.ResponseReport[] = [];
    const client = createAppsScriptClient({
      auth: 'ada-token',
      fetch: appsValidate.validatingFetch({
        mode: 'report',
        fetch: inProcess.fetch,
        onReport: (r) => reports.push(r),
      }),
    });
    const created = await client.projects.create({ title: 'valid' });
    await client.projects.get({ scriptId: String(created.scriptId) });
    await client.projects.get({ scriptId: 'missing' }).catch(() => {});
    expect(reports).toEqual([]);
  });
});

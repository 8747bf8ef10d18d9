// Google's own Apps Script client (`@googleapis/script`, on gaxios), pointed at the emulator with
// `rootUrl` and nothing else changed, through every one of its 16 methods.
import { auth, script } from '@googleapis/script';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.ts';
import { strictEmulator } from './helpers.ts';

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await strictEmulator();
});
afterAll(() => emulator?.close());

function client(token = 'ada-token') {
  const credentials = new auth.OAuth2();
  credentials.setCredentials({ access_token: token });
  return script({ version: 'v1', rootUrl: `${emulator.appsScriptUrl}/`, auth: credentials, retry: false });
}

const CODE = `function add(a, b) { Logger.log('adding'); return a + b; }
function fail() { throw new TypeError('no invoice'); }`;
const MANIFEST = JSON.stringify({
  timeZone: 'Etc/UTC',
  runtimeVersion: 'V8',
  executionApi: { access: 'ANYONE' },
});

describe('@googleapis/script against the emulator (rootUrl)', () => {
  it('completes a whole flow through all 16 methods', async () => {
    const api = client();

    // projects.create, projects.get (with a `fields` partial response)
    const created = await api.projects.create({ requestBody: { title: 'googleapis flow' } });
    expect(created.status).toBe(200);
    const scriptId = created.data.scriptId ?? '';
    expect(scriptId).toMatch(/^1/);
    const got = await api.projects.get({ scriptId, fields: 'scriptId,title' });
    expect(got.data).toEqual({ scriptId, title: 'googleapis flow' });

    // projects.updateContent, projects.getContent
    const files = [
      { name: 'appsscript', type: 'JSON', source: MANIFEST },
      { name: 'Code', type: 'SERVER_JS', source: CODE },
    ];
    const updated = await api.projects.updateContent({ scriptId, requestBody: { files } });
    expect(updated.data.files?.map((f) => f.name)).toEqual(['appsscript', 'Code']);
    const content = await api.projects.getContent({ scriptId });
    expect(content.data.files?.find((f) => f.name === 'Code')?.source).toBe(CODE);

    // projects.versions.create, .get, .list
    const version = await api.projects.versions.create({ scriptId, requestBody: { description: 'v1' } });
    expect(version.data).toMatchObject({ scriptId, versionNumber: 1, description: 'v1' });
    expect((await api.projects.versions.get({ scriptId, versionNumber: 1 })).data.description).toBe('v1');
    expect(
      (await api.projects.versions.list({ scriptId })).data.versions?.map((v) => v.versionNumber),
    ).toEqual([1]);

    // projects.deployments.create, .get, .list, .update
    const deployment = await api.projects.deployments.create({
      scriptId,
      requestBody: { versionNumber: 1, manifestFileName: 'appsscript', description: 'API' },
    });
    const deploymentId = deployment.data.deploymentId ?? '';
    expect(deploymentId).toMatch(/^AKfycb/);
    expect(deployment.data.entryPoints?.[0]?.entryPointType).toBe('EXECUTION_API');
    expect(
      (await api.projects.deployments.get({ scriptId, deploymentId })).data.deploymentConfig,
    ).toMatchObject({
      versionNumber: 1,
      description: 'API',
    });
    const listed = await api.projects.deployments.list({ scriptId });
    expect(listed.data.deployments?.map((d) => d.deploymentConfig?.versionNumber ?? 'HEAD')).toEqual([
      'HEAD',
      1,
    ]);
    const renamed = await api.projects.deployments.update({
      scriptId,
      deploymentId,
      requestBody: {
        deploymentConfig: {
          scriptId,
          versionNumber: 1,
          manifestFileName: 'appsscript',
          description: 'API v1',
        },
      },
    });
    expect(renamed.data.deploymentConfig?.description).toBe('API v1');

    // scripts.run: a result, and a script error (HTTP 200 with `error`, as Google answers)
    const ran = await api.scripts.run({
      scriptId: deploymentId,
      requestBody: { function: 'add', parameters: [2, 3] },
    });
    expect(ran.data.done).toBe(true);
    expect(ran.data.response?.result).toBe(5);
    const failed = await api.scripts.run({ scriptId: deploymentId, requestBody: { function: 'fail' } });
    expect(failed.status).toBe(200);
    expect(failed.data.error?.code).toBe(3);
    expect(failed.data.error?.details?.[0]).toMatchObject({
      errorType: 'TypeError',
      errorMessage: 'no invoice',
    });

    // processes.listScriptProcesses (a repeated dotted filter), processes.list
    const failedRuns = await api.processes.listScriptProcesses({
      scriptId,
      'scriptProcessFilter.statuses': ['FAILED'],
    });
    expect(failedRuns.data.processes?.map((p) => p.functionName)).toEqual(['fail']);
    const mine = await api.processes.list({ 'userProcessFilter.scriptId': scriptId });
    expect(mine.data.processes?.map((p) => p.functionName).sort()).toEqual(['add', 'fail']);

    // projects.getMetrics
    const metrics = await api.projects.getMetrics({ scriptId, metricsGranularity: 'WEEKLY' });
    expect(metrics.data.totalExecutions?.[0]?.value).toBe('2');
    expect(metrics.data.failedExecutions?.[0]?.value).toBe('1');

    // projects.deployments.delete, then the deployment is gone: Google's 404 as a GaxiosError
    await api.projects.deployments.delete({ scriptId, deploymentId });
    const gone = await api.projects.deployments
      .get({ scriptId, deploymentId })
      .catch((error: unknown) => error);
    expect(gone).toMatchObject({ status: 404 });
    expect(
      (gone as { response?: { data?: { error?: { status?: string } } } }).response?.data?.error?.status,
    ).toBe('NOT_FOUND');

    expect(emulator.violations()).toEqual([]);
  });

  it('gets Google 401 without credentials and 404 for an unknown project', async () => {
    const anonymous = script({ version: 'v1', rootUrl: `${emulator.appsScriptUrl}/`, retry: false });
    await expect(anonymous.projects.get({ scriptId: '1nope' })).rejects.toMatchObject({ status: 401 });
    await expect(client().projects.get({ scriptId: '1nope' })).rejects.toMatchObject({ status: 404 });
  });
});

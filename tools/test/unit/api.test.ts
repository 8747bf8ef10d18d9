import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ScriptExecutionError } from '@specbound/apps-script';
import { describe, expect, it } from 'vitest';
import { describeError } from '../../src/cli/report.js';
import {
  createVersion,
  deploy,
  editorUrl,
  findExecutableDeployment,
  getMetrics,
  listDeployments,
  listProcesses,
  listVersions,
  parseParams,
  parseSince,
  runFunction,
  ToolsError,
  UsageError,
  undeploy,
  undeployAll,
} from '../../src/index.js';
import { useTempDir } from '../support/temp-dir.js';
import { fakeAppsScript, googleError } from './fake.js';

let dir: string;
useTempDir('specbound-unit-', async (path) => {
  dir = path;
  await writeFile(join(dir, '.clasp.json'), '{"scriptId":"S1"}');
});

const HEAD = {
  deploymentId: 'HEAD-ID',
  deploymentConfig: { scriptId: 'S1', manifestFileName: 'appsscript' },
};
const api = (id: string, version: number, updateTime: string) => ({
  deploymentId: id,
  deploymentConfig: { scriptId: 'S1', versionNumber: version },
  updateTime,
  entryPoints: [
    { entryPointType: 'EXECUTION_API', executionApi: { entryPointConfig: { access: 'MYSELF' } } },
  ],
});
const webApp = (id: string, version: number) => ({
  deploymentId: id,
  deploymentConfig: { scriptId: 'S1', versionNumber: version },
  entryPoints: [
    { entryPointType: 'WEB_APP', webApp: { url: `https://script.google.com/macros/s/${id}/exec` } },
  ],
});

describe('versions', () => {
  it('createVersion posts the description; listVersions follows pages and sorts newest first', async () => {
    const fake = fakeAppsScript({
      'POST /v1/projects/S1/versions': (s) => ({ versionNumber: 3, ...(s.body as object) }),
      'GET /v1/projects/S1/versions': (s) =>
        s.query.get('pageToken') === 'p2'
          ? { versions: [{ versionNumber: 3 }] }
          : { versions: [{ versionNumber: 1 }, { versionNumber: 2 }], nextPageToken: 'p2' },
    });
    expect(await createVersion(fake.client, { scriptId: 'S1', description: 'v3' })).toEqual({
      versionNumber: 3,
      description: 'v3',
    });
    expect(fake.sent[0]?.body).toEqual({ description: 'v3' });
    expect((await listVersions(fake.client, { scriptId: 'S1' })).map((v) => v.versionNumber)).toEqual([
      3, 2, 1,
    ]);
    expect(fake.sent.filter((s) => s.method === 'GET')).toHaveLength(2);
  });
});

describe('deploy', () => {
  function deployments(list: object[], options: { updateFails?: boolean } = {}) {
    return fakeAppsScript({
      'GET /v1/projects/S1/deployments': () => ({ deployments: list }),
      'POST /v1/projects/S1/versions': () => ({ versionNumber: 7 }),
      'POST /v1/projects/S1/deployments': (s) => ({ deploymentId: 'NEW', deploymentConfig: s.body }),
      'PUT /v1/projects/S1/deployments/D1': (s) =>
        options.updateFails
          ? googleError(404, 'NOT_FOUND', 'gone')
          : {
              ...webApp('D1', 7),
              deploymentConfig: (s.body as { deploymentConfig: object }).deploymentConfig,
            },
      'PUT /v1/projects/S1/deployments/D2': () => webApp('D2', 7),
      'GET /v1/projects/S1/deployments/D1': () =>
        options.updateFails
          ? googleError(404, 'NOT_FOUND', 'Requested entity was not found.')
          : webApp('D1', 1),
      'GET /v1/projects/S1/deployments/D2': () => webApp('D2', 1),
      'DELETE /v1/projects/S1/deployments/D1': () => ({}),
      'DELETE /v1/projects/S1/deployments/D2': () => googleError(403, 'PERMISSION_DENIED', 'not yours'),
    });
  }

  it('creates a version and a deployment when there is none, and records it', async () => {
    const fake = deployments([HEAD]);
    const result = await deploy(fake.client, { scriptId: 'S1', dir, description: 'first' });
    expect(result).toMatchObject({
      action: 'created',
      deploymentId: 'NEW',
      versionNumber: 7,
      versionCreated: true,
    });
    expect(fake.writes().map((s) => `${s.method} ${s.path}`)).toEqual([
      'POST /v1/projects/S1/versions',
      'POST /v1/projects/S1/deployments',
    ]);
    expect(fake.writes()[1]?.body).toEqual({
      versionNumber: 7,
      manifestFileName: 'appsscript',
      description: 'first',
    });
    const state = JSON.parse(await readFile(join(dir, '.specbound-state.json'), 'utf8'));
    expect(state.deploymentId).toBe('NEW');
  });

  it('updates the only versioned deployment instead of creating another (same id, same URL)', async () => {
    const fake = deployments([HEAD, webApp('D1', 2)]);
    const result = await deploy(fake.client, { scriptId: 'S1', dir, versionNumber: 2 });
    expect(result).toMatchObject({
      action: 'updated',
      deploymentId: 'D1',
      versionNumber: 2,
      versionCreated: false,
    });
    expect(result.webAppUrl).toBe('https://script.google.com/macros/s/D1/exec');
    expect(fake.writes()).toHaveLength(1);
    expect(fake.writes()[0]?.body).toEqual({
      deploymentConfig: { scriptId: 'S1', versionNumber: 2, manifestFileName: 'appsscript' },
    });
  });

  it('prefers the named deployment, then the recorded one; asks when several exist', async () => {
    const fake = deployments([HEAD, webApp('D1', 1), webApp('D2', 1)]);
    await expect(deploy(fake.client, { scriptId: 'S1', dir })).rejects.toBeInstanceOf(UsageError);
    expect(fake.writes()).toEqual([]);
    expect(
      (await deploy(fake.client, { scriptId: 'S1', dir, deploymentId: 'D2', versionNumber: 1 })).deploymentId,
    ).toBe('D2');
    // D2 is now recorded: the next deploy updates it without being told.
    fake.sent.length = 0;
    expect((await deploy(fake.client, { scriptId: 'S1', dir, versionNumber: 1 })).deploymentId).toBe('D2');
    expect(fake.sent.map((s) => `${s.method} ${s.path}`)).toEqual(['PUT /v1/projects/S1/deployments/D2']);
  });

  it('replaces a recorded deployment that was deleted, but not a named one', async () => {
    const fake = deployments([HEAD], { updateFails: true });
    await writeFile(join(dir, '.specbound-state.json'), '{"scriptId":"S1","deploymentId":"D1"}');
    expect((await deploy(fake.client, { scriptId: 'S1', dir, versionNumber: 1 })).action).toBe('created');
    fake.sent.length = 0;
    // A named deployment that does not exist is named in the error, before any version is made.
    const error = await deploy(fake.client, { scriptId: 'S1', deploymentId: 'D1' }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'deployment-not-found',
      message: 'Deployment D1 does not exist in script S1.',
      details: { deploymentId: 'D1' },
    });
    expect(fake.writes()).toEqual([]);
  });

  it('--new makes another deployment next to the recorded one, which stays recorded (issue #22, defect 9)', async () => {
    const fake = deployments([HEAD, webApp('D1', 1)]);
    await writeFile(join(dir, '.specbound-state.json'), '{"scriptId":"S1","deploymentId":"D1"}');
    const result = await deploy(fake.client, { scriptId: 'S1', dir, newDeployment: true, versionNumber: 1 });
    expect(result).toMatchObject({ action: 'created', deploymentId: 'NEW' });
    expect(fake.writes().map((s) => `${s.method} ${s.path}`)).toEqual(['POST /v1/projects/S1/deployments']);
    const state = JSON.parse(await readFile(join(dir, '.specbound-state.json'), 'utf8'));
    expect(state.deploymentId).toBe('D1');
    await expect(
      deploy(fake.client, { scriptId: 'S1', newDeployment: true, deploymentId: 'D1' }),
    ).rejects.toBeInstanceOf(UsageError);
  });

  it('undeployAll deletes every deployment but HEAD, going on past a failure', async () => {
    const fake = deployments([HEAD, webApp('D2', 1), webApp('D1', 1)]);
    const result = await undeployAll(fake.client, { scriptId: 'S1' });
    expect(result.deleted).toEqual(['D1']);
    expect(result.failed).toEqual([{ deploymentId: 'D2', message: expect.stringContaining('not yours') }]);
    expect(fake.writes().map((s) => `${s.method} ${s.path}`)).toEqual([
      'DELETE /v1/projects/S1/deployments/D2',
      'DELETE /v1/projects/S1/deployments/D1',
    ]);
  });

  it('listDeployments and undeploy (which forgets the recorded id)', async () => {
    const fake = deployments([HEAD, webApp('D1', 1)]);
    expect((await listDeployments(fake.client, { scriptId: 'S1' })).map((d) => d.deploymentId)).toEqual([
      'HEAD-ID',
      'D1',
    ]);
    await writeFile(join(dir, '.specbound-state.json'), '{"scriptId":"S1","deploymentId":"D1"}');
    expect(await undeploy(fake.client, { scriptId: 'S1', deploymentId: 'D1', dir })).toEqual({
      deploymentId: 'D1',
    });
    expect(fake.writes()[0]?.method).toBe('DELETE');
    expect(JSON.parse(await readFile(join(dir, '.specbound-state.json'), 'utf8'))).toEqual({
      scriptId: 'S1',
    });
  });
});

describe('run', () => {
  const routes = (list: object[]) =>
    fakeAppsScript({
      'GET /v1/projects/S1/deployments': () => ({ deployments: list }),
      'POST /v1/scripts/OLD:run': () => ({ done: true, response: { result: 'old' } }),
      'POST /v1/scripts/NEW:run': (s) => ({
        done: true,
        response: { result: (s.body as { parameters: unknown[] }).parameters },
      }),
      'POST /v1/scripts/S1:run': () => ({
        done: true,
        error: {
          code: 3,
          message: 'ScriptError',
          details: [
            {
              '@type': 'type.googleapis.com/google.apps.script.v1.ExecutionError',
              errorType: 'TypeError',
              errorMessage: 'x is undefined',
              scriptStackTraceElements: [
                { function: 'inner', lineNumber: 4 },
                { function: 'main', lineNumber: 9 },
              ],
            },
          ],
        },
      }),
    });

  it('runs the API-executable deployment updated last, with the parameters', async () => {
    const fake = routes([
      HEAD,
      webApp('WEB', 3),
      api('OLD', 1, '2026-01-01T00:00:00Z'),
      api('NEW', 2, '2026-02-01T00:00:00Z'),
    ]);
    const result = await runFunction(fake.client, {
      scriptId: 'S1',
      functionName: 'main',
      parameters: [1, { a: 'b' }],
    });
    expect(result).toEqual({
      functionName: 'main',
      result: [1, { a: 'b' }],
      target: 'NEW',
      devMode: false,
      versionNumber: 2,
    });
    expect(fake.sent.at(-1)?.body).toEqual({ function: 'main', parameters: [1, { a: 'b' }] });
    expect(
      (await findExecutableDeployment(fake.client, { scriptId: 'S1', preferred: 'OLD' })).deploymentId,
    ).toBe('OLD');
  });

  it('--dev-mode addresses the script id with devMode and no lookup; a script error keeps its stack', async () => {
    const fake = routes([]);
    const error = await runFunction(fake.client, {
      scriptId: 'S1',
      functionName: 'main',
      devMode: true,
    }).catch((e: unknown) => e);
    expect(fake.sent.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /v1/scripts/S1:run']);
    expect(fake.sent[0]?.body).toEqual({ function: 'main', parameters: [], devMode: true });
    expect(error).toBeInstanceOf(ScriptExecutionError);
    expect((error as ScriptExecutionError).scriptStackTraceElements).toEqual([
      { function: 'inner', lineNumber: 4 },
      { function: 'main', lineNumber: 9 },
    ]);
  });

  it('explains how to make a script runnable when nothing is an API executable', async () => {
    const fake = routes([HEAD, webApp('WEB', 1)]);
    const error = await runFunction(fake.client, { scriptId: 'S1', functionName: 'main' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ToolsError);
    expect(error).toMatchObject({ code: 'not-api-executable', details: { scriptId: 'S1' } });
    expect(describeError(error).hint).toContain('"executionApi"');
    expect(fake.writes()).toEqual([]);
  });

  it("runs the recorded deployment and reports a teammate's newer one (issue #22, defect 8)", async () => {
    const fake = routes([api('OLD', 1, '2026-01-01T00:00:00Z'), api('NEW', 2, '2026-02-01T00:00:00Z')]);
    const result = await runFunction(fake.client, {
      scriptId: 'S1',
      functionName: 'main',
      preferredDeploymentId: 'OLD',
    });
    expect(result).toMatchObject({
      target: 'OLD',
      versionNumber: 1,
      newer: { deploymentId: 'NEW', versionNumber: 2 },
    });
  });

  it('an unknown function, a non-executable target and a missing scope each say so (issue #22, defect 8)', async () => {
    const answers: Record<string, Response> = {
      nofn: googleError(404, 'NOT_FOUND', 'Script function not found: nofn'),
      plain: googleError(404, 'NOT_FOUND', 'Requested entity was not found.'),
      scope: googleError(403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.'),
      owner: googleError(403, 'PERMISSION_DENIED', 'The caller does not have permission'),
    };
    const fake = fakeAppsScript({
      'POST /v1/scripts/S1:run': (s) => answers[(s.body as { function: string }).function] ?? {},
    });
    const codes: Record<string, unknown> = {};
    for (const name of Object.keys(answers)) {
      const error = await runFunction(fake.client, {
        scriptId: 'S1',
        functionName: name,
        devMode: true,
      }).catch((e: unknown) => e);
      codes[name] = (error as ToolsError).code;
      expect((error as Error).message).toContain(`Google answered`);
      expect(describeError(error).hint).toBeTruthy();
    }
    expect(codes).toEqual({
      nofn: 'run-function-not-found',
      plain: 'run-not-api-executable',
      scope: 'run-scope-missing',
      owner: 'run-permission-denied',
    });
  });

  it('parseParams accepts a JSON array only', () => {
    expect(parseParams('[1, "a", {"b": null}]')).toEqual([1, 'a', { b: null }]);
    expect(() => parseParams('{oops')).toThrow(UsageError);
    expect(() => parseParams('{"a": 1}')).toThrow('must be a JSON array');
    expect(() => parseParams('')).toThrow('not valid JSON');
  });
});

describe('processes', () => {
  it('sends the filters under their wire names, stops at the limit, newest first', async () => {
    const page = (n: number, token?: string) => ({
      processes: [
        { functionName: `f${n}a`, startTime: `2026-11-0${n}T01:00:00Z` },
        { functionName: `f${n}b`, startTime: `2026-11-0${n}T02:00:00Z` },
      ],
      ...(token === undefined ? {} : { nextPageToken: token }),
    });
    const fake = fakeAppsScript({
      'GET /v1/processes:listScriptProcesses': (s) =>
        s.query.get('pageToken') === 'p2' ? page(2) : page(1, 'p2'),
      'GET /v1/processes': () => page(3),
    });
    const list = await listProcesses(fake.client, {
      scriptId: 'S1',
      functionName: 'main',
      statuses: ['FAILED', 'TIMED_OUT'],
      types: ['TRIGGER'],
      since: '2026-11-01T00:00:00.000Z',
      limit: 3,
    });
    const query = fake.sent[0]?.query;
    expect(query?.get('scriptId')).toBe('S1');
    expect(query?.get('scriptProcessFilter.functionName')).toBe('main');
    expect(query?.getAll('scriptProcessFilter.statuses')).toEqual(['FAILED', 'TIMED_OUT']);
    expect(query?.getAll('scriptProcessFilter.types')).toEqual(['TRIGGER']);
    expect(query?.get('scriptProcessFilter.startTime')).toBe('2026-11-01T00:00:00.000Z');
    expect(list.map((p) => p.functionName)).toEqual(['f2a', 'f1b', 'f1a']);

    const all = await listProcesses(fake.client, { scriptId: 'S1', all: true });
    expect(all).toHaveLength(4);

    const user = await listProcesses(fake.client, { user: true, statuses: ['RUNNING'] });
    expect(fake.sent.at(-1)?.path).toBe('/v1/processes');
    expect(fake.sent.at(-1)?.query.getAll('userProcessFilter.statuses')).toEqual(['RUNNING']);
    expect(user.map((p) => p.functionName)).toEqual(['f3b', 'f3a']);
    await expect(listProcesses(fake.client, {})).rejects.toBeInstanceOf(UsageError);
  });

  it('parseSince takes durations and ISO times', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(parseSince('1h', now)).toBe('2026-11-23T11:00:00.000Z');
    expect(parseSince('30m', now)).toBe('2026-11-23T11:30:00.000Z');
    expect(parseSince('2d', now)).toBe('2026-11-21T12:00:00.000Z');
    expect(parseSince('2026-11-20T08:00:00+01:00', now)).toBe('2026-11-20T07:00:00.000Z');
    expect(() => parseSince('soon', now)).toThrow(UsageError);
    expect(() => parseSince('12', now)).toThrow(UsageError);
  });
});

describe('metrics and editorUrl', () => {
  it('lines up the three series by period and sends the filter', async () => {
    const fake = fakeAppsScript({
      'GET /v1/projects/S1/metrics': () => ({
        activeUsers: [{ value: '2', startTime: '2026-11-02T00:00:00Z', endTime: '2026-11-03T00:00:00Z' }],
        totalExecutions: [
          { value: '5', startTime: '2026-11-01T00:00:00Z', endTime: '2026-11-02T00:00:00Z' },
          { value: '9', startTime: '2026-11-02T00:00:00Z', endTime: '2026-11-03T00:00:00Z' },
        ],
        failedExecutions: [{ value: '1', startTime: '2026-11-02T00:00:00Z' }],
      }),
    });
    const result = await getMetrics(fake.client, {
      scriptId: 'S1',
      granularity: 'WEEKLY',
      deploymentId: 'D1',
    });
    expect(fake.sent[0]?.query.get('metricsGranularity')).toBe('WEEKLY');
    expect(fake.sent[0]?.query.get('metricsFilter.deploymentId')).toBe('D1');
    expect(result.periods).toEqual([
      {
        startTime: '2026-11-01T00:00:00Z',
        endTime: '2026-11-02T00:00:00Z',
        activeUsers: 0,
        executions: 5,
        failures: 0,
      },
      {
        startTime: '2026-11-02T00:00:00Z',
        endTime: '2026-11-03T00:00:00Z',
        activeUsers: 2,
        executions: 9,
        failures: 1,
      },
    ]);
  });

  it('editorUrl encodes the id', () => {
    expect(editorUrl('abc_123-X')).toBe('https://script.google.com/d/abc_123-X/edit');
    expect(editorUrl('a/b')).toBe('https://script.google.com/d/a%2Fb/edit');
  });
});

import { describe, expect, it } from 'vitest';
import { createAppsScriptClient } from '../src/index.js';
import { BASE, DEPLOYMENT_ID, fakeFetch, json, only, queryPairs, SCRIPT_ID, TOKEN } from './fake-fetch.js';

const project = {
  scriptId: SCRIPT_ID,
  title: 'Invoice mailer',
  createTime: '2026-06-01T09:14:07.512Z',
  creator: { email: 'ada@example.com', name: 'Ada Lovelace' },
};
const files = [
  { name: 'appsscript', type: 'JSON' as const, source: '{"timeZone":"Europe/London"}' },
  { name: 'Code', type: 'SERVER_JS' as const, source: 'function main() {}' },
];
const deployment = {
  deploymentId: DEPLOYMENT_ID,
  deploymentConfig: {
    scriptId: SCRIPT_ID,
    versionNumber: 3,
    manifestFileName: 'appsscript',
    description: 'Release 3',
  },
  updateTime: '2026-06-01T16:45:12.301Z',
  entryPoints: [
    {
      entryPointType: 'EXECUTION_API' as const,
      executionApi: { entryPointConfig: { access: 'MYSELF' as const } },
    },
  ],
};
const version = {
  scriptId: SCRIPT_ID,
  versionNumber: 3,
  description: 'Release 3',
  createTime: '2026-06-01T16:44:03Z',
};
const proc = {
  projectName: 'Invoice mailer',
  functionName: 'sendInvoices',
  processType: 'EXECUTION_API' as const,
  processStatus: 'FAILED' as const,
  duration: '1.532s',
};

/** A client whose fetch answers every request with `body`. */
function setup(body: unknown) {
  const fake = fakeFetch(() => json(200, body));
  const client = createAppsScriptClient({ auth: TOKEN, fetch: fake.fetch });
  return { client, calls: fake.calls };
}

function expectCommon(call: { headers: Headers }, hasBody: boolean) {
  expect(call.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
  expect(call.headers.get('user-agent')).toMatch(/^specbound\/\S+ @specbound\/apps-script\/0\.1\.0$/);
  expect(call.headers.get('content-type')).toBe(hasBody ? 'application/json' : null);
}

describe('projects', () => {
  it('create: POST /v1/projects with the CreateProjectRequest body', async () => {
    const { client, calls } = setup(project);
    const result = await client.projects.create({ title: 'Invoice mailer', parentId: 'sheet-1' });
    const call = only(calls);
    expect(call.method).toBe('POST');
    expect(call.url.href).toBe(`${BASE}/v1/projects`);
    expect(call.body).toEqual({ title: 'Invoice mailer', parentId: 'sheet-1' });
    expectCommon(call, true);
    expect(result).toEqual(project);
  });

  it('get: GET /v1/projects/{scriptId} with fields passed through', async () => {
    const { client, calls } = setup(project);
    const result = await client.projects.get({ scriptId: SCRIPT_ID, fields: 'scriptId,title' });
    const call = only(calls);
    expect(call.method).toBe('GET');
    expect(call.url.origin + call.url.pathname).toBe(`${BASE}/v1/projects/${SCRIPT_ID}`);
    expect(queryPairs(call.url)).toEqual([['fields', 'scriptId,title']]);
    expect(call.headers.get('if-none-match')).toBeNull();
    expect(call.body).toBeUndefined();
    expectCommon(call, false);
    expect(result.title).toBe('Invoice mailer');
    expect(result).toEqual(project);
  });

  it('getContent: GET /v1/projects/{scriptId}/content?versionNumber=', async () => {
    const { client, calls } = setup({ scriptId: SCRIPT_ID, files });
    const result = await client.projects.getContent({ scriptId: SCRIPT_ID, versionNumber: 2 });
    const call = only(calls);
    expect(call.method).toBe('GET');
    expect(call.url.pathname).toBe(`/v1/projects/${SCRIPT_ID}/content`);
    expect(queryPairs(call.url)).toEqual([['versionNumber', '2']]);
    expectCommon(call, false);
    expect(result.files?.map((file) => file.name)).toEqual(['appsscript', 'Code']);
  });

  it('updateContent: PUT /v1/projects/{scriptId}/content with the files', async () => {
    const { client, calls } = setup({ scriptId: SCRIPT_ID, files });
    const result = await client.projects.updateContent({ scriptId: SCRIPT_ID, files });
    const call = only(calls);
    expect(call.method).toBe('PUT');
    expect(call.url.href).toBe(`${BASE}/v1/projects/${SCRIPT_ID}/content`);
    expect(call.body).toEqual({ files });
    expectCommon(call, true);
    expect(result).toEqual({ scriptId: SCRIPT_ID, files });
  });

  it('getMetrics: GET /v1/projects/{scriptId}/metrics with dotted filter names', async () => {
    const metrics = {
      totalExecutions: [
        { value: '1840', startTime: '2026-05-25T00:00:00Z', endTime: '2026-06-01T00:00:00Z' },
      ],
    };
    const { client, calls } = setup(metrics);
    const result = await client.projects.getMetrics({
      scriptId: SCRIPT_ID,
      metricsGranularity: 'DAILY',
      'metricsFilter.deploymentId': DEPLOYMENT_ID,
    });
    const call = only(calls);
    expect(call.method).toBe('GET');
    expect(call.url.pathname).toBe(`/v1/projects/${SCRIPT_ID}/metrics`);
    expect(queryPairs(call.url)).toEqual([
      ['metricsGranularity', 'DAILY'],
      ['metricsFilter.deploymentId', DEPLOYMENT_ID],
    ]);
    expectCommon(call, false);
    // uint64 stays a string: no precision lost.
    expect(result.totalExecutions?.[0]?.value).toBe('1840');
  });
});

describe('projects.deployments', () => {
  it('create: POST …/deployments with a DeploymentConfig body', async () => {
    const { client, calls } = setup(deployment);
    const result = await client.projects.deployments.create({
      scriptId: SCRIPT_ID,
      versionNumber: 3,
      manifestFileName: 'appsscript',
      description: 'Release 3',
    });
    const call = only(calls);
    expect(call.method).toBe('POST');
    expect(call.url.href).toBe(`${BASE}/v1/projects/${SCRIPT_ID}/deployments`);
    expect(call.body).toEqual({ versionNumber: 3, manifestFileName: 'appsscript', description: 'Release 3' });
    expectCommon(call, true);
    expect(result).toEqual(deployment);
  });

  it('get: GET …/deployments/{deploymentId}', async () => {
    const { client, calls } = setup(deployment);
    const result = await client.projects.deployments.get({
      scriptId: SCRIPT_ID,
      deploymentId: DEPLOYMENT_ID,
    });
    const call = only(calls);
    expect(call.method).toBe('GET');
    expect(call.url.href).toBe(`${BASE}/v1/projects/${SCRIPT_ID}/deployments/${DEPLOYMENT_ID}`);
    expectCommon(call, false);
    expect(result.entryPoints?.[0]?.executionApi?.entryPointConfig?.access).toBe('MYSELF');
  });

  it('list: GET …/deployments?pageSize=&pageToken=', async () => {
    const { client, calls } = setup({ deployments: [deployment], nextPageToken: 'next' });
    const result = await client.projects.deployments.list({
      scriptId: SCRIPT_ID,
      pageSize: 10,
      pageToken: 'tok',
    });
    const call = only(calls);
    expect(call.method).toBe('GET');
    expect(call.url.pathname).toBe(`/v1/projects/${SCRIPT_ID}/deployments`);
    expect(queryPairs(call.url)).toEqual([
      ['pageSize', '10'],
      ['pageToken', 'tok'],
    ]);
    expectCommon(call, false);
    expect(result).toEqual({ deployments: [deployment], nextPageToken: 'next' });
  });

  it('update: PUT …/deployments/{deploymentId} with an UpdateDeploymentRequest body', async () => {
    const { client, calls } = setup(deployment);
    const deploymentConfig = { versionNumber: 4, description: 'Release 4' };
    const result = await client.projects.deployments.update({
      scriptId: SCRIPT_ID,
      deploymentId: DEPLOYMENT_ID,
      deploymentConfig,
    });
    const call = only(calls);
    expect(call.method).toBe('PUT');
    expect(call.url.href).toBe(`${BASE}/v1/projects/${SCRIPT_ID}/deployments/${DEPLOYMENT_ID}`);
    expect(call.body).toEqual({ deploymentConfig });
    expectCommon(call, true);
    expect(result.deploymentId).toBe(DEPLOYMENT_ID);
  });

  it('delete: DELETE …/deployments/{deploymentId}, resolving to {}', async () => {
    const { client, calls } = setup({});
    const result = await client.projects.deployments.delete({
      scriptId: SCRIPT_ID,
      deploymentId: DEPLOYMENT_ID,
    });
    const call = only(calls);
    expect(call.method).toBe('DELETE');
    expect(call.url.href).toBe(`${BASE}/v1/projects/${SCRIPT_ID}/deployments/${DEPLOYMENT_ID}`);
    expect(call.body).toBeUndefined();
    expectCommon(call, false);
    expect(result).toEqual({});
  });
});

describe('projects.versions', () => {
  it('create: POST …/versions with a Version body', async () => {
    const { client, calls } = setup(version);
    const result = await client.projects.versions.create({ scriptId: SCRIPT_ID, description: 'Release 3' });
    const call = only(calls);
    expect(call.method).toBe('POST');
    expect(call.url.href).toBe(`${BASE}/v1/projects/${SCRIPT_ID}/versions`);
    expect(call.body).toEqual({ description: 'Release 3' });
    expectCommon(call, true);
    expect(result.versionNumber).toBe(3);
  });

  it('get: GET …/versions/{versionNumber}', async () => {
    const { client, calls } = setup(version);
    const result = await client.projects.versions.get({ scriptId: SCRIPT_ID, versionNumber: 3 });
    const call = only(calls);
    expect(call.method).toBe('GET');
    expect(call.url.href).toBe(`${BASE}/v1/projects/${SCRIPT_ID}/versions/3`);
    expectCommon(call, false);
    expect(result).toEqual(version);
  });

  it('list: GET …/versions?pageSize=', async () => {
    const { client, calls } = setup({ versions: [version] });
    const result = await client.projects.versions.list({ scriptId: SCRIPT_ID, pageSize: 1 });
    const call = only(calls);
    expect(call.method).toBe('GET');
    expect(call.url.pathname).toBe(`/v1/projects/${SCRIPT_ID}/versions`);
    expect(queryPairs(call.url)).toEqual([['pageSize', '1']]);
    expectCommon(call, false);
    expect(result.versions).toEqual([version]);
    expect(result.nextPageToken).toBeUndefined();
  });
});

describe('scripts', () => {
  it('run: POST /v1/scripts/{deploymentId}:run and resolves to response.result', async () => {
    const { client, calls } = setup({
      done: true,
      response: {
        '@type': 'type.googleapis.com/google.apps.script.v1.ExecutionResponse',
        result: { sent: 42 },
      },
    });
    const result = await client.scripts.run({
      deploymentId: DEPLOYMENT_ID,
      function: 'sendInvoices',
      parameters: ['2026-05', { dryRun: true }],
      devMode: true,
    });
    const call = only(calls);
    expect(call.method).toBe('POST');
    expect(call.url.href).toBe(`${BASE}/v1/scripts/${DEPLOYMENT_ID}:run`);
    expect(call.body).toEqual({
      function: 'sendInvoices',
      parameters: ['2026-05', { dryRun: true }],
      devMode: true,
    });
    expectCommon(call, true);
    expect(result).toEqual({ sent: 42 });
  });
});

describe('processes', () => {
  it('list: GET /v1/processes with prefixed, exploded filters', async () => {
    const { client, calls } = setup({ processes: [proc], nextPageToken: '' });
    const result = await client.processes.list({
      statuses: ['FAILED', 'TIMED_OUT'],
      types: ['EXECUTION_API'],
      userAccessLevels: ['OWNER', 'WRITE'],
      scriptId: SCRIPT_ID,
      projectName: 'Invoice',
      startTime: '2026-06-01T00:00:00Z',
      pageSize: 20,
    });
    const call = only(calls);
    expect(call.method).toBe('GET');
    expect(call.url.pathname).toBe('/v1/processes');
    expect(queryPairs(call.url)).toEqual([
      ['userProcessFilter.statuses', 'FAILED'],
      ['userProcessFilter.statuses', 'TIMED_OUT'],
      ['userProcessFilter.types', 'EXECUTION_API'],
      ['userProcessFilter.userAccessLevels', 'OWNER'],
      ['userProcessFilter.userAccessLevels', 'WRITE'],
      ['userProcessFilter.scriptId', SCRIPT_ID],
      ['userProcessFilter.projectName', 'Invoice'],
      ['userProcessFilter.startTime', '2026-06-01T00:00:00Z'],
      ['pageSize', '20'],
    ]);
    expect(call.url.search).toContain(
      'userProcessFilter.statuses=FAILED&userProcessFilter.statuses=TIMED_OUT',
    );
    expectCommon(call, false);
    expect(result.processes).toEqual([proc]);
  });

  it('listScriptProcesses: GET /v1/processes:listScriptProcesses with scriptId as a query parameter', async () => {
    const { client, calls } = setup({ processes: [proc] });
    const result = await client.processes.listScriptProcesses({
      scriptId: SCRIPT_ID,
      functionName: 'sendInvoices',
      statuses: ['FAILED'],
      deploymentId: DEPLOYMENT_ID,
    });
    const call = only(calls);
    expect(call.method).toBe('GET');
    expect(call.url.pathname).toBe('/v1/processes:listScriptProcesses');
    expect(queryPairs(call.url)).toEqual([
      ['scriptId', SCRIPT_ID],
      ['scriptProcessFilter.functionName', 'sendInvoices'],
      ['scriptProcessFilter.statuses', 'FAILED'],
      ['scriptProcessFilter.deploymentId', DEPLOYMENT_ID],
    ]);
    expectCommon(call, false);
    expect(result.processes?.[0]?.processStatus).toBe('FAILED');
  });
});

describe('client options', () => {
  it('works under another base URL (an emulator), with or without a trailing slash', async () => {
    for (const baseUrl of ['http://127.0.0.1:8787/google', 'http://127.0.0.1:8787/google/']) {
      const fake = fakeFetch(() => json(200, project));
      const client = createAppsScriptClient({ baseUrl, fetch: fake.fetch });
      await client.projects.get({ scriptId: SCRIPT_ID });
      expect(only(fake.calls).url.href).toBe(`http://127.0.0.1:8787/google/v1/projects/${SCRIPT_ID}`);
    }
  });

  it('sends the standard parameters on writes as query, not body', async () => {
    const { client, calls } = setup(version);
    await client.projects.versions.create({
      scriptId: SCRIPT_ID,
      description: 'x',
      fields: 'versionNumber',
      quotaUser: 'u1',
    });
    const call = only(calls);
    expect(queryPairs(call.url)).toEqual([
      ['fields', 'versionNumber'],
      ['quotaUser', 'u1'],
    ]);
    expect(call.body).toEqual({ description: 'x' });
  });

  it('raw is the typed openapi-fetch client over the same authenticated fetch', async () => {
    const { client, calls } = setup(project);
    const { data, response } = await client.raw.GET('/v1/projects/{scriptId}', {
      params: { path: { scriptId: SCRIPT_ID } },
    });
    expect(response.status).toBe(200);
    expect(data?.title).toBe('Invoice mailer');
    expectCommon(only(calls), false);
  });

  it('passes extra headers of CallOptions, and .withResponse() hands back the response with the data', async () => {
    const fake = fakeFetch(() => json(200, project, { etag: '"v1"' }));
    const client = createAppsScriptClient({ fetch: fake.fetch });
    const { data, response } = await client.projects.get.withResponse(
      { scriptId: SCRIPT_ID },
      { headers: { 'X-Goog-User-Project': 'billing-project' } },
    );
    expect(only(fake.calls).headers.get('x-goog-user-project')).toBe('billing-project');
    expect(response.headers.get('ETag')).toBe('"v1"');
    expect(data.title).toBe('Invoice mailer');
  });

  it('`raw` is the instance the methods use: middleware added to it applies to every call', async () => {
    const fake = fakeFetch(() => json(200, project));
    const client = createAppsScriptClient({ fetch: fake.fetch });
    const seen: string[] = [];
    client.raw.use({
      onRequest({ schemaPath, request }) {
        seen.push(schemaPath);
        request.headers.set('x-trace', 'on');
      },
    });
    await client.projects.get({ scriptId: SCRIPT_ID });
    expect(seen).toEqual(['/v1/projects/{scriptId}']);
    expect(only(fake.calls).headers.get('x-trace')).toBe('on');
  });
});

import { ScriptExecutionError } from '@specbound/apps-script';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.ts';
import { appsScript, strictEmulator } from './helpers.ts';

const MANIFEST = JSON.stringify({
  timeZone: 'Europe/London',
  runtimeVersion: 'V8',
  executionApi: { access: 'MYSELF' },
});
const CODE = [
  'function add(a, b) {',
  "  Logger.log('adding %s and %s', a, b);",
  '  return { sum: a + b };',
  '}',
  'function explode(reason) {',
  '  return deeper(reason);',
  '}',
  'function deeper(reason) {',
  '  throw new RangeError(reason);',
  '}',
  'function spin() {',
  '  for (;;) {}',
  '}',
].join('\n');
const LIB = 'var Lib = { shout: function (s) { return String(s).toUpperCase(); } };';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await strictEmulator({ runTimeoutMs: 400 });
});
afterAll(async () => {
  expect(emulator.violations()).toEqual([]);
  await emulator.close();
});

describe('Apps Script: full flow through @specbound/apps-script', () => {
  it('creates, pushes, versions, deploys, runs, and reports processes and metrics', async () => {
    const client = appsScript(emulator);
    const project = await client.projects.create({ title: 'Flow test' });
    expect(project).toMatchObject({
      title: 'Flow test',
      creator: { email: expect.stringMatching(/@example\.com$/) },
    });
    const scriptId = String(project.scriptId);

    const content = await client.projects.updateContent({
      scriptId,
      files: [
        { name: 'appsscript', type: 'JSON', source: MANIFEST },
        { name: 'Code', type: 'SERVER_JS', source: CODE },
        { name: 'Lib', type: 'SERVER_JS', source: LIB },
      ],
    });
    expect(content.files?.find((f) => f.name === 'Code')?.functionSet?.values?.map((f) => f.name)).toEqual([
      'add',
      'explode',
      'deeper',
      'spin',
    ]);

    const version = await client.projects.versions.create({ scriptId, description: 'v1' });
    expect(version).toMatchObject({ scriptId, versionNumber: 1, description: 'v1' });
    const deployment = await client.projects.deployments.create({
      scriptId,
      versionNumber: 1,
      manifestFileName: 'appsscript',
      description: 'API',
    });
    expect(deployment.entryPoints).toEqual([
      { entryPointType: 'EXECUTION_API', executionApi: { entryPointConfig: { access: 'MYSELF' } } },
    ]);
    const deploymentId = String(deployment.deploymentId);

    // Returns.
    expect(await client.scripts.run({ deploymentId, function: 'add', parameters: [2, 3] })).toEqual({
      sum: 5,
    });
    expect(await client.scripts.run({ deploymentId, function: 'Lib.shout', parameters: ['hi'] })).toBe('HI');

    // Throws: HTTP 200 with an ExecutionError carrying the real stack, deepest first.
    const thrown = await client.scripts
      .run({ deploymentId, function: 'explode', parameters: ['bad input'] })
      .catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(ScriptExecutionError);
    expect(thrown).toMatchObject({
      code: 3,
      errorType: 'RangeError',
      errorMessage: 'bad input',
      scriptStackTraceElements: [
        { function: 'deeper', lineNumber: 9 },
        { function: 'explode', lineNumber: 6 },
      ],
    });

    // Loops past the (short, configured) limit: a timeout error, code 10.
    // The run happens in a worker thread: the server keeps answering while the script spins.
    const started = Date.now();
    let settled = false;
    const spinning = client.scripts
      .run({ deploymentId, function: 'spin' })
      .catch((e: unknown) => e)
      .finally(() => {
        settled = true;
      });
    // Listed RUNNING while it spins: the server answered while the script spun (no wall-clock bound,
    // which a loaded CI machine would break; the status says the same thing). Polled until listed or
    // ended, so the limit can be short without a fixed wait that a slow machine could outlast.
    let during: (string | undefined)[] = [];
    while (!settled && during.length === 0) {
      const listed = await client.processes.listScriptProcesses({ scriptId, statuses: ['RUNNING'] });
      during = 'processes' in listed ? (listed.processes ?? []).map((p) => p.functionName) : [];
      if (during.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(during).toEqual(['spin']);
    const timedOut = await spinning;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(timedOut).toMatchObject({ code: 10, errorMessage: 'Exceeded maximum execution time' });

    // Processes: one per run, newest first, with status and duration.
    const processes = await client.processes.listScriptProcesses({ scriptId });
    expect(
      'processes' in processes && processes.processes?.map((p) => [p.functionName, p.processStatus]),
    ).toEqual([
      ['spin', 'TIMED_OUT'],
      ['explode', 'FAILED'],
      ['Lib.shout', 'COMPLETED'],
      ['add', 'COMPLETED'],
    ]);
    const failed = [];
    for await (const p of client.processes.iterate({
      scriptId,
      statuses: ['FAILED', 'TIMED_OUT'],
      pageSize: 1,
    }))
      failed.push(p);
    expect(failed.map((p) => p.functionName)).toEqual(['spin', 'explode']);
    expect(failed[0]).toMatchObject({
      processType: 'EXECUTION_API',
      userAccessLevel: 'OWNER',
      runtimeVersion: 'V8',
      duration: expect.stringMatching(/^\d+(\.\d+)?s$/),
    });

    // Metrics count the runs.
    const metrics = await client.projects.getMetrics({ scriptId, metricsGranularity: 'WEEKLY' });
    expect(metrics).toMatchObject({
      totalExecutions: [{ value: '4' }],
      failedExecutions: [{ value: '2' }],
      activeUsers: [{ value: '1' }],
    });
    const byDeployment = await client.projects.getMetrics({
      scriptId,
      metricsGranularity: 'DAILY',
      'metricsFilter.deploymentId': 'other',
    });
    expect('totalExecutions' in byDeployment && byDeployment.totalExecutions?.map((v) => v.value)).toEqual([
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
    ]);

    // Logger output is recorded.
    const logs = (await (await fetch(`${emulator.controlUrl}/logs`)).json()) as { line: string }[];
    expect(logs.map((l) => l.line)).toContain('INFO adding 2 and 3');
  });

  it('runs HEAD with devMode for the owner only, and honours MYSELF access', async () => {
    const owner = appsScript(emulator, 'owner-token');
    const other = appsScript(emulator, 'other-token');
    const { scriptId } = await owner.projects.create({ title: 'Dev mode' });
    await owner.projects.updateContent({
      scriptId: String(scriptId),
      files: [
        { name: 'appsscript', type: 'JSON', source: MANIFEST },
        { name: 'Code', type: 'SERVER_JS', source: 'function hello() { return "head"; }' },
      ],
    });
    expect(
      await owner.scripts.run({ deploymentId: String(scriptId), function: 'hello', devMode: true }),
    ).toBe('head');
    await expect(
      other.scripts.run({ deploymentId: String(scriptId), function: 'hello', devMode: true }),
    ).rejects.toMatchObject({ status: 403 });
    // No versioned API deployment yet: Google's plain 404.
    await expect(
      owner.scripts.run({ deploymentId: String(scriptId), function: 'hello' }),
    ).rejects.toMatchObject({ status: 404 });
    await owner.projects.versions.create({ scriptId: String(scriptId) });
    const d = await owner.projects.deployments.create({ scriptId: String(scriptId), versionNumber: 1 });
    await expect(
      other.scripts.run({ deploymentId: String(d.deploymentId), function: 'hello' }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      owner.scripts.run({ deploymentId: String(d.deploymentId), function: 'missing' }),
    ).rejects.toMatchObject({
      status: 404,
      message: expect.stringContaining('Script function not found: missing'),
    });
  });

  it('keeps versions immutable and serves their content', async () => {
    const client = appsScript(emulator);
    const scriptId = String((await client.projects.create({ title: 'Versions' })).scriptId);
    const files = (source: string) => [
      { name: 'appsscript', type: 'JSON' as const, source: MANIFEST },
      { name: 'Code', type: 'SERVER_JS' as const, source },
    ];
    await client.projects.updateContent({ scriptId, files: files('function v() { return 1; }') });
    await client.projects.versions.create({ scriptId });
    await client.projects.updateContent({ scriptId, files: files('function v() { return 2; }') });
    const v1 = await client.projects.getContent({ scriptId, versionNumber: 1 });
    const head = await client.projects.getContent({ scriptId });
    expect('files' in v1 && v1.files?.[1]?.source).toBe('function v() { return 1; }');
    expect('files' in head && head.files?.[1]?.source).toBe('function v() { return 2; }');
    await expect(client.projects.versions.get({ scriptId, versionNumber: 9 })).rejects.toMatchObject({
      status: 404,
    });
    const listed = [];
    for await (const v of client.projects.versions.iterate({ scriptId, pageSize: 1 }))
      listed.push(v.versionNumber);
    expect(listed).toEqual([1]);
  });

  it('manages deployments; the HEAD deployment is read-only', async () => {
    const client = appsScript(emulator);
    const scriptId = String((await client.projects.create({ title: 'Deployments' })).scriptId);
    await client.projects.versions.create({ scriptId });
    await client.projects.versions.create({ scriptId });
    const d = await client.projects.deployments.create({ scriptId, versionNumber: 1, description: 'first' });
    const deploymentId = String(d.deploymentId);
    const updated = await client.projects.deployments.update({
      scriptId,
      deploymentId,
      deploymentConfig: { scriptId, versionNumber: 2, description: 'second' },
    });
    expect(updated.deploymentConfig).toMatchObject({ versionNumber: 2, description: 'second' });
    const all = [];
    for await (const x of client.projects.deployments.iterate({ scriptId, pageSize: 1 })) all.push(x);
    expect(all).toHaveLength(2);
    const head = all.find((x) => x.deploymentConfig?.versionNumber === undefined);
    await expect(
      client.projects.deployments.delete({ scriptId, deploymentId: String(head?.deploymentId) }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(client.projects.deployments.create({ scriptId, versionNumber: 7 })).rejects.toMatchObject({
      status: 400,
    });
    expect(await client.projects.deployments.delete({ scriptId, deploymentId })).toEqual({});
    await expect(client.projects.deployments.get({ scriptId, deploymentId })).rejects.toMatchObject({
      status: 404,
    });
  });

  it("enforces Google's caps: 200 versions, 20 versioned deployments (HEAD not counted)", async () => {
    const client = appsScript(emulator);
    const scriptId = String((await client.projects.create({ title: 'Caps' })).scriptId);
    for (let i = 0; i < 200; i++) await client.projects.versions.create({ scriptId });
    await expect(client.projects.versions.create({ scriptId })).rejects.toMatchObject({
      status: 400,
      body: { error: { code: 400, status: 'FAILED_PRECONDITION' } },
    });
    for (let n = 1; n <= 20; n++) await client.projects.deployments.create({ scriptId, versionNumber: n });
    await expect(client.projects.deployments.create({ scriptId, versionNumber: 21 })).rejects.toMatchObject({
      status: 400,
      body: {
        error: {
          status: 'FAILED_PRECONDITION',
          message: 'Scripts may only have up to 20 versioned deployments at a time.',
        },
      },
    });
    const all = await client.projects.deployments.iterate({ scriptId }).all();
    expect(all).toHaveLength(21);
    const last = all.at(-1)?.deploymentId;
    await client.projects.deployments.delete({ scriptId, deploymentId: String(last) });
    expect(
      (await client.projects.deployments.create({ scriptId, versionNumber: 21 })).deploymentId,
    ).toBeTruthy();
  });

  it('answers ETag / If-None-Match with 304 and `fields` with a partial response', async () => {
    const client = appsScript(emulator);
    const scriptId = String((await client.projects.create({ title: 'Caching' })).scriptId);
    const res = await fetch(`${emulator.appsScriptUrl}/v1/projects/${scriptId}?fields=title`, {
      headers: { authorization: 'Bearer ada-token' },
    });
    expect(await res.json()).toEqual({ title: 'Caching' });
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(`${emulator.appsScriptUrl}/v1/projects/${scriptId}?fields=title`, {
      headers: { authorization: 'Bearer ada-token', 'if-none-match': String(etag) },
    });
    expect(again.status).toBe(304);
    const viaClient = await client.projects.get({ scriptId, fields: 'title', ifNoneMatch: String(etag) });
    expect(viaClient).toMatchObject({ notModified: true });
    const bad = await fetch(`${emulator.appsScriptUrl}/v1/projects/${scriptId}?fields=title(`, {
      headers: { authorization: 'Bearer ada-token' },
    });
    expect(bad.status).toBe(400);
  });

  it('answers Google 401s, 404s and 400s naming the field', async () => {
    const base = emulator.appsScriptUrl;
    const missing = await fetch(`${base}/v1/projects/x`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({
      error: {
        code: 401,
        status: 'UNAUTHENTICATED',
        message: expect.stringContaining('missing required authentication credential'),
      },
    });
    const malformed = await fetch(`${base}/v1/projects/x`, { headers: { authorization: 'Basic abc' } });
    expect(malformed.status).toBe(401);
    expect(await malformed.json()).toMatchObject({
      error: { message: expect.stringContaining('invalid authentication credentials') },
    });

    const client = appsScript(emulator);
    await expect(client.projects.get({ scriptId: 'no-such-script' })).rejects.toMatchObject({ status: 404 });
    const scriptId = String((await client.projects.create({ title: 'Bad content' })).scriptId);
    // The client checks content itself; its raw escape hatch sends what the service must refuse.
    const noManifest = await client.raw.PUT('/v1/projects/{scriptId}/content', {
      params: { path: { scriptId } },
      body: { files: [{ name: 'Code', type: 'SERVER_JS', source: 'function a() {}' }] },
    });
    expect(noManifest.response.status).toBe(400);
    expect(noManifest.error).toMatchObject({
      error: { status: 'INVALID_ARGUMENT', message: expect.stringContaining('appsscript') },
    });
    const syntax = await client.raw.PUT('/v1/projects/{scriptId}/content', {
      params: { path: { scriptId } },
      body: {
        files: [
          { name: 'appsscript', type: 'JSON', source: '{}' },
          { name: 'Code', type: 'SERVER_JS', source: 'function (' },
        ],
      },
    });
    expect(syntax.error).toMatchObject({
      error: { code: 400, message: expect.stringMatching(/^Syntax error: .* line: 1 file: Code$/) },
    });
    const badType = await fetch(`${base}/v1/projects/${scriptId}/content`, {
      method: 'PUT',
      headers: { authorization: 'Bearer ada-token', 'content-type': 'application/json' },
      body: JSON.stringify({ files: [{ name: 'Code', type: 'PYTHON', source: '' }] }),
    });
    expect(badType.status).toBe(400);
    expect(await badType.json()).toMatchObject({
      error: { details: [{ fieldViolations: [{ field: 'files[0].type' }] }] },
    });
  });
});

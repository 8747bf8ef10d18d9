import { createAppsScriptClient, RateLimitError } from '@specbound/apps-script';
import { createBugSmashClient } from '@specbound/bugsmash';
import { createLoggingClient } from '@specbound/logging';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createEmulatorFetch,
  EMULATOR_ORIGIN,
  type EmulatorFetch,
  FaultRefusedError,
  UnservedHostError,
} from '../src/fetch.ts';
import { DEFAULT_BUGSMASH_API_KEY, DEMO_USERS } from '../src/index.ts';
import { deployScript } from './helpers.ts';

// One in-process emulator for the file, reset before each test: what a user's suite does.
const inProcess: EmulatorFetch = await createEmulatorFetch({ strict: true });
afterAll(async () => {
  await inProcess.close();
});
beforeEach(async () => {
  await inProcess.reset();
});

// The clients keep their default base URLs: only `fetch` changes.
const apps = createAppsScriptClient({ auth: 'ada-token', fetch: inProcess.fetch, retry: false });
const bugs = createBugSmashClient({ apiKey: DEFAULT_BUGSMASH_API_KEY, fetch: inProcess.fetch, retry: false });

describe('createEmulatorFetch', () => {
  it('serves the Apps Script API at script.googleapis.com, with state kept between calls', async () => {
    const created = await apps.projects.create({ title: 'In process' });
    const read = await apps.projects.get({ scriptId: String(created.scriptId) });
    expect(read).toMatchObject({ title: 'In process', scriptId: created.scriptId });
    expect(inProcess.emulator.state().appsScript.projects).toHaveLength(1);
  });

  it('serves Cloud Logging at logging.googleapis.com, from the runs it made', async () => {
    const { deploymentId } = await deployScript(apps, {
      title: 'Logs in process',
      manifest: '{"executionApi":{"access":"MYSELF"}}',
      code: "function hi() { console.warn('hello'); }",
    });
    await apps.scripts.run({ deploymentId, function: 'hi' });
    const logging = createLoggingClient({ auth: 'ada-token', fetch: inProcess.fetch, retry: false });
    const page = await logging.entries.list({ resourceNames: ['projects/my-project'] });
    expect(page.entries?.map((e) => [e.severity, e.textPayload])).toEqual([['WARNING', 'hello']]);
  });

  it('serves the BugSmash API at api.bugsmash.io, multipart uploads included', async () => {
    const project = await bugs.projects.create({
      projectName: 'Brochure',
      projectType: 'pdf',
      file: {
        data: new TextEncoder().encode('%PDF-1.4 one'),
        filename: 'b.pdf',
        contentType: 'application/pdf',
      },
    });
    expect(project).toMatchObject({ name: 'Brochure' });
    const versions = await bugs.versions.list({ projectId: String(project.id) });
    expect(versions).toHaveLength(1);
  });

  it('answers with the emulator status codes and bodies, a 404 for an unknown project', async () => {
    const response = await inProcess.fetch('https://script.googleapis.com/v1/projects/missing', {
      headers: { authorization: 'Bearer ada-token' },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } });
  });

  it('gives a fresh state on reset, or the demo data set when asked', async () => {
    await apps.projects.create({ title: 'Gone after reset' });
    await inProcess.reset();
    expect(inProcess.emulator.state().appsScript.projects).toEqual([]);
    await inProcess.reset({ seed: true });
    const demo = createAppsScriptClient({ auth: DEMO_USERS[0].token, fetch: inProcess.fetch, retry: false });
    const response = await inProcess.fetch(`${EMULATOR_ORIGIN}/__emulator/state`);
    expect(response.status).toBe(200);
    expect(inProcess.emulator.state().appsScript.projects.length).toBeGreaterThan(0);
    const first = inProcess.emulator.state().appsScript.projects[0];
    expect(await demo.projects.get({ scriptId: String(first?.scriptId) })).toMatchObject({
      scriptId: first?.scriptId,
    });
  });

  it('serves faults registered through the control API, and refuses one the spec forbids', async () => {
    await inProcess.emulator.addFault({
      service: 'apps-script',
      operationId: 'getProject',
      status: 429,
      headers: { 'Retry-After': '120' },
      body: { error: { code: 429, message: 'Slow down', status: 'RESOURCE_EXHAUSTED' } },
    });
    await expect(apps.projects.get({ scriptId: 'any' })).rejects.toBeInstanceOf(RateLimitError);
    const refused = inProcess.emulator.addFault({
      service: 'apps-script',
      operationId: 'getProject',
      status: 200,
      body: { title: 42 },
    });
    await expect(refused).rejects.toBeInstanceOf(FaultRefusedError);
    await expect(refused).rejects.toThrow(/title/);
  });

  it('refuses a host it does not serve with a typed error, sending nothing', async () => {
    const attempt = inProcess.fetch('https://example.com/v1/projects/x');
    await expect(attempt).rejects.toBeInstanceOf(UnservedHostError);
    await expect(attempt).rejects.toThrow(/does not serve example\.com; it serves script\.googleapis\.com/);
  });

  it('goes by the URL’s host, which a forged Host header cannot change', async () => {
    // The in-process path checks the URL's host against the served list; a forged Host header cannot widen it.
    const response = await inProcess.fetch('https://api.bugsmash.io/api/v2/projects', {
      headers: { 'x-api-key': DEFAULT_BUGSMASH_API_KEY, host: 'evil.example' },
    });
    expect(response.status).toBe(200);
  });

  it('answers a body past the limit with the service’s refusal, reading none of it into state', async () => {
    const response = await inProcess.fetch('https://script.googleapis.com/v1/projects', {
      method: 'POST',
      headers: { authorization: 'Bearer ada-token', 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x'.repeat(10 * 1024 * 1024) }),
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('larger than');
    expect(inProcess.emulator.state().appsScript.projects).toEqual([]);
  });

  it('answers CORS as the server does: a loopback page’s preflight passes, a foreign origin is refused', async () => {
    const preflight = await inProcess.fetch('https://script.googleapis.com/v1/projects', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const foreign = await inProcess.fetch('https://script.googleapis.com/v1/projects/x', {
      headers: { origin: 'https://evil.example', authorization: 'Bearer ada-token' },
    });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
  });

  it('answers a HEAD without a body', async () => {
    const head = await inProcess.fetch(`${EMULATOR_ORIGIN}/__emulator/health`, { method: 'HEAD' });
    expect(head.body).toBeNull();
  });
});

describe('createEmulatorFetch and a caller’s abort', () => {
  it('rejects with the abort reason and stops the run it started, as the HTTP server does', async () => {
    const runs = await createEmulatorFetch({ runTimeoutMs: 20_000 });
    try {
      const client = createAppsScriptClient({ auth: 'ada-token', fetch: runs.fetch, retry: false });
      const { deploymentId } = await deployScript(client, {
        title: 'Spin',
        code: 'function spin() { while (true) {} }',
      });
      const started = Date.now();
      const attempt = runs.fetch(`https://script.googleapis.com/v1/scripts/${deploymentId}:run`, {
        method: 'POST',
        headers: { authorization: 'Bearer ada-token', 'content-type': 'application/json' },
        body: JSON.stringify({ function: 'spin' }),
        signal: AbortSignal.timeout(200),
      });
      await expect(attempt).rejects.toMatchObject({ name: 'TimeoutError' });
      expect(Date.now() - started).toBeLessThan(5_000);
      // The run was stopped, not left to its 20 s limit (vitest's 1 s default for a poll is too
      // short on a loaded machine).
      await expect
        .poll(() => runs.emulator.state().appsScript.processes[0]?.processStatus, { timeout: 5_000 })
        .toBe('CANCELED');
    } finally {
      await runs.close();
    }
  });
});

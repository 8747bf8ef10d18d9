import { RateLimitError } from '@specbound/apps-script';
import { ApiError } from '@specbound/bugsmash';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.ts';
import { API_KEY, appsScript, bugsmash, strictEmulator } from './helpers.ts';

const PROJECT_ID = '9b2f6c1e-3d4a-4e5b-8c7d-1a2b3c4d5e6f';
const SCRIPT_ID = '1FaultsScript';
const OTHER_SCRIPT_ID = '1OtherScript';
const TIME = '2026-01-31T07:58:30.000000Z';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await strictEmulator();
});
afterAll(async () => {
  // Every fault answer is checked against the spec like any other response: none may break it.
  expect(emulator.violations()).toEqual([]);
  await emulator.close();
});

async function control(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${emulator.controlUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
}

async function addFault(fault: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await control('POST', '/faults', fault);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Record<string, unknown>;
}

async function refused(fault: unknown): Promise<{ error: string; problems: string[] }> {
  const response = await control('POST', '/faults', fault);
  expect(response.status).toBe(400);
  return (await response.json()) as { error: string; problems: string[] };
}

function script(scriptId: string) {
  return {
    scriptId,
    title: 'Faults',
    creator: 'ada@example.com',
    createTime: '2026-01-31T07:58:30.000Z',
    updateTime: '2026-01-31T07:58:30.000Z',
    files: [{ name: 'appsscript', type: 'JSON', source: '{"timeZone":"Europe/London"}' }],
  };
}

beforeEach(async () => {
  const response = await control('PUT', '/state', {
    version: 1,
    appsScript: {
      users: [{ email: 'ada@example.com', name: 'Ada Lovelace' }],
      tokens: { 'ada-token': 'ada@example.com' },
      projects: [script(SCRIPT_ID), script(OTHER_SCRIPT_ID)],
    },
    bugsmash: {
      projects: [
        {
          id: PROJECT_ID,
          name: 'Acme',
          type: 'website',
          short_code: 'AcMe1',
          created_at: TIME,
          updated_at: TIME,
        },
      ],
    },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  expect((await control('DELETE', '/faults')).status).toBe(204);
});

const quotaBody = {
  error: {
    code: 429,
    message: "Quota exceeded for quota metric 'Read requests' of service 'script.googleapis.com'.",
    status: 'RESOURCE_EXHAUSTED',
  },
};

describe('fault injection: POST /__emulator/faults', () => {
  it('answers the next `times` requests of an operation with the fault, then the real answer', async () => {
    const registered = await addFault({
      service: 'bugsmash',
      operationId: 'listProjects',
      status: 429,
      headers: { 'Retry-After': '60' },
      body: { status: false, message: 'Too Many Attempts.' },
      times: 2,
    });
    expect(registered).toMatchObject({
      service: 'bugsmash',
      operationId: 'listProjects',
      method: 'GET',
      pathTemplate: '/projects',
      status: 429,
      remaining: 2,
    });
    const client = bugsmash(emulator);
    for (let attempt = 0; attempt < 2; attempt++) {
      const error = await client.projects.list().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(429);
      expect((error as ApiError).headers.get('retry-after')).toBe('60');
      expect((error as ApiError).body).toEqual({ status: false, message: 'Too Many Attempts.' });
    }
    expect(emulator.faults()).toEqual([]);
    const page = await client.projects.list();
    expect(page.data.map((project) => project.id)).toEqual([PROJECT_ID]);
  });

  it('sends Google’s 429 with Retry-After, which the Apps Script client reads as a RateLimitError', async () => {
    await addFault({
      service: 'apps-script',
      operationId: 'listDeployments',
      status: 429,
      headers: { 'Retry-After': '30' },
      body: quotaBody,
    });
    const error = await appsScript(emulator)
      .projects.deployments.list({ scriptId: SCRIPT_ID })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(30_000);
    expect((error as RateLimitError).body).toEqual(quotaBody);
  });

  it('limits a fault given by method and path to that exact path', async () => {
    await addFault({
      service: 'apps-script',
      method: 'get',
      path: `/v1/projects/${SCRIPT_ID}/deployments`,
      status: 429,
      body: quotaBody,
    });
    expect(emulator.faults()).toEqual([
      expect.objectContaining({
        operationId: 'listDeployments',
        path: `/v1/projects/${SCRIPT_ID}/deployments`,
        remaining: 1,
      }),
    ]);
    const client = appsScript(emulator);
    // Another script's deployments are the same operation but not the same path: untouched.
    await expect(client.projects.deployments.list({ scriptId: OTHER_SCRIPT_ID })).resolves.toBeDefined();
    await expect(client.projects.deployments.list({ scriptId: SCRIPT_ID })).rejects.toBeInstanceOf(
      RateLimitError,
    );
    await expect(client.projects.deployments.list({ scriptId: SCRIPT_ID })).resolves.toBeDefined();
  });

  it('answers `status: false` on HTTP 200 when told to, which the client surfaces as an ApiError', async () => {
    await addFault({
      service: 'bugsmash',
      operationId: 'updateProject',
      status: 200,
      body: { status: false, message: 'Your plan does not allow public projects.' },
    });
    const error = await bugsmash(emulator)
      .projects.update({ projectId: PROJECT_ID, share_access: 'public' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(200);
    // The fault took the handler's place: the project is unchanged.
    const project = emulator.state().bugsmash.projects.find((candidate) => candidate.id === PROJECT_ID);
    expect(project?.share_access).toBe('private');
  });

  it('sends a fault exactly as registered: no partial response, entity tag or 304 of its own', async () => {
    const body = { scriptId: SCRIPT_ID, title: 'Renamed elsewhere' };
    await addFault({
      service: 'apps-script',
      operationId: 'getProject',
      status: 200,
      headers: { ETag: '"fault-etag"' },
      body,
    });
    const response = await fetch(`${emulator.appsScriptUrl}/v1/projects/${SCRIPT_ID}?fields=scriptId`, {
      headers: { Authorization: 'Bearer ada-token', 'If-None-Match': '"fault-etag"' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"fault-etag"');
    expect(await response.json()).toEqual(body);
  });

  it('leaves the fault in place for a request the service refuses anyway', async () => {
    await addFault({
      service: 'bugsmash',
      operationId: 'listProjects',
      status: 429,
      body: { status: false, message: 'Too Many Attempts.' },
    });
    const badKey = await bugsmash(emulator, 'not-the-key')
      .projects.list()
      .catch((caught: unknown) => caught);
    expect((badKey as ApiError).status).toBe(401);
    // A request that breaks the spec keeps its own 422 too.
    const invalid = await fetch(`${emulator.bugsmashUrl}/projects?limit=500`, {
      headers: { 'X-API-Key': API_KEY },
    });
    expect(invalid.status).toBe(422);
    expect(emulator.faults()).toHaveLength(1);
    const limited = await bugsmash(emulator)
      .projects.list()
      .catch((caught: unknown) => caught);
    expect((limited as ApiError).status).toBe(429);
  });

  it('lists pending faults; DELETE and reset clear them', async () => {
    const fault = {
      service: 'bugsmash',
      operationId: 'listFolders',
      status: 503,
      body: { status: false, message: 'Down' },
    };
    await addFault(fault);
    const listed = (await (await control('GET', '/faults')).json()) as unknown[];
    expect(listed).toEqual([
      expect.objectContaining({ operationId: 'listFolders', status: 503, remaining: 1 }),
    ]);
    expect((await control('DELETE', '/faults')).status).toBe(204);
    expect(emulator.faults()).toEqual([]);
    await addFault(fault);
    // Reset clears the violation log as well: check it is still empty before it goes.
    expect(emulator.violations()).toEqual([]);
    expect((await control('POST', '/reset')).status).toBe(200);
    expect(emulator.faults()).toEqual([]);
    await expect(bugsmash(emulator).folders.list()).resolves.toEqual([]);
  });
});

describe('fault injection with `checked: false`', () => {
  it('serves an answer the spec does not allow, even in strict mode, and counts no violation', async () => {
    const registered = await addFault({
      service: 'bugsmash',
      operationId: 'listProjects',
      status: 200,
      body: { status: true, message: 'ok', data: [{ id: 'not-a-number', surprise: true }] },
      checked: false,
    });
    expect(registered).toMatchObject({ operationId: 'listProjects', status: 200, checked: false });
    const response = await fetch(`${emulator.bugsmashUrl}/projects`, { headers: { 'x-api-key': API_KEY } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: true,
      message: 'ok',
      data: [{ id: 'not-a-number', surprise: true }],
    });
    // A strict emulator would have answered 500 for a handler's answer like this one.
    expect(emulator.violations()).toEqual([]);
  });

  it('serves a status the spec does not declare for the operation', async () => {
    await addFault({ service: 'apps-script', operationId: 'getProject', status: 418, checked: false });
    const response = await fetch(`${emulator.appsScriptUrl}/v1/projects/${SCRIPT_ID}`, {
      headers: { authorization: 'Bearer ada-token' },
    });
    expect(response.status).toBe(418);
    expect(emulator.violations()).toEqual([]);
  });

  it('lists checked faults as checked: true', async () => {
    await addFault({
      service: 'bugsmash',
      operationId: 'listProjects',
      status: 429,
      body: { status: false, message: 'Too Many Attempts.' },
    });
    expect(emulator.faults()).toEqual([
      expect.objectContaining({ operationId: 'listProjects', checked: true }),
    ]);
    await control('DELETE', '/faults');
  });
});

describe('fault injection refuses answers the spec does not allow', () => {
  it('an undeclared status', async () => {
    const answer = await refused({
      service: 'bugsmash',
      operationId: 'listProjects',
      status: 418,
      body: { status: false, message: 'teapot' },
    });
    expect(answer.error).toBe('the bugsmash spec does not allow this answer to listProjects');
    expect(answer.problems).toEqual(['status 418 is not declared for listProjects']);
  });

  it('a body off the response schema, naming the field', async () => {
    const answer = await refused({
      service: 'apps-script',
      operationId: 'listDeployments',
      status: 429,
      body: { error: { code: 429, message: 7, status: 'SLOW_DOWN' } },
    });
    expect(answer.problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('error.message must be string'),
        expect.stringContaining('error.status must be equal to one of the allowed values'),
      ]),
    );
  });

  it('a missing body where the spec declares one', async () => {
    const answer = await refused({ service: 'bugsmash', operationId: 'listWebhooks', status: 429 });
    expect(answer.problems).toEqual(['status 429 of listWebhooks declares a body but none was sent']);
  });

  it('an undeclared header, or a Retry-After that is neither seconds nor an HTTP-date', async () => {
    const base = { service: 'bugsmash', operationId: 'listProjects', status: 429 };
    const body = { status: false, message: 'Too Many Attempts.' };
    const undeclared = await refused({ ...base, body, headers: { 'X-RateLimit-Remaining': '0' } });
    expect(undeclared.problems).toEqual([
      'listProjects 429: header X-RateLimit-Remaining is not declared (declared: Retry-After)',
    ]);
    const malformed = await refused({ ...base, body, headers: { 'retry-after': 'soon' } });
    expect(malformed.problems[0]).toMatch(/^listProjects 429: header Retry-After must match pattern/);
    // Both forms RFC 9110 allows are accepted.
    await addFault({ ...base, body, headers: { 'Retry-After': 'Wed, 03 Jun 2026 07:28:00 GMT' } });
    await addFault({ ...base, body, headers: { 'Retry-After': '120' } });
  });

  it('malformed fault requests and unknown operations', async () => {
    // Shape problems are caught by the control API's own spec (specs/emulator), naming the field;
    // what needs the services' specs is checked by the fault injector.
    const cases: [unknown, string][] = [
      [[], 'invalid request: body must be object'],
      [
        { service: 'github', operationId: 'listProjects', status: 429 },
        'invalid request: service must be equal to one of the allowed values: apps-script, bugsmash, sheets',
      ],
      [{ service: 'bugsmash', operationId: 'listRepos', status: 429 }, 'no operation listRepos in the spec'],
      [
        { service: 'bugsmash', method: 'GET', path: '/repos', status: 429 },
        'no operation of the spec serves GET /repos',
      ],
      [
        { service: 'bugsmash', operationId: 'listProjects', method: 'GET', path: '/projects', status: 429 },
        'give either operationId or method and path, not both',
      ],
      [
        { service: 'bugsmash', operationId: 'listProjects', status: 42 },
        'invalid request: status must be >= 100',
      ],
      [
        { service: 'bugsmash', operationId: 'listProjects', status: 429, headers: { 'Retry-After': 60 } },
        'invalid request: headers.Retry-After must be string',
      ],
      [
        { service: 'bugsmash', operationId: 'listProjects', status: 429, times: 0 },
        'invalid request: times must be >= 1',
      ],
      [
        { service: 'bugsmash', operationId: 'listProjects', status: 429, checked: 'no' },
        'invalid request: checked must be boolean',
      ],
      [
        { service: 'bugsmash', operationId: 'listProjects', status: 429, delay: 5 },
        'invalid request: unknown field delay',
      ],
    ];
    for (const [fault, error] of cases) expect((await refused(fault)).error).toBe(error);
    expect(emulator.faults()).toEqual([]);
  });
});

describe('POST /webhook/test with no subscriber', () => {
  it('answers `status: false` on HTTP 200, and sends nothing', async () => {
    const client = bugsmash(emulator);
    await client.webhooks.create({ webhookUrl: 'http://127.0.0.1:9/hooks', events: ['new_comment'] });
    const before = emulator.deliveries().length;
    const error = await client.webhooks.test({ event: 'status_changed' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(200);
    expect((error as ApiError).body).toEqual({
      status: false,
      message: 'No webhook is subscribed to this event.',
    });
    expect(emulator.deliveries()).toHaveLength(before);
  });
});

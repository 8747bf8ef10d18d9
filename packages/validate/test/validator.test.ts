import { jsonBody } from '@specbound/http';
import { describe, expect, it } from 'vitest';
import { createValidatingFetch, type OpenApiDocument, type ResponseReport } from '../src/index.js';

const STRING = { type: 'string' };
const SPEC: OpenApiDocument = {
  openapi: '3.1.0',
  servers: [{ url: 'https://api.example.com/api/v2' }],
  paths: {
    '/scripts/{scriptId}:run': {
      post: { operationId: 'run', responses: { '200': json({ $ref: '#/components/schemas/Run' }) } },
    },
    '/projects/{projectId}': { get: { operationId: 'getProject', responses: { '200': json(STRING) } } },
    '/clock': {
      get: { operationId: 'clock', responses: { '200': json({ type: 'string', format: 'date-time' }) } },
    },
    '/projects/archived': {
      get: { operationId: 'listArchived', responses: { '200': json({ type: 'array' }) } },
    },
  },
  components: {
    schemas: { Run: { type: 'object', required: ['done'], properties: { done: { type: 'boolean' } } } },
  },
};

function json(schema: unknown) {
  return { description: 'ok', content: { 'application/json': { schema } } };
}

async function reportFor(method: string, path: string, body: unknown): Promise<ResponseReport | undefined> {
  const reports: ResponseReport[] = [];
  const fetch = createValidatingFetch(SPEC, {
    mode: 'report',
    onReport: (report) => reports.push(report),
    fetch: async () =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
  });
  await fetch(`https://proxy.example.com/api/v2${path}`, { method });
  return reports[0];
}

describe('createValidatingFetch', () => {
  it('matches a custom-verb path and follows $refs into components', async () => {
    expect(await reportFor('POST', '/scripts/1abc:run', { done: true })).toBeUndefined();
    expect((await reportFor('POST', '/scripts/1abc:run', {}))?.problems).toEqual([
      { pointer: '/done', expected: 'a value (required)', got: undefined },
    ]);
  });

  it('prefers a literal path to a template that would also match', async () => {
    expect(await reportFor('GET', '/projects/archived', [])).toBeUndefined();
    expect((await reportFor('GET', '/projects/archived', 'x'))?.operation).toBe('listArchived');
  });

  it('leaves a path no operation serves alone', async () => {
    expect(await reportFor('GET', '/elsewhere', 1)).toBeUndefined();
  });

  it('adds nothing to a call in off mode: the same Request goes through and the same Response comes back', async () => {
    const answer = new Response('"not checked"', { headers: { 'content-type': 'application/json' } });
    const seen: Request[] = [];
    const fetch = createValidatingFetch(SPEC, {
      mode: 'off',
      fetch: async (request) => {
        seen.push(request);
        return answer;
      },
    });
    const request = new Request('https://api.example.com/api/v2/projects/archived');
    expect(await fetch(request)).toBe(answer);
    expect(seen[0]).toBe(request);
  });

  it('hands the client a body it can still read once the check has read it', async () => {
    const fetch = createValidatingFetch(SPEC, {
      mode: 'report',
      onReport: () => {},
      fetch: async () => new Response('["é"]', { headers: { 'content-type': 'application/json' } }),
    });
    const response = await fetch('https://api.example.com/api/v2/projects/archived');
    expect(await response.text()).toBe('["é"]');
  });

  it('hands the client the value it parsed, so the client does not parse the body a second time', async () => {
    const fetch = createValidatingFetch(SPEC, {
      mode: 'report',
      onReport: () => {},
      fetch: async () => new Response('[{"a":1}]', { headers: { 'content-type': 'application/json' } }),
    });
    const url = 'https://api.example.com/api/v2/projects/archived';
    const response = await fetch(url);
    const answer = { data: await response.text(), response, request: { method: 'GET', url } };
    const first = jsonBody(answer, [], () => true);
    expect(first).toEqual([{ a: 1 }]);
    expect(jsonBody(answer, [], () => true)).toBe(first);
  });

  it('reports a value that is not shaped as its format (a date-time), and passes one that is', async () => {
    expect(await reportFor('GET', '/clock', '2026-11-25T22:15:00.123Z')).toBeUndefined();
    expect((await reportFor('GET', '/clock', 'yesterday'))?.problems).toEqual([
      { pointer: '', expected: 'must match format "date-time"', got: 'yesterday' },
    ]);
  });
});

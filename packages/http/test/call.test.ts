import { describe, expect, it } from 'vitest';
import {
  type Answer,
  ApiError,
  apiKeyHeader,
  bearerAuth,
  type Caller,
  clientRuntime,
  combineAuth,
  createHttpFetch,
  jsonBody,
  NotFoundError,
  numberedPages,
  onePage,
  operation,
  serviceErrors,
  tokenPages,
  ValidationError,
} from '../src/index.js';
import { fakeFetch, json } from './fake-fetch.js';

interface Sent {
  verb: string;
  path: string;
  init: { params: { path: object; query: object; header: object }; body?: object };
}

/** A caller whose `raw` records what an operation asks openapi-fetch for, then fetches through `init.fetch`. */
function caller(answer: () => Response = () => json(200, { ok: true })) {
  const sent: Sent[] = [];
  const fake = fakeFetch(answer);
  const http = createHttpFetch({ fetch: fake.fetch, retry: false });
  const raw = {
    async request(
      verb: string,
      path: string,
      init: Sent['init'] & { fetch: (r: Request) => Promise<Response> },
    ) {
      sent.push({ verb, path, init });
      const response = await init.fetch(new Request(`https://api.test${path}`, { method: verb }));
      const text = await response.text();
      return response.ok ? { data: text, response } : { error: text, response };
    },
  };
  const decode = (answer: Answer) => jsonBody(answer, [], () => true);
  const value: Caller = { raw, http, decode, parseAs: 'text' };
  return { caller: value, sent, calls: fake.calls };
}

describe('operation()', () => {
  it('splits params: path names fill the template, the rest goes to the query of a GET', async () => {
    const { caller: c, sent } = caller();
    const get = operation<{ projectId: string; page?: number; skip?: undefined }, unknown>(
      c,
      'GET',
      '/project/{projectId}',
    );
    await expect(get({ projectId: 'p1', page: 2, skip: undefined })).resolves.toEqual({ ok: true });
    expect(sent[0]).toMatchObject({
      verb: 'GET',
      path: '/project/{projectId}',
      init: { params: { path: { projectId: 'p1' }, query: { page: 2 }, header: {} } },
    });
    expect(sent[0]?.init.body).toBeUndefined();
  });

  it('puts the rest in the JSON body of a write, except names listed as query, and maps header params', async () => {
    const { caller: c, sent } = caller();
    const put = operation<Record<string, unknown>, unknown>(c, 'PUT', '/v1/{id}', {
      query: new Set(['fields']),
      header: { ifNoneMatch: 'If-None-Match' },
    });
    await put({ id: 'x', title: 'T', fields: 'a,b', ifNoneMatch: '"e1"' });
    expect(sent[0]?.init).toMatchObject({
      params: { path: { id: 'x' }, query: { fields: 'a,b' }, header: { 'If-None-Match': '"e1"' } },
      body: { title: 'T' },
    });
  });

  it('refuses before sending: a missing or bad path param, a blank required field, a non-object params', async () => {
    const { caller: c, calls } = caller();
    const get = operation<Record<string, unknown>, unknown>(c, 'GET', '/comment/{commentId}', {
      required: ['projectId'],
    });
    await expect(get({ projectId: 'p' })).rejects.toMatchObject({
      name: 'ValidationError',
      field: 'commentId',
    });
    await expect(get({ commentId: '..', projectId: 'p' })).rejects.toMatchObject({ field: 'commentId' });
    await expect(get({ commentId: 'c', projectId: ' ' })).rejects.toMatchObject({ field: 'projectId' });
    await expect(get('c' as never)).rejects.toMatchObject({ field: 'params' });
    expect(calls).toHaveLength(0);
  });

  it('rewrites params to wire names first and runs checks', async () => {
    const { caller: c, sent } = caller();
    const list = operation<{ types?: string[] }, unknown>(c, 'GET', '/projects', {
      wire: ({ types, ...rest }) => ({ ...rest, 'types[]': types }),
      check: (params) => {
        if (params.types?.includes('bad')) throw new ValidationError('types', 'bad type');
      },
    });
    await list({ types: ['pdf'] });
    expect(sent[0]?.init.params.query).toEqual({ 'types[]': ['pdf'] });
    await expect(list({ types: ['bad'] })).rejects.toMatchObject({ field: 'types' });
  });

  it('.withResponse() resolves to the data and the response; decode gets the params', async () => {
    const { caller: c } = caller(() => json(200, { n: 1 }, { etag: '"v1"' }));
    const get = operation<{ id: string }, string>(c, 'GET', '/x/{id}', {
      decode: (answer, params) => `${params.id}:${JSON.stringify(jsonBody(answer, [], () => true))}`,
    });
    const { data, response } = await get.withResponse({ id: 'a' });
    expect(data).toBe('a:{"n":1}');
    expect(response.headers.get('etag')).toBe('"v1"');
  });

  it('checks call options, applies per-call overrides and passes headers and the signal on', async () => {
    const { caller: c, sent } = caller();
    const get = operation<object, unknown>(c, 'GET', '/x');
    await expect(get({}, { timeOut: 1 } as never)).rejects.toMatchObject({ field: 'timeOut' });
    await expect(get({}, { timeout: -1 })).rejects.toBeInstanceOf(ValidationError);
    const signal = new AbortController().signal;
    await get({}, { headers: { 'x-a': '1' }, signal, timeout: 5_000 });
    expect(sent.at(-1)?.init).toMatchObject({ headers: { 'x-a': '1' }, signal, parseAs: 'text' });
  });

  it('maps a failed answer to the typed error, with the request it answers', async () => {
    const { caller: c } = caller(() => json(404, { message: 'gone' }));
    const get = operation<{ id: string }, unknown>(c, 'GET', '/x/{id}');
    const error = await get({ id: 'a' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, body: { message: 'gone' }, request: { method: 'GET' } });
    expect((error as ApiError).request.url).toBe('https://api.test/x/%7Bid%7D');
  });
});

describe('jsonBody()', () => {
  const answer = (status: number, text: string, type = 'text/html'): Answer => {
    const response = new Response(text, { status, headers: { 'content-type': type } });
    return {
      ...(response.ok ? { data: text } : { error: text }),
      response,
      request: { method: 'GET', url: 'https://a.test/x' },
    };
  };

  it('parses a 2xx body once, undefined when empty', () => {
    expect(jsonBody(answer(200, '{"a":1}', 'application/json'), [], () => true)).toEqual({ a: 1 });
    expect(jsonBody(answer(200, ''), [], () => true)).toBeUndefined();
  });

  it('turns a page that is not JSON into an ApiError quoting its first 200 characters, even on 2xx', () => {
    const html = `<html>${'x'.repeat(500)}</html>`;
    for (const status of [200, 502]) {
      const error = (() => {
        try {
          return jsonBody(answer(status, html), [], () => true);
        } catch (caught) {
          return caught;
        }
      })() as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.message).toContain('the answer is not JSON (text/html): "<html>xxx');
      expect(error.message.length).toBeLessThan(300);
      expect(error.body).toBeUndefined();
    }
  });

  it('refuses an answer nesting deeper than 1000 with an ApiError, not a stack overflow later', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const failed = (given: Answer) => {
      try {
        jsonBody(given, [], () => true);
      } catch (caught) {
        return caught;
      }
      throw new Error('expected a failure');
    };
    // A 2xx text parsed here, and an error body openapi-fetch already parsed (redacting it recursed).
    for (const given of [
      answer(200, nested(100_000), 'application/json'),
      { ...answer(500, ''), error: JSON.parse(nested(100_000)) },
    ]) {
      const error = failed(given) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.message).toContain('the answer nests over 1000 deep');
      expect(error.body).toBeUndefined();
    }
    // Objects count as much as arrays; brackets inside strings do not nest.
    const objects = `${'{"a":'.repeat(1001)}1${'}'.repeat(1001)}`;
    expect(failed(answer(200, objects, 'application/json'))).toBeInstanceOf(ApiError);
    expect(jsonBody(answer(200, nested(1000), 'application/json'), [], () => true)).toHaveLength(1);
    const strings = JSON.stringify(['['.repeat(5000), { b: '{'.repeat(5000) }]);
    expect(jsonBody(answer(200, strings, 'application/json'), [], () => true)).toHaveLength(2);
  });

  it('keeps an error body only when it is the service’s, and redacts secrets', () => {
    const isService = (body: unknown) => typeof body === 'object' && body !== null && 'error' in body;
    const google = { error: { code: 403, message: 'key k-secret refused' } };
    const failed = (body: unknown) => {
      try {
        jsonBody({ ...answer(403, ''), error: body }, ['k-secret'], isService);
      } catch (caught) {
        return caught as ApiError;
      }
      throw new Error('expected a failure');
    };
    expect(failed(google).body).toEqual({ error: { code: 403, message: 'key [REDACTED] refused' } });
    expect(failed({ other: true }).body).toBeUndefined();
  });
});

describe('pagination helpers', () => {
  it('tokenPages follows nextPageToken until it is empty', async () => {
    const seen: unknown[] = [];
    const list = async (params: { q: string; pageToken?: string }) => {
      seen.push(params);
      return params.pageToken === undefined
        ? { items: [1, 2], nextPageToken: 't2' }
        : { items: [3], nextPageToken: '' };
    };
    expect(await tokenPages<number, { q: string }>(list, 'items', { q: 'a' }).all()).toEqual([1, 2, 3]);
    expect(seen).toEqual([{ q: 'a' }, { q: 'a', pageToken: 't2' }]);
  });

  it('numberedPages asks page 1, 2, … with the limit until last_page or an empty page', async () => {
    const seen: unknown[] = [];
    const list = async (params: { page: number; limit: number }) => {
      seen.push(params);
      return { data: params.page < 3 ? [params.page] : [], last_page: 9 };
    };
    expect(await numberedPages<number, object>(list, 'data', 50, {}).all()).toEqual([1, 2]);
    expect(seen).toEqual([
      { page: 1, limit: 50 },
      { page: 2, limit: 50 },
      { page: 3, limit: 50 },
    ]);
  });

  it('onePage walks a list answered whole', async () => {
    const list = async (params: { id: string }) => ({ rows: [params.id, 'b'] });
    expect(await onePage(list, (page: { rows: string[] }) => page.rows, { id: 'a' }).all()).toEqual([
      'a',
      'b',
    ]);
  });
});

describe('clientRuntime() and combineAuth()', () => {
  const info = { name: '@specbound/test', version: '0.0.0' };

  it('refuses an unknown option and a bad base URL, naming them and the factory', () => {
    const make = (options: object) =>
      clientRuntime(
        {
          factory: 'createTestClient',
          credentials: ['apiKey'],
          defaultBaseUrl: 'https://api.test',
          client: info,
        },
        options as never,
        () => undefined,
      );
    expect(() => make({ baseURL: 'x' })).toThrow(
      expect.objectContaining({
        field: 'baseURL',
        message: expect.stringMatching(/^createTestClient: unknown option "baseURL"/),
      }),
    );
    expect(() => make({ baseUrl: 'not a url' })).toThrow(expect.objectContaining({ field: 'baseUrl' }));
    expect(() => make({ timeout: -1 })).toThrow(
      expect.objectContaining({ field: 'timeout', message: expect.stringMatching(/^createTestClient: /) }),
    );
    expect(make({ apiKey: 'k', baseUrl: '/proxy' }).baseUrl).toBe('/proxy');
  });

  it('combineAuth applies every strategy in order and redacts all their secrets', async () => {
    const auth = combineAuth(bearerAuth('tok-1'), apiKeyHeader('X-Key', 'key-2'));
    const request = await auth.authenticate(new Request('https://a.test/'));
    expect(request.headers.get('authorization')).toBe('Bearer tok-1');
    expect(request.headers.get('x-key')).toBe('key-2');
    expect(auth.secrets()).toEqual(['tok-1', 'key-2']);
    const only = bearerAuth('t');
    expect(combineAuth(only)).toBe(only);
  });
});

describe('serviceErrors()', () => {
  it('hands back the very classes of the hierarchy (typed for a service body)', () => {
    const errors = serviceErrors<{ error: { message: string } }>();
    expect(errors.ApiError).toBe(ApiError);
    expect(errors.NotFoundError).toBe(NotFoundError);
  });
});

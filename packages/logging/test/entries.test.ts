import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  createLoggingClient,
  createLoggingCore,
  listLogEntries,
  PermissionDeniedError,
  RateLimitError,
  ValidationError,
} from '../src/index.js';
import { BASE, fakeFetch, googleError, json, only, PROJECT, TOKEN } from './fake-fetch.js';

const entry = (n: number) => ({ insertId: `i${n}`, severity: 'INFO', textPayload: `line ${n}` });

describe('entries.list', () => {
  it('POSTs the query as the JSON body to /v2/entries:list with the bearer token, standard parameters in the query', async () => {
    const fake = fakeFetch(() => json(200, { entries: [entry(1)], nextPageToken: 't2' }));
    const client = createLoggingClient({ auth: TOKEN, fetch: fake.fetch });
    const page = await client.entries.list({
      resourceNames: [PROJECT],
      filter: 'severity>=WARNING',
      orderBy: 'timestamp desc',
      pageSize: 10,
      fields: 'entries(textPayload),nextPageToken',
    });
    expect(page).toEqual({ entries: [entry(1)], nextPageToken: 't2' });
    const call = only(fake.calls);
    expect(call.method).toBe('POST');
    expect(`${call.url.origin}${call.url.pathname}`).toBe(`${BASE}/v2/entries:list`);
    expect([...call.url.searchParams]).toEqual([['fields', 'entries(textPayload),nextPageToken']]);
    expect(call.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(call.headers.get('user-agent') ?? '').toContain('@specbound/logging/');
    expect(call.body).toEqual({
      resourceNames: [PROJECT],
      filter: 'severity>=WARNING',
      orderBy: 'timestamp desc',
      pageSize: 10,
    });
  });

  it('is an operation function on a core too', async () => {
    const fake = fakeFetch(() => json(200, {}));
    const core = createLoggingCore({ auth: TOKEN, fetch: fake.fetch, baseUrl: 'http://127.0.0.1:9/' });
    expect(await listLogEntries(core, { resourceNames: [PROJECT] })).toEqual({});
    expect(only(fake.calls).url.href).toBe('http://127.0.0.1:9/v2/entries:list');
  });

  it.each([
    [{ resourceNames: [] }, 'resourceNames'],
    [{ resourceNames: [' '] }, 'resourceNames'],
    [{ resourceNames: [PROJECT], pageSize: 0 }, 'pageSize'],
    [{ resourceNames: [PROJECT], pageSize: 1001 }, 'pageSize'],
    [{ resourceNames: [PROJECT], orderBy: 'severity desc' }, 'orderBy'],
  ])('refuses %j before sending anything (%s)', async (params, field) => {
    const fake = fakeFetch(() => json(200, {}));
    const client = createLoggingClient({ fetch: fake.fetch });
    const error = await client.entries.list(params as never).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe(field);
    expect(fake.calls).toHaveLength(0);
  });

  it('throws BadRequestError with Google’s body for a filter Cloud Logging cannot parse', async () => {
    const fake = fakeFetch(() =>
      googleError(400, 'INVALID_ARGUMENT', 'Invalid query: unparseable expression'),
    );
    const client = createLoggingClient({ auth: TOKEN, fetch: fake.fetch });
    const error = await client.entries
      .list({ resourceNames: [PROJECT], filter: 'a>=>b' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).status).toBe(400);
    expect((error as BadRequestError).body?.error.status).toBe('INVALID_ARGUMENT');
    expect(JSON.stringify((error as BadRequestError).request)).not.toContain(TOKEN);
  });

  it('retries a 503 although entries.list is a POST (it only reads), and honours retry: false', async () => {
    let fake = fakeFetch((_request, call) =>
      call === 1 ? googleError(503, 'UNAVAILABLE', 'try again') : json(200, { entries: [entry(1)] }),
    );
    const retry = { initialDelayMs: 1, maxDelayMs: 1 };
    const page = await createLoggingClient({ fetch: fake.fetch, retry }).entries.list({
      resourceNames: [PROJECT],
    });
    expect(page.entries).toHaveLength(1);
    expect(fake.calls).toHaveLength(2);

    fake = fakeFetch(() => googleError(503, 'UNAVAILABLE', 'try again'));
    const once = createLoggingClient({ fetch: fake.fetch, retry: false });
    await expect(once.entries.list({ resourceNames: [PROJECT] })).rejects.toThrow(/503/);
    expect(fake.calls).toHaveLength(1);
  });

  it('throws RateLimitError on 429 and PermissionDeniedError on 403, without the token in the message', async () => {
    const limited = createLoggingClient({
      auth: TOKEN,
      retry: false,
      fetch: fakeFetch(() => googleError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded')).fetch,
    });
    await expect(limited.entries.list({ resourceNames: [PROJECT] })).rejects.toBeInstanceOf(RateLimitError);
    const denied = createLoggingClient({
      auth: { token: TOKEN, apiKey: 'AIza-secret-key' },
      fetch: fakeFetch(() => googleError(403, 'PERMISSION_DENIED', 'The caller does not have permission'))
        .fetch,
    });
    const error = await denied.entries.list({ resourceNames: [PROJECT] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    const text = `${(error as Error).message} ${JSON.stringify(error)}`;
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('AIza-secret-key');
  });

  it('refuses an auth value of the wrong type without echoing it', () => {
    expect(() => createLoggingClient({ auth: 42 as never })).toThrow(/got number/);
    expect(() => createLoggingClient({ auth: {} })).toThrow(ValidationError);
  });
});

describe('entries.iterate', () => {
  it('follows nextPageToken (through empty pages) with the same query, and stops early on break', async () => {
    const fake = fakeFetch((request) => {
      return request
        .clone()
        .json()
        .then((body: { pageToken?: string }) => {
          if (body.pageToken === undefined)
            return json(200, { entries: [entry(1), entry(2)], nextPageToken: 'p2' });
          if (body.pageToken === 'p2') return json(200, { nextPageToken: 'p3' });
          return json(200, { entries: [entry(3)] });
        });
    });
    const client = createLoggingClient({ fetch: fake.fetch });
    const all = await client.entries.iterate({ resourceNames: [PROJECT], filter: 'severity>=INFO' }).all();
    expect(all.map((e) => e.insertId)).toEqual(['i1', 'i2', 'i3']);
    expect(fake.calls.map((call) => call.body)).toEqual([
      { resourceNames: [PROJECT], filter: 'severity>=INFO' },
      { resourceNames: [PROJECT], filter: 'severity>=INFO', pageToken: 'p2' },
      { resourceNames: [PROJECT], filter: 'severity>=INFO', pageToken: 'p3' },
    ]);
    const before = fake.calls.length;
    for await (const found of client.entries.iterate({ resourceNames: [PROJECT] })) {
      expect(found.insertId).toBe('i1');
      break;
    }
    expect(fake.calls.length - before).toBe(1);
  });
});

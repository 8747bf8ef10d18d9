import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AuthStrategy, apiKeyHeader, apiKeyQuery, bearerAuth } from '../src/auth.js';
import { AbortError, ApiError, ConnectionError, createApiError, TimeoutError } from '../src/errors.js';
import { createHttpFetch } from '../src/fetch.js';
import type { LogEvent } from '../src/options.js';
import { fakeFetch, hang, json } from './fake-fetch.js';

// Canaries with characters that percent-encode, so encoded spellings are checked too.
const TOKEN = 'ya29.CANARY-TOKEN/7f3a+x==';
const KEY = 'AIza CANARY-KEY/91bc+y==';
const CANARIES = [TOKEN, KEY].flatMap((secret) => [
  secret,
  encodeURIComponent(secret),
  new URLSearchParams({ s: secret }).toString().slice(2),
  'CANARY',
]);

/** All three strategies at once: bearer token, key header and key query parameter. */
function everyAuth(): AuthStrategy {
  const strategies = [
    bearerAuth(async () => ({ token: TOKEN })),
    apiKeyHeader('X-API-Key', KEY),
    apiKeyQuery('key', KEY),
  ];
  return {
    async authenticate(request) {
      let current = request;
      for (const strategy of strategies) current = await strategy.authenticate(current);
      return current;
    },
    secrets: () => strategies.flatMap((strategy) => strategy.secrets()),
  };
}

/** `levels` objects nested in each other around `leaf`. */
function nest(levels: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = { level: i, child: value };
  return value;
}

/** The five ways an error gets rendered. */
function renderings(error: unknown): Record<string, string> {
  return {
    message: error instanceof Error ? error.message : '',
    string: String(error),
    json: JSON.stringify(error),
    inspect: inspect(error),
    inspectDeep: inspect(error, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
  };
}

function expectNoCanary(rendered: Record<string, string>): void {
  for (const [how, text] of Object.entries(rendered)) {
    for (const canary of CANARIES) {
      expect(text.includes(canary), `${how} contains ${canary}: ${text}`).toBe(false);
    }
  }
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

async function run(respond: Parameters<typeof fakeFetch>[0]): Promise<{
  error: unknown;
  response: Response | undefined;
  /** The response body as text, read while fake time still runs (the timeout covers the body). */
  text: string;
  sent: Request[];
  events: LogEvent[];
  auth: AuthStrategy;
}> {
  const events: LogEvent[] = [];
  const auth = everyAuth();
  const fake = fakeFetch(respond);
  const http = createHttpFetch({ fetch: fake.fetch, auth, timeout: 1000, logger: (e) => events.push(e) });
  const outcome = http(new Request('https://script.googleapis.com/v1/projects/p1?fields=name')).then(
    async (response) => ({ response, text: await response.text(), error: undefined }),
    (error: unknown) => ({ response: undefined, text: '', error }),
  );
  await vi.runAllTimersAsync();
  return { ...(await outcome), sent: fake.calls.map((call) => call.request), events, auth };
}

describe('credentials never leak', () => {
  it('the canaries really are sent', async () => {
    const { sent } = await run(() => json(200, {}));
    const request = sent[0];
    expect(request?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(request?.headers.get('x-api-key')).toBe(KEY);
    expect(new URL(request?.url ?? '').searchParams.get('key')).toBe(KEY);
  });

  it('ApiError: message, String, JSON, inspect and log lines', async () => {
    const { response, text, sent, events, auth } = await run((request) =>
      // A server that echoes everything back, in the body (deeper than any fixed cut-off) and in
      // its headers: the worst case.
      json(
        403,
        {
          error: { message: `key ${KEY} refused for ${request.url}`, token: TOKEN },
          deep: nest(40, { token: TOKEN, [KEY]: 'key as a property name' }),
        },
        {
          'x-echo-authorization': request.headers.get('authorization') ?? '',
          authorization: request.headers.get('authorization') ?? '',
          'x-api-key': KEY,
          'www-authenticate': `Bearer realm="x", error="invalid_token", token="${TOKEN}"`,
          link: `<${request.url}>; rel="self"`,
          'x-request-id': `req-${TOKEN}`,
        },
      ),
    );
    const last = sent.at(-1);
    if (response === undefined || last === undefined) throw new Error('expected a response');
    // A client passing the raw, authenticated request: the error must still be clean.
    const error = createApiError({
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
      body: JSON.parse(text),
      request: last,
      secrets: auth.secrets(),
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.headers.get('authorization')).toBe('[REDACTED]');
    expect(error.headers.get('www-authenticate')).toBe(
      'Bearer realm="x", error="invalid_token", token="[REDACTED]"',
    );
    expect(error.requestId).toBe('req-[REDACTED]');
    expectNoCanary({
      headers: inspect(error.headers),
      entries: JSON.stringify([...error.headers]),
      body: JSON.stringify(error.body),
    });
    expect(error.message).toContain('403 Forbidden: key [REDACTED] refused');
    expect(error.request.url).toBe('https://script.googleapis.com/v1/projects/p1?fields=name&key=[REDACTED]');
    expectNoCanary(renderings(error));
    expectNoCanary({ log: JSON.stringify(events) });
    expect(events).toHaveLength(1);
  });

  it('ApiError built without the secrets list still hides the query key', () => {
    const url = new URL('https://script.googleapis.com/v1/projects/p1');
    url.searchParams.set('key', KEY);
    const error = createApiError({
      status: 500,
      headers: new Headers(),
      body: null,
      request: new Request(url),
    });
    expectNoCanary(renderings(error));
  });

  it('TimeoutError: message, String, JSON, inspect and log lines', async () => {
    const { error, events } = await run(hang);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).request.url).toContain('key=[REDACTED]');
    expectNoCanary(renderings(error));
    expectNoCanary({ log: JSON.stringify(events) });
    expect(events).toHaveLength(3);
  });

  it('ConnectionError: message, cause, String, JSON, inspect and log lines', async () => {
    const { error, events } = await run((request) => {
      // Undici-like failure whose message and cause carry the full URL and a header.
      const cause = Object.assign(
        new Error(`getaddrinfo ENOTFOUND ${request.url} (${request.headers.get('authorization')})`),
        {
          code: 'ENOTFOUND',
          hostname: `host for ${KEY}`,
        },
      );
      throw new TypeError(`fetch failed: ${request.url}`, { cause });
    });
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).not.toBeInstanceOf(TimeoutError);
    const failure = error as ConnectionError;
    expect(failure.message).toContain(
      'fetch failed: https://script.googleapis.com/v1/projects/p1?fields=name&key=[REDACTED]',
    );
    const cause = failure.cause as Error & { code?: string };
    expect(cause.cause).toMatchObject({ code: 'ENOTFOUND' });
    expect(inspect(cause, { depth: 5, showHidden: true })).toContain('[REDACTED]');
    expectNoCanary(renderings(error));
    expectNoCanary({ log: JSON.stringify(events) });
    expect(events).toHaveLength(3);
  });

  it('AbortError: message, String, JSON, inspect and log lines', async () => {
    const events: LogEvent[] = [];
    const controller = new AbortController();
    const fake = fakeFetch(hang);
    const http = createHttpFetch({ fetch: fake.fetch, auth: everyAuth(), logger: (e) => events.push(e) });
    // The caller's own URL carries a credential too (Google's standard `access_token` parameter).
    const url = `https://script.googleapis.com/v1/projects/p1?access_token=${encodeURIComponent(TOKEN)}`;
    const outcome = http(new Request(url, { signal: controller.signal })).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10);
    // The request really went out with every credential before the abort.
    expect(fake.calls[0]?.request.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    controller.abort(new Error('user gave up'));
    const error = await outcome;
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).message).toBe(
      'GET https://script.googleapis.com/v1/projects/p1?access_token=[REDACTED]&key=[REDACTED] was aborted by the caller.',
    );
    expectNoCanary(renderings(error));
    expectNoCanary({ log: JSON.stringify(events) });
    expect(events).toHaveLength(1);
  });

  it('a one-letter token leaves the URL in a message and a log line as it was', async () => {
    const events: LogEvent[] = [];
    const http = createHttpFetch({
      fetch: async (request) => {
        throw new TypeError(`fetch failed: ${request.url}`, { cause: new Error('connect ECONNREFUSED') });
      },
      auth: bearerAuth('t'),
      retry: false,
      logger: (e) => events.push(e),
    });
    const error = await http(new Request('http://127.0.0.1:9/v1/projects/abc')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toBe(
      'GET http://127.0.0.1:9/v1/projects/abc failed: fetch failed: http://127.0.0.1:9/v1/projects/abc',
    );
    expect(events[0]?.url).toBe('http://127.0.0.1:9/v1/projects/abc');
  });
});

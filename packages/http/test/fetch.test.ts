import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiKeyQuery, bearerAuth } from '../src/auth.js';
import {
  AbortError,
  ConnectionError,
  CredentialsError,
  SpecboundError,
  TimeoutError,
} from '../src/errors.js';
import { createHttpFetch, type HttpFetch } from '../src/fetch.js';
import type { LogEvent } from '../src/options.js';
import { ValidationError } from '../src/validate.js';
import { VERSION } from '../src/version.js';
import { fakeFetch, hang, json } from './fake-fetch.js';

const URL_ = 'https://api.example.test/v1/items';

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse('2025-01-01T00:00:00Z') });
  // No jitter: delays are exactly min(initialDelayMs * 2^n, maxDelayMs).
  vi.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Runs a call to completion while advancing fake time; returns its outcome. */
async function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return outcome;
}

const delays = (calls: { at: number }[]): number[] =>
  calls.slice(1).map((call, i) => call.at - (calls[i]?.at ?? 0));

describe('createHttpFetch: responses', () => {
  it('returns a 2xx response after one call', async () => {
    const fake = fakeFetch(() => json(200, { ok: true }));
    const response = await createHttpFetch({ fetch: fake.fetch })(new Request(URL_));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(fake.calls).toHaveLength(1);
  });

  it('returns (does not throw) a non-retryable error response', async () => {
    const fake = fakeFetch(() => json(404, { message: 'nope' }));
    const response = await createHttpFetch({ fetch: fake.fetch })(new Request(URL_));
    expect(response.status).toBe(404);
    expect(fake.calls).toHaveLength(1);
  });

  it('sends the user agent', async () => {
    const fake = fakeFetch(() => new Response('ok'));
    const http = createHttpFetch({
      fetch: fake.fetch,
      client: { name: '@specbound/apps-script', version: '0.1.0' },
      userAgent: 'my-tool/2.0',
    });
    await http(new Request(URL_));
    expect(fake.calls[0]?.request.headers.get('user-agent')).toBe(
      `specbound/${VERSION} @specbound/apps-script/0.1.0 my-tool/2.0`,
    );
  });

  it('uses globalThis.fetch when no fetch is given', async () => {
    const fake = fakeFetch(() => new Response('global'));
    vi.stubGlobal('fetch', fake.fetch);
    try {
      const response = await createHttpFetch()(new Request(URL_));
      expect(await response.text()).toBe('global');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('createHttpFetch: retries', () => {
  it('retries twice by default with 500 ms then 1000 ms, and returns the last response', async () => {
    const fake = fakeFetch(() => json(503, { message: 'busy' }));
    const { value } = await settle(createHttpFetch({ fetch: fake.fetch })(new Request(URL_)));
    expect(value?.status).toBe(503);
    expect(fake.calls).toHaveLength(3);
    expect(delays(fake.calls)).toEqual([500, 1000]);
  });

  it('stops retrying on success', async () => {
    const fake = fakeFetch((_request, n) => (n < 2 ? json(500, {}) : json(200, { n })));
    const { value } = await settle(
      createHttpFetch({ fetch: fake.fetch })(new Request(URL_)).then((response) => response.json()),
    );
    expect(value).toEqual({ n: 2 });
    expect(fake.calls).toHaveLength(2);
  });

  it.each([408, 409, 429, 500, 502, 503, 504])('retries status %i', async (status) => {
    const fake = fakeFetch(() => new Response(null, { status }));
    await settle(createHttpFetch({ fetch: fake.fetch })(new Request(URL_)));
    expect(fake.calls).toHaveLength(3);
  });

  it.each([400, 401, 403, 404, 422])('does not retry status %i', async (status) => {
    const fake = fakeFetch(() => new Response(null, { status }));
    await settle(createHttpFetch({ fetch: fake.fetch })(new Request(URL_)));
    expect(fake.calls).toHaveLength(1);
  });

  it('doubles the delay up to maxDelayMs', async () => {
    const fake = fakeFetch(() => new Response(null, { status: 500 }));
    const http = createHttpFetch({ fetch: fake.fetch, retry: { maxRetries: 5, maxDelayMs: 3000 } });
    await settle(http(new Request(URL_)));
    expect(fake.calls).toHaveLength(6);
    expect(delays(fake.calls)).toEqual([500, 1000, 2000, 3000, 3000]);
  });

  it('applies jitter of up to 25 %', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const fake = fakeFetch(() => new Response(null, { status: 500 }));
    await settle(createHttpFetch({ fetch: fake.fetch })(new Request(URL_)));
    expect(delays(fake.calls)).toEqual([438, 875]);
  });

  it('makes a single attempt with retry: false or maxRetries: 0', async () => {
    for (const retry of [false, { maxRetries: 0 }] as const) {
      const fake = fakeFetch(() => new Response(null, { status: 503 }));
      await settle(createHttpFetch({ fetch: fake.fetch, retry })(new Request(URL_)));
      expect(fake.calls).toHaveLength(1);
    }
  });

  it('honours retry-after-ms before Retry-After', async () => {
    const fake = fakeFetch((_r, n) =>
      n === 1
        ? new Response(null, { status: 429, headers: { 'retry-after-ms': '250', 'retry-after': '9' } })
        : json(200, {}),
    );
    await settle(createHttpFetch({ fetch: fake.fetch })(new Request(URL_)));
    expect(delays(fake.calls)).toEqual([250]);
  });

  it('honours Retry-After in seconds and as an HTTP-date, even beyond maxDelayMs', async () => {
    const fake = fakeFetch((_r, n) => {
      if (n === 1) return new Response(null, { status: 503, headers: { 'retry-after': '20' } });
      if (n === 2) {
        const date = new Date(Date.now() + 3000).toUTCString();
        return new Response(null, { status: 429, headers: { 'retry-after': date } });
      }
      return json(200, {});
    });
    const { value } = await settle(createHttpFetch({ fetch: fake.fetch })(new Request(URL_)));
    expect(value?.status).toBe(200);
    expect(delays(fake.calls)).toEqual([20_000, 3000]);
  });

  it('returns the response at once when the server asks for more than 60 s', async () => {
    const fake = fakeFetch(() => new Response(null, { status: 429, headers: { 'retry-after': '61' } }));
    const started = Date.now();
    const { value } = await settle(createHttpFetch({ fetch: fake.fetch })(new Request(URL_)));
    expect(value?.status).toBe(429);
    expect(fake.calls).toHaveLength(1);
    expect(Date.now() - started).toBe(0);
  });

  it('does not retry POST unless retryNonIdempotent is set', async () => {
    const post = (): Request => new Request(URL_, { method: 'POST', body: '{}' });
    const once = fakeFetch(() => new Response(null, { status: 503 }));
    await settle(createHttpFetch({ fetch: once.fetch })(post()));
    expect(once.calls).toHaveLength(1);

    const thrice = fakeFetch(() => new Response(null, { status: 503 }));
    await settle(createHttpFetch({ fetch: thrice.fetch, retry: { retryNonIdempotent: true } })(post()));
    expect(thrice.calls).toHaveLength(3);
    expect(thrice.calls.map((call) => call.body)).toEqual(['{}', '{}', '{}']);
  });

  it.each(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'])('retries %s', async (method) => {
    const fake = fakeFetch(() => new Response(null, { status: 502 }));
    await settle(createHttpFetch({ fetch: fake.fetch })(new Request(URL_, { method })));
    expect(fake.calls).toHaveLength(3);
  });

  it('re-sends a PUT body intact on every attempt', async () => {
    const body = JSON.stringify({ files: [{ name: 'Code', source: 'function f() { return "é😀"; }' }] });
    const fake = fakeFetch((_r, n) => (n < 3 ? new Response(null, { status: 500 }) : json(200, {})));
    const request = new Request(URL_, {
      method: 'PUT',
      body,
      headers: { 'content-type': 'application/json' },
    });
    const { value } = await settle(createHttpFetch({ fetch: fake.fetch })(request));
    expect(value?.status).toBe(200);
    expect(fake.calls).toHaveLength(3);
    expect(fake.calls[2]?.body).toBe(body);
    expect(fake.calls[2]?.request.headers.get('content-type')).toBe('application/json');
    // A JSON body is read once, as fetch(request) reads it, and every attempt sends those bytes.
    expect(request.bodyUsed).toBe(true);
    expect(request.headers.get('user-agent')).toBeNull();
  });

  it('cancels the body of a response it retries', async () => {
    let cancelled = 0;
    const fake = fakeFetch((_r, n) => {
      if (n === 2) return json(200, {});
      const stream = new ReadableStream({
        cancel() {
          cancelled++;
        },
      });
      return new Response(stream, { status: 503 });
    });
    await settle(createHttpFetch({ fetch: fake.fetch })(new Request(URL_)));
    expect(cancelled).toBe(1);
  });
});

describe('createHttpFetch: connection errors and timeouts', () => {
  it('retries a rejected fetch and succeeds', async () => {
    const fake = fakeFetch((_r, n) => {
      if (n === 1) throw new TypeError('fetch failed');
      return json(200, {});
    });
    const { value } = await settle(createHttpFetch({ fetch: fake.fetch })(new Request(URL_)));
    expect(value?.status).toBe(200);
    expect(delays(fake.calls)).toEqual([500]);
  });

  it('throws ConnectionError with the cause when attempts run out', async () => {
    const fake = fakeFetch(() => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }),
      });
    });
    const { error } = await settle(createHttpFetch({ fetch: fake.fetch })(new Request(URL_)));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).not.toBeInstanceOf(TimeoutError);
    const failure = error as ConnectionError;
    expect(failure.message).toBe(`GET ${URL_} failed: fetch failed`);
    expect(failure.request).toEqual({ method: 'GET', url: URL_ });
    expect((failure.cause as Error).name).toBe('TypeError');
    expect(((failure.cause as Error).cause as { code?: string }).code).toBe('ECONNREFUSED');
    expect(fake.calls).toHaveLength(3);
  });

  it('does not retry a POST after a connection error', async () => {
    const fake = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    const { error } = await settle(
      createHttpFetch({ fetch: fake.fetch })(new Request(URL_, { method: 'POST' })),
    );
    expect(error).toBeInstanceOf(ConnectionError);
    expect(fake.calls).toHaveLength(1);
  });

  it('times out each attempt, retries, then throws TimeoutError', async () => {
    const fake = fakeFetch(hang);
    const events: LogEvent[] = [];
    const http = createHttpFetch({ fetch: fake.fetch, timeout: 1000, logger: (e) => events.push(e) });
    const { error } = await settle(http(new Request(URL_)));
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).message).toBe(`GET ${URL_} timed out after 1000 ms.`);
    expect(fake.calls).toHaveLength(3);
    // Each attempt waits 1000 ms, then backoff 500 / 1000 ms.
    expect(delays(fake.calls)).toEqual([1500, 2000]);
    expect(events.map((e) => [e.attempt, e.durationMs, e.error?.startsWith('TimeoutError')])).toEqual([
      [1, 1000, true],
      [2, 1000, true],
      [3, 1000, true],
    ]);
  });

  it('times out even when the fetch ignores its signal', async () => {
    const fake = fakeFetch(() => new Promise<Response>(() => {}));
    const { error } = await settle(
      createHttpFetch({ fetch: fake.fetch, timeout: 200, retry: false })(new Request(URL_)),
    );
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it('recovers when a later attempt answers in time', async () => {
    const fake = fakeFetch((request, n) => (n === 1 ? hang(request) : json(200, {})));
    const { value } = await settle(createHttpFetch({ fetch: fake.fetch, timeout: 100 })(new Request(URL_)));
    expect(value?.status).toBe(200);
  });

  it('uses a 60 s timeout by default', async () => {
    const fake = fakeFetch(hang);
    const promise = createHttpFetch({ fetch: fake.fetch, retry: false })(new Request(URL_));
    const outcome = promise.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fake.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(TimeoutError);
  });

  it('sets no timer at all with timeout: Infinity', async () => {
    const controller = new AbortController();
    const fake = fakeFetch(hang);
    const http = createHttpFetch({ fetch: fake.fetch, retry: false, timeout: Number.POSITIVE_INFINITY });
    const outcome = http(new Request(URL_, { signal: controller.signal })).then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(10 * 24 * 3600 * 1000);
    expect(vi.getTimerCount()).toBe(0);
    controller.abort();
    expect(await outcome).toBeInstanceOf(AbortError);
  });

  it('covers the body: headers then a stalled body fail with TimeoutError', async () => {
    // Headers at once, then a first chunk and nothing more; the fake ignores its signal.
    const fake = fakeFetch(
      () =>
        new Response(
          new ReadableStream({
            start(stream) {
              stream.enqueue(new TextEncoder().encode('{"partial":'));
            },
          }),
        ),
    );
    const http = createHttpFetch({ fetch: fake.fetch, timeout: 100 });
    const response = await http(new Request(URL_));
    const body = response.text().then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(99);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await body;
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).message).toBe(
      `GET ${URL_} timed out after 100 ms while receiving the body.`,
    );
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clears the timer once the body has been read', async () => {
    const fake = fakeFetch(() => new Response('body'));
    const response = await createHttpFetch({ fetch: fake.fetch, timeout: 100 })(new Request(URL_));
    expect(vi.getTimerCount()).toBe(1);
    expect(await response.text()).toBe('body');
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
  });

  it('clears the timer at once for a response without a body, and when the body is cancelled', async () => {
    const empty = fakeFetch(() => new Response(null, { status: 204 }));
    await createHttpFetch({ fetch: empty.fetch })(new Request(URL_));
    expect(vi.getTimerCount()).toBe(0);

    const full = fakeFetch(() => new Response('unread'));
    const response = await createHttpFetch({ fetch: full.fetch })(new Request(URL_));
    expect(vi.getTimerCount()).toBe(1);
    await response.body?.cancel();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('wraps a failure while the body streams in ConnectionError', async () => {
    const fake = fakeFetch(
      () =>
        new Response(
          new ReadableStream({
            pull(stream) {
              stream.error(new TypeError('terminated: other side closed'));
            },
          }),
        ),
    );
    const response = await createHttpFetch({ fetch: fake.fetch })(new Request(URL_));
    const error = await response.json().catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).message).toBe(
      `GET ${URL_} failed while receiving the body: terminated: other side closed`,
    );
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('createHttpFetch: caller abort', () => {
  it('throws AbortError without calling fetch when already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const fake = fakeFetch(() => json(200, {}));
    await expect(
      createHttpFetch({ fetch: fake.fetch })(new Request(URL_, { signal: controller.signal })),
    ).rejects.toBeInstanceOf(AbortError);
    expect(fake.calls).toHaveLength(0);
  });

  it('stops during a backoff sleep at once, without another attempt', async () => {
    const controller = new AbortController();
    const fake = fakeFetch(() => new Response(null, { status: 503 }));
    const promise = createHttpFetch({ fetch: fake.fetch })(new Request(URL_, { signal: controller.signal }));
    const outcome = promise.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(100);
    expect(fake.calls).toHaveLength(1);
    controller.abort();
    const error = await outcome;
    expect(error).toBeInstanceOf(AbortError);
    expect(error).not.toBeInstanceOf(ConnectionError);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.calls).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops a pending attempt and never retries it', async () => {
    const controller = new AbortController();
    const fake = fakeFetch(hang);
    const promise = createHttpFetch({ fetch: fake.fetch })(new Request(URL_, { signal: controller.signal }));
    const outcome = promise.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(10);
    controller.abort(new Error('user gave up'));
    const error = await outcome;
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).cause).toEqual(new Error('user gave up'));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fake.calls).toHaveLength(1);
  });

  it('still stops the response body when the caller aborts after the headers arrived', async () => {
    const controller = new AbortController();
    // Like real fetch: the body stream errors once the request's signal aborts.
    const fake = fakeFetch(
      (request) =>
        new Response(
          new ReadableStream({
            start(stream) {
              stream.enqueue(new TextEncoder().encode('{"partial":'));
              request.signal.addEventListener('abort', () => stream.error(request.signal.reason), {
                once: true,
              });
            },
          }),
        ),
    );
    const response = await createHttpFetch({ fetch: fake.fetch })(
      new Request(URL_, { signal: controller.signal }),
    );
    const body = response.text().catch((error: unknown) => error);
    controller.abort(new Error('user gave up'));
    const error = await body;
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).cause).toEqual(new Error('user gave up'));
  });
});

describe('createHttpFetch: auth', () => {
  it('authenticates every attempt, calling the token provider each time', async () => {
    let issued = 0;
    const fake = fakeFetch((_r, n) => (n < 3 ? new Response(null, { status: 503 }) : json(200, {})));
    const http = createHttpFetch({
      fetch: fake.fetch,
      auth: bearerAuth(async () => ({ token: `tok-${++issued}` })),
    });
    await settle(http(new Request(URL_)));
    expect(fake.calls.map((call) => call.request.headers.get('authorization'))).toEqual([
      'Bearer tok-1',
      'Bearer tok-2',
      'Bearer tok-3',
    ]);
  });

  it('wraps a failing token provider in CredentialsError, redacted, without retrying', async () => {
    const fake = fakeFetch(() => json(200, {}));
    const http = createHttpFetch({
      fetch: fake.fetch,
      auth: bearerAuth(() => {
        throw new Error('POST https://oauth2.test/token?refresh_token=1//0gREFRESH failed');
      }),
    });
    const { error } = await settle(http(new Request(URL_)));
    expect(error).toBeInstanceOf(CredentialsError);
    expect((error as CredentialsError).message).toBe(
      'The credentials for GET could not be obtained: POST https://oauth2.test/token?refresh_token=[REDACTED] failed',
    );
    expect(fake.calls).toHaveLength(0);
  });

  it('passes a SpecboundError from an auth strategy through as it is', async () => {
    const fake = fakeFetch(() => json(200, {}));
    const http = createHttpFetch({ fetch: fake.fetch, auth: bearerAuth(() => ({ token: null })) });
    const { error } = await settle(http(new Request(URL_)));
    expect(error).toBeInstanceOf(CredentialsError);
    expect((error as Error).message).toMatch(/returned no token/);
  });

  it('refuses a provided token that cannot be sent, without echoing it', async () => {
    const fake = fakeFetch(() => json(200, {}));
    const http = createHttpFetch({
      fetch: fake.fetch,
      auth: bearerAuth(async () => 'ya29.tok\r\nX-Evil: 1'),
    });
    const { error } = await settle(http(new Request(URL_)));
    expect(error).toBeInstanceOf(CredentialsError);
    expect(inspect(error, { showHidden: true, depth: 10 })).not.toContain('ya29');
    expect(fake.calls).toHaveLength(0);
  });

  it('sends an API key in the query but logs the URL redacted', async () => {
    const events: LogEvent[] = [];
    const fake = fakeFetch(() => json(200, {}));
    const http = createHttpFetch({
      fetch: fake.fetch,
      auth: apiKeyQuery('key', 'AIza-secret'),
      logger: (e) => events.push(e),
    });
    await http(new Request(`${URL_}?pageSize=5`));
    expect(fake.calls[0]?.request.url).toBe(`${URL_}?pageSize=5&key=AIza-secret`);
    expect(events[0]?.url).toBe(`${URL_}?pageSize=5&key=[REDACTED]`);
  });
});

describe('createHttpFetch: logger', () => {
  it('logs one event per attempt with method, url, status, attempt and duration', async () => {
    const events: LogEvent[] = [];
    const fake = fakeFetch(async (_r, n) => {
      await new Promise((resolve) => setTimeout(resolve, 120));
      return new Response(null, { status: n === 1 ? 500 : 201 });
    });
    const http = createHttpFetch({ fetch: fake.fetch, logger: (e) => events.push(e) });
    await settle(http(new Request(URL_, { method: 'PUT', body: 'x' })));
    expect(events).toEqual([
      { method: 'PUT', url: URL_, status: 500, attempt: 1, durationMs: 120 },
      { method: 'PUT', url: URL_, status: 201, attempt: 2, durationMs: 120 },
    ]);
  });

  it('logs connection errors, and a throwing logger changes nothing', async () => {
    const events: LogEvent[] = [];
    const fake = fakeFetch((_r, n) => {
      if (n === 1) throw new TypeError('fetch failed');
      return json(200, {});
    });
    const http = createHttpFetch({
      fetch: fake.fetch,
      logger: (e) => {
        events.push(e);
        throw new Error('logger broke');
      },
    });
    const { value } = await settle(http(new Request(URL_)));
    expect(value?.status).toBe(200);
    expect(events[0]).toMatchObject({
      attempt: 1,
      error: `ConnectionError: GET ${URL_} failed: fetch failed`,
    });
    expect(events[0]).not.toHaveProperty('status');
    expect(events[1]).toMatchObject({ attempt: 2, status: 200 });
  });
});

describe('createHttpFetch: withOverrides and options', () => {
  it('derives a fetch with other retry and timeout settings, leaving the original alone', async () => {
    const fake = fakeFetch(() => new Response(null, { status: 503 }));
    const http: HttpFetch = createHttpFetch({ fetch: fake.fetch });
    await settle(http.withOverrides({ retry: false })(new Request(URL_)));
    expect(fake.calls).toHaveLength(1);
    await settle(http.withOverrides({ retry: { maxRetries: 1 } })(new Request(URL_)));
    expect(fake.calls).toHaveLength(3);
    await settle(http(new Request(URL_)));
    expect(fake.calls).toHaveLength(6);

    const slow = fakeFetch(hang);
    const quick = createHttpFetch({ fetch: slow.fetch, retry: false }).withOverrides({ timeout: 5 });
    const started = Date.now();
    const { error } = await settle(quick(new Request(URL_)));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(Date.now() - started).toBe(5);
  });

  it('throws a ValidationError naming a bad option at construction', () => {
    const cases: [() => unknown, string][] = [
      [() => createHttpFetch({ timeout: -1 }), 'timeout'],
      [() => createHttpFetch({ retry: { maxRetry: 3 } as never }), 'retry.maxRetry'],
      [() => createHttpFetch({ retry: { maxRetries: -1 } }), 'retry.maxRetries'],
      [() => createHttpFetch({ fetch: 'nope' as never }), 'fetch'],
      [() => createHttpFetch({ maxResponseBytes: -1 }), 'maxResponseBytes'],
      [() => createHttpFetch({ userAgent: 'tool/1\r\nX-Evil: 1' }), 'userAgent'],
      [() => createHttpFetch().withOverrides({ timeout: Number.NaN }), 'timeout'],
      [() => createHttpFetch().withOverrides({ maxResponseBytes: 1.5 }), 'maxResponseBytes'],
    ];
    for (const [create, field] of cases) {
      const error = catchError(create);
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toBeInstanceOf(SpecboundError);
      expect((error as ValidationError).field).toBe(field);
      expect((error as Error).message).toContain(`"${field}"`);
    }
  });
});

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

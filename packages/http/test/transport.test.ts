// The lean Node transport (transport.ts) against real node:http servers on 127.0.0.1: the path is
// taken (the server sees none of the headers only undici's fetch sends, and the transport's
// counter moves), bodies are decoded, limited, timed out and aborted like fetch's, redirects
// follow fetch's rules, and anything else (a FormData body) still goes through fetch.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiKeyQuery, bearerAuth } from '../src/auth.js';
import { AbortError, ConnectionError, ResponseTooLargeError, TimeoutError } from '../src/errors.js';
import { createHttpFetch } from '../src/fetch.js';
import type { LogEvent } from '../src/options.js';
import { SpecboundRequest } from '../src/request.js';
import { leanStats } from '../src/transport.js';
import { endlessBody, stallBody } from './misbehaving.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const KiB = 1024;
const seen: Seen[] = [];
const open = new Set<ServerResponse>();
/** Called when the server has sent the headers and the start of a stalled body. */
let stalled: (() => void) | undefined;
/** Resolves with the number of bytes written once the server sees the endless body's connection close. */
let endlessClosed: ((written: number) => void) | undefined;
let server: Server;
let other: Server;
let base: string;
let otherBase: string;

function listen(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<Server> {
  const created = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      handler(request, response);
    });
  });
  return new Promise((resolve) => created.listen(0, '127.0.0.1', () => resolve(created)));
}

const origin = (s: Server): string => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

function json(response: ServerResponse, value: unknown, status = 200): void {
  const text = JSON.stringify(value);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

function route(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', base);
  const path = url.pathname;
  const encoded = (encoding: string, bytes: Buffer) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding });
    response.end(bytes);
  };
  const payload = Buffer.from(JSON.stringify({ decoded: true }));
  if (path === '/gzip') return encoded('gzip', gzipSync(payload));
  if (path === '/deflate') return encoded('deflate', deflateSync(payload));
  if (path === '/deflate-raw') return encoded('deflate', deflateRawSync(payload));
  if (path === '/br') return encoded('br', brotliCompressSync(payload));
  if (path === '/unknown') return encoded('constructor', payload);
  if (path === '/cut') return encoded('gzip', gzipSync(payload).subarray(0, -8));
  if (path === '/bomb') return encoded('gzip', gzipSync(Buffer.alloc(4 * 1024 * KiB)));
  if (path === '/big') {
    // Declared length over the limit: refused without reading.
    response.writeHead(200, { 'content-length': String(64 * KiB) });
    return void response.end(Buffer.alloc(64 * KiB));
  }
  if (path === '/endless') return endlessBody(response, (written) => endlessClosed?.(written));
  if (path === '/stall') {
    open.add(response);
    stallBody(response);
    stalled?.();
    return;
  }
  if (path === '/empty') {
    response.writeHead(204, { 'x-empty': 'yes' });
    return void response.end();
  }
  if (path === '/cookies') {
    response.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
    response.setHeader('x-multi', ['one', 'two']);
    return json(response, { ok: true });
  }
  const hops = /^\/hops\/(\d+)$/.exec(path);
  if (hops !== null) {
    const left = Number(hops[1]);
    if (left === 0) return json(response, { arrived: true });
    response.writeHead(302, { location: `/hops/${left - 1}` });
    return void response.end('moving');
  }
  const redirect = /^\/redirect\/(\d+)$/.exec(path);
  if (redirect !== null) {
    const target = url.searchParams.get('to') ?? '/echo';
    response.writeHead(Number(redirect[1]), { location: target });
    return void response.end();
  }
  json(response, { method: request.method, path });
}

beforeAll(async () => {
  server = await listen(route);
  other = await listen((request, response) => json(response, { other: true, method: request.method }));
  base = origin(server);
  otherBase = origin(other);
});

afterAll(async () => {
  for (const response of open) response.destroy();
  for (const s of [server, other]) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

beforeEach(() => {
  seen.length = 0;
});

/** What openapi-fetch builds for a call: a light request with `redirect: 'follow'`. */
function lean(path: string, init: RequestInit = {}): Request {
  return new SpecboundRequest(path.startsWith('http') ? path : `${base}${path}`, {
    redirect: 'follow',
    ...init,
    headers: new Headers(init.headers),
  }) as unknown as Request;
}

const last = (): Seen => seen[seen.length - 1] as Seen;

describe('the lean transport', () => {
  it('sends a light GET itself, with fetch’s default headers, and returns a platform Response', async () => {
    const before = leanStats.requests;
    const response = await createHttpFetch()(lean('/things?x=1'));
    expect(leanStats.requests).toBe(before + 1);
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(200);
    expect(response.statusText).toBe('OK');
    expect(response.url).toBe(`${base}/things?x=1`);
    expect(response.redirected).toBe(false);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ method: 'GET', path: '/things' });
    const { headers } = last();
    // undici's fetch sends sec-fetch-mode on every request; node:http does not.
    expect(headers['sec-fetch-mode']).toBeUndefined();
    expect(headers).toMatchObject({
      accept: '*/*',
      'accept-language': '*',
      'accept-encoding': 'gzip, deflate',
    });
    expect(headers['user-agent']).toMatch(/specbound/i);
  });

  it('keeps the caller’s Accept-Encoding, sends a string body with fetch’s Content-Type and a bodyless POST with Content-Length 0', async () => {
    const http = createHttpFetch({ retry: false });
    await http(lean('/a', { headers: { 'accept-encoding': 'identity' } }));
    expect(last().headers['accept-encoding']).toBe('identity');
    await http(lean('/b', { method: 'POST', body: 'plain' }));
    expect(last()).toMatchObject({ method: 'POST', body: 'plain' });
    expect(last().headers).toMatchObject({
      'content-type': 'text/plain;charset=UTF-8',
      'content-length': '5',
    });
    await http(lean('/c', { method: 'POST' }));
    expect(last().headers['content-length']).toBe('0');
    await http(lean('/d', { method: 'PUT', body: new TextEncoder().encode('bytes!') }));
    expect(last()).toMatchObject({ method: 'PUT', body: 'bytes!' });
  });

  it.each(['/gzip', '/deflate', '/deflate-raw', '/br'])('decodes %s bodies', async (path) => {
    const response = await createHttpFetch()(lean(path));
    expect(await response.json()).toEqual({ decoded: true });
  });

  it('leaves a body with an unknown coding as it came, and decodes a gzip body cut short, as fetch does', async () => {
    const http = createHttpFetch();
    expect(await (await http(lean('/unknown'))).json()).toEqual({ decoded: true });
    expect(await (await http(lean('/cut'))).json()).toEqual({ decoded: true });
  });

  it('refuses a declared length over the limit, without reading', async () => {
    const response = await createHttpFetch({ maxResponseBytes: 1024 })(lean('/big'));
    expect(response.status).toBe(200);
    const error = await response.arrayBuffer().catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ limit: 1024, status: 200 });
  });

  it('stops an endless body at the limit and closes the connection', async () => {
    const written = new Promise<number>((resolve) => {
      endlessClosed = resolve;
    });
    const response = await createHttpFetch({ maxResponseBytes: 256 * KiB })(lean('/endless'));
    expect(await response.text().catch((failure: unknown) => failure)).toBeInstanceOf(ResponseTooLargeError);
    expect(await written).toBeLessThan(64 * 1024 * KiB);
  });

  it('counts the decompressed bytes (4 MiB of zeros, gzipped) against the limit', async () => {
    const http = createHttpFetch({ maxResponseBytes: 64 * KiB });
    const response = await http(lean('/bomb'));
    const error = await response.json().catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    // Under a limit that fits, the same body arrives whole.
    const whole = await createHttpFetch({ maxResponseBytes: 8 * 1024 * KiB })(lean('/bomb'));
    expect((await whole.arrayBuffer()).byteLength).toBe(4 * 1024 * KiB);
  });

  it('times out a body that stalls after the headers', async () => {
    const started = performance.now();
    const response = await createHttpFetch({ timeout: 500, retry: false })(lean('/stall'));
    expect(response.status).toBe(200);
    const error = await response.text().catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/timed out after 500 ms while receiving the body\.$/);
    expect(performance.now() - started).toBeGreaterThanOrEqual(490);
  });

  it('stops reading when the caller aborts mid-body', async () => {
    const controller = new AbortController();
    // The abort comes once the headers and the start of the body are on the wire.
    stalled = () => setTimeout(() => controller.abort(new Error('changed my mind')), 100);
    try {
      const started = performance.now();
      const error = await createHttpFetch({ timeout: 10_000 })(lean('/stall', { signal: controller.signal }))
        .then((response) => response.text())
        .catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(AbortError);
      expect(((error as Error).cause as Error).message).toBe('changed my mind');
      expect(performance.now() - started).toBeLessThan(5000);
    } finally {
      stalled = undefined;
    }
  });

  it('turns a refused connection into a ConnectionError with its code, credentials redacted', async () => {
    const closed = await listen(() => {});
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const key = 'sk-lean-transport-canary';
    const events: LogEvent[] = [];
    const http = createHttpFetch({
      retry: false,
      auth: apiKeyQuery('key', key),
      logger: (event) => events.push(event),
    });
    const error = await http(lean(`http://127.0.0.1:${port}/v1/things`)).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).not.toBeInstanceOf(TimeoutError);
    const failure = error as ConnectionError;
    expect(failure.message).toMatch(
      /^GET http:\/\/127\.0\.0\.1:\d+\/v1\/things\?key=\[REDACTED\] failed: .*ECONNREFUSED/,
    );
    expect(((failure.cause as Error).cause as { code?: string }).code).toBe('ECONNREFUSED');
    expect(events).toHaveLength(1);
    const renderings = [
      failure.message,
      String(failure),
      JSON.stringify(failure),
      inspect(failure, { depth: 5 }),
      JSON.stringify(events),
    ];
    for (const text of renderings) expect(text).not.toContain(key);
  });

  it('keeps credentials out of a body timeout and its log line', async () => {
    const key = 'sk-lean-body-canary';
    const events: LogEvent[] = [];
    const http = createHttpFetch({
      timeout: 300,
      retry: false,
      auth: apiKeyQuery('key', key),
      logger: (event) => events.push(event),
    });
    const response = await http(lean('/stall'));
    const error = await response.text().catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).request.url).toContain('key=[REDACTED]');
    for (const text of [
      String(error),
      JSON.stringify(error),
      inspect(error, { depth: 5 }),
      JSON.stringify(events),
    ]) {
      expect(text).not.toContain(key);
    }
  });

  it('follows a 303 after a POST with a GET and no body', async () => {
    const response = await createHttpFetch()(
      lean('/redirect/303', {
        method: 'POST',
        body: '{"a":1}',
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(await response.json()).toEqual({ method: 'GET', path: '/echo' });
    expect(response.redirected).toBe(true);
    expect(response.url).toBe(`${base}/echo`);
    expect(last()).toMatchObject({ method: 'GET', body: '' });
    expect(last().headers['content-type']).toBeUndefined();
  });

  it.each([301, 302])('turns a POST into a GET on a %i', async (status) => {
    const response = await createHttpFetch()(lean(`/redirect/${status}`, { method: 'POST', body: 'x' }));
    expect(await response.json()).toEqual({ method: 'GET', path: '/echo' });
  });

  it.each([307, 308])('keeps the method and body on a %i', async (status) => {
    const response = await createHttpFetch({ retry: false })(
      lean(`/redirect/${status}`, { method: 'POST', body: '{"keep":true}' }),
    );
    expect(await response.json()).toEqual({ method: 'POST', path: '/echo' });
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['POST', `/redirect/${status}`, '{"keep":true}'],
      ['POST', '/echo', '{"keep":true}'],
    ]);
  });

  it('keeps Authorization on the same origin and drops it (and Cookie) across origins', async () => {
    const token = 'tok-lean-canary';
    const http = createHttpFetch({ auth: bearerAuth(token) });
    await (await http(lean('/redirect/302?to=/echo', { headers: { cookie: 'c=1' } }))).json();
    expect(last().headers.authorization).toBe(`Bearer ${token}`);
    expect(last().headers.cookie).toBe('c=1');
    const response = await http(
      lean(`/redirect/307?to=${encodeURIComponent(`${otherBase}/elsewhere`)}`, {
        headers: { cookie: 'c=1' },
      }),
    );
    expect(await response.json()).toEqual({ other: true, method: 'GET' });
    expect(response.url).toBe(`${otherBase}/elsewhere`);
    expect(last().headers.authorization).toBeUndefined();
    expect(last().headers.cookie).toBeUndefined();
  });

  it('follows at most 20 redirects, as fetch does', async () => {
    const http = createHttpFetch({ retry: false });
    const twenty = await http(lean('/hops/20'));
    expect(await twenty.json()).toEqual({ arrived: true });
    expect(twenty.url).toBe(`${base}/hops/0`);
    const error = await http(lean('/hops/21')).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(/redirect count exceeded/);
  });

  it('answers HEAD and 204 without a body', async () => {
    const http = createHttpFetch();
    const head = await http(lean('/things', { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    expect(head.headers.get('content-length')).not.toBeNull();
    const empty = await http(lean('/empty', { method: 'DELETE' }));
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    expect(empty.headers.get('x-empty')).toBe('yes');
    expect(await empty.text()).toBe('');
  });

  it('answers every body read like a platform Response: once, by method, stream or clone', async () => {
    const http = createHttpFetch();
    const expected = JSON.stringify({ method: 'GET', path: '/read' });
    const once = await http(lean('/read'));
    expect(once.bodyUsed).toBe(false);
    expect(await once.text()).toBe(expected);
    expect(once.bodyUsed).toBe(true);
    await expect(once.json()).rejects.toBeInstanceOf(TypeError);
    expect(() => once.clone()).toThrow(TypeError);

    const streamed = await http(lean('/read'));
    const body = streamed.body as ReadableStream<Uint8Array>;
    expect(await new Response(body).text()).toBe(expected);
    expect(streamed.bodyUsed).toBe(true);
    await expect(streamed.text()).rejects.toBeInstanceOf(TypeError);

    const original = await http(lean('/read'));
    const copy = original.clone();
    expect(copy).toBeInstanceOf(Response);
    expect(copy.url).toBe(original.url);
    expect(copy.headers.get('content-type')).toBe('application/json');
    expect(await copy.json()).toEqual(JSON.parse(expected));
    expect(new TextDecoder().decode(await original.arrayBuffer())).toBe(expected);

    const blob = await (await http(lean('/read'))).blob();
    expect(blob.type).toBe('application/json');
    expect(await blob.text()).toBe(expected);
    const bytes = await (await http(lean('/read'))).bytes();
    expect(new TextDecoder().decode(bytes)).toBe(expected);
  });

  it('releases the attempt (its timer) once the response is handed back, whatever the body did', async () => {
    // Only the timers made from here on are fake (node:http's own are not): a timer another test
    // file left running in this worker, which may fire meanwhile, is not counted.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const http = createHttpFetch({ timeout: 60_000, maxResponseBytes: 1024 });
      const read = await http(lean('/read'));
      expect(vi.getTimerCount()).toBe(0);
      await read.json();
      const refused = await http(lean('/big'));
      expect(vi.getTimerCount()).toBe(0);
      await expect(refused.text()).rejects.toBeInstanceOf(ResponseTooLargeError);
      const head = await http(lean('/read', { method: 'HEAD' }));
      expect(head.body).toBeNull();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps multi-value headers', async () => {
    const response = await createHttpFetch()(lean('/cookies'));
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(response.headers.get('x-multi')).toBe('one, two');
  });

  it('sends a FormData body through fetch', async () => {
    const form = new FormData();
    form.set('field', 'value');
    const before = leanStats.requests;
    const response = await createHttpFetch({ retry: false })(lean('/upload', { method: 'POST', body: form }));
    expect(await response.json()).toEqual({ method: 'POST', path: '/upload' });
    expect(leanStats.requests).toBe(before);
    expect(last().headers['sec-fetch-mode']).toBe('cors');
    expect(last().body).toContain('value');
  });

  it('leaves a custom fetch in charge', async () => {
    const before = leanStats.requests;
    let calls = 0;
    const http = createHttpFetch({
      fetch: (request) => {
        calls++;
        return fetch(request);
      },
    });
    expect((await http(lean('/custom'))).status).toBe(200);
    expect(calls).toBe(1);
    expect(leanStats.requests).toBe(before);
  });

  it('leaves a dispatcher installed with undici’s setGlobalDispatcher (a proxy, a mock) in charge', async () => {
    const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');
    const slot = globalThis as unknown as Record<symbol, { dispatch: (...args: unknown[]) => boolean }>;
    await fetch(`${base}/warm-up`); // Node installs its default Agent on first use
    const installed = slot[GLOBAL_DISPATCHER];
    if (installed === undefined) throw new Error('no default dispatcher');
    const original = installed;
    let dispatched = 0;
    // What setGlobalDispatcher(new MockAgent()) leaves there: a dispatcher that is not an Agent.
    class MockAgent {
      dispatch(...args: unknown[]): boolean {
        dispatched++;
        return original.dispatch(...args);
      }
    }
    slot[GLOBAL_DISPATCHER] = new MockAgent();
    try {
      const before = leanStats.requests;
      const response = await createHttpFetch()(lean('/things'));
      expect(await response.json()).toEqual({ method: 'GET', path: '/things' });
      expect(dispatched).toBe(1);
      expect(leanStats.requests).toBe(before);
    } finally {
      slot[GLOBAL_DISPATCHER] = original;
    }
    // Node's own Agent back: the lean path again.
    const before = leanStats.requests;
    await (await createHttpFetch()(lean('/things'))).text();
    expect(leanStats.requests).toBe(before + 1);
  });
});

// The runtime against a real node:http server on 127.0.0.1 and the platform fetch: the cases where
// real streaming matters (a stalled body, an endless body, a compressed one) and a POST as
// openapi-fetch builds it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerAuth } from '../src/auth.js';
import { type Caller, type CallInit, method } from '../src/call.js';
import { AbortError, ResponseTooLargeError, TimeoutError } from '../src/errors.js';
import { createHttpFetch, createReadingFetch } from '../src/fetch.js';
import { endlessBody, stallBody } from './misbehaving.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const seen: Seen[] = [];
/** Responses still open (a stalled body), closed when the test ends. */
const open = new Set<ServerResponse>();
/** Resolves with the number of bytes written once the server sees the connection close. */
const closed: ((written: number) => void)[] = [];
let server: Server;
let base: string;
const KiB = 1024;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      route(request.url ?? '', response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const response of open) response.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function route(path: string, response: ServerResponse): void {
  if (path.startsWith('/stall')) {
    // Headers and the start of the body at once, then nothing: the body never ends.
    open.add(response);
    stallBody(response);
    return;
  }
  if (path.startsWith('/endless')) {
    // Writes 64 KiB chunks for as long as the client reads.
    endlessBody(response, (written) => closed.shift()?.(written));
    return;
  }
  if (path.startsWith('/bomb')) {
    // 32 MiB of zeros, about 32 KiB on the wire.
    const zipped = gzipSync(Buffer.alloc(32 * 1024 * KiB));
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
      'content-length': String(zipped.length),
    });
    response.end(zipped);
    return;
  }
  const answer = JSON.stringify({ ok: true, path });
  response.writeHead(200, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(answer),
  });
  response.end(answer);
}

/** What openapi-fetch builds: `new Request(url, { redirect, ...init, body, headers })`. */
function lean(path: string, init: RequestInit = {}): Request {
  return new Request(`${base}${path}`, { redirect: 'follow', ...init, headers: new Headers(init.headers) });
}

describe("the clients' reading fetch on loopback with the platform fetch", () => {
  it('hands back the body read, and refuses a declared Content-Length over the limit', async () => {
    const response = await createReadingFetch({ maxResponseBytes: 1024 })(lean('/plain'));
    expect([response.status, response.headers.get('content-type')]).toEqual([200, 'application/json']);
    expect(await response.json()).toEqual({ ok: true, path: '/plain' });
    await expect(createReadingFetch({ maxResponseBytes: 10 })(lean('/plain'))).rejects.toBeInstanceOf(
      ResponseTooLargeError,
    );
  });

  it('times out a body that stalls after the headers, within the call', async () => {
    const started = performance.now();
    const error = await createReadingFetch({ timeout: 1500, retry: false })(lean('/stall')).catch(
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/timed out after 1500 ms while receiving the body\.$/);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1490);
  });

  it('stops an endless body and a zip bomb at the limit', async () => {
    const written = new Promise<number>((resolve) => closed.push(resolve));
    const http = createReadingFetch({ maxResponseBytes: 1024 * KiB });
    await expect(http(lean('/endless'))).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect(await written).toBeLessThan(64 * 1024 * KiB);
    await expect(http(lean('/bomb'))).rejects.toBeInstanceOf(ResponseTooLargeError);
  }, 60_000);
});

/**
 * An operation method as the clients build one, over `http.open`: the request client reads the
 * body after the runtime's fetch has answered, as openapi-fetch does with `parseAs: 'text'`.
 */
function readingOperation(path: string, options: Parameters<typeof createReadingFetch>[0]) {
  const caller: Caller = {
    raw: {
      async request(_verb: string, _path: string, init: CallInit) {
        const response = await init.fetch(
          lean(path, init.signal === undefined ? {} : { signal: init.signal }),
        );
        return { data: await response.text(), response };
      },
    },
    http: createReadingFetch(options),
    decode: (answer) => JSON.parse(answer.data as string),
    parseAs: 'text',
  };
  return method<Record<string, never>, unknown>(caller, (_params, init) =>
    caller.raw.request('GET', path, init),
  );
}

/**
 * The timers of `delay` ms that `run` starts and leaves pending. Counting every active timer of the
 * process instead failed when a timer of an earlier test file (the workers share one module graph)
 * fired during the call: it tracks only the timers made with the delay of the attempt's timeout.
 */
async function pendingTimers(
  delay: number,
  run: () => Promise<unknown>,
): Promise<{ made: number; left: number }> {
  const { setTimeout: set, clearTimeout: clear } = globalThis;
  const pending = new Set<unknown>();
  let made = 0;
  globalThis.setTimeout = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    if (ms !== delay) return set(callback, ms, ...args);
    made++;
    const timer = set(() => {
      pending.delete(timer);
      callback(...args);
    }, ms);
    pending.add(timer);
    return timer;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((timer?: Parameters<typeof clearTimeout>[0]) => {
    pending.delete(timer);
    clear(timer);
  }) as typeof clearTimeout;
  try {
    await run();
  } finally {
    Object.assign(globalThis, { setTimeout: set, clearTimeout: clear });
  }
  return { made, left: pending.size };
}

describe('an operation on loopback, its body left to the caller within the attempt', () => {
  it('reads the body, and leaves no timer of the attempt behind', async () => {
    const timeout = 60_123;
    const timers = await pendingTimers(timeout, async () => {
      await expect(readingOperation('/plain', { timeout })()).resolves.toEqual({ ok: true, path: '/plain' });
    });
    expect(timers).toEqual({ made: 1, left: 0 });
  });

  it('times out a body that stalls after the headers, with the typed error', async () => {
    const started = performance.now();
    const error = await readingOperation('/stall', { timeout: 1500, retry: false })().catch(
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/timed out after 1500 ms while receiving the body\.$/);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1490);
  });

  it("stops a stalled body when the caller's signal aborts, with AbortError", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const error = await readingOperation('/stall', { retry: false })({}, { signal: controller.signal }).catch(
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(AbortError);
  });

  it('refuses a declared Content-Length over the limit', async () => {
    await expect(readingOperation('/plain', { maxResponseBytes: 10 })()).rejects.toBeInstanceOf(
      ResponseTooLargeError,
    );
  });
});

describe('on loopback with the platform fetch', () => {
  it('times out a body that stalls after the headers', async () => {
    // Long enough that the headers arrive in time even on a loaded machine.
    const http = createHttpFetch({ timeout: 1500, retry: false });
    const started = performance.now();
    const response = await http(lean('/stall'));
    expect(response.status).toBe(200);
    const error = await response.text().catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/timed out after 1500 ms while receiving the body\.$/);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1490);
    expect(elapsed).toBeLessThan(8000);
  });

  it('reads a body with Content-Length through text(), a clone and the body stream', async () => {
    const http = createHttpFetch({ maxResponseBytes: 1024 });
    const response = await http(lean('/plain'));
    const copy = response.clone();
    const chunks: string[] = [];
    const reader = response.body?.getReader();
    for (let chunk = await reader?.read(); chunk !== undefined && !chunk.done; chunk = await reader?.read()) {
      chunks.push(new TextDecoder().decode(chunk.value));
    }
    expect(JSON.parse(chunks.join(''))).toEqual({ ok: true, path: '/plain' });
    expect(await copy.json()).toEqual({ ok: true, path: '/plain' });
    await expect(copy.text()).rejects.toThrow(TypeError);
    // Declared over the limit: refused before anything is read.
    await expect(createHttpFetch({ maxResponseBytes: 10 })(lean('/plain'))).rejects.toBeInstanceOf(
      ResponseTooLargeError,
    );
  });

  it('stops an endless body at the limit and closes the connection', async () => {
    const written = new Promise<number>((resolve) => closed.push(resolve));
    const http = createHttpFetch({ maxResponseBytes: 1024 * KiB });
    const response = await http(lean('/endless'));
    const error = await response.arrayBuffer().catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    // The server stops soon after: the client read about the limit (plus socket buffers), not GBs.
    expect(await written).toBeLessThan(64 * 1024 * KiB);
  });

  it('counts decompressed bytes of a gzip response (a 32 KiB zip bomb of 32 MiB)', async () => {
    const http = createHttpFetch({ maxResponseBytes: 1024 * KiB });
    const response = await http(lean('/bomb'));
    expect(await response.json().catch((failure: unknown) => failure)).toBeInstanceOf(ResponseTooLargeError);
    // Zipping and inflating 32 MiB takes a second alone, far longer on a loaded CI machine.
  }, 60_000);

  it('sends a POST once, with its body, Content-Length, user agent and credentials', async () => {
    const http = createHttpFetch({
      auth: bearerAuth('tok-loopback'),
      userAgent: 'loopback-test/1',
      retry: { retryNonIdempotent: true },
    });
    const body = JSON.stringify({ function: 'main', parameters: ['é', 1] });
    const request = lean('/v1/scripts/d1:run', {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json' },
    });
    const response = await http(request);
    expect(await response.json()).toEqual({ ok: true, path: '/v1/scripts/d1:run' });
    const last = seen.at(-1);
    expect(last).toMatchObject({ method: 'POST', url: '/v1/scripts/d1:run', body });
    expect(last?.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(last?.headers['transfer-encoding']).toBeUndefined();
    expect(last?.headers['content-type']).toBe('application/json');
    expect(last?.headers.authorization).toBe('Bearer tok-loopback');
    expect(last?.headers['user-agent']).toMatch(/^specbound\/\S+ loopback-test\/1$/);
    // The caller's request is left as it was: its middleware never sees the credentials.
    expect(request.headers.get('authorization')).toBeNull();
    expect(request.headers.get('user-agent')).toBeNull();
  });
});

// The one Node-only module of the runtime (the build compiles src without Node types otherwise).
/// <reference types="node" />
/**
 * The lean Node transport: sends a light `SpecboundRequest` with `node:http` / `node:https` (the
 * global keep-alive agents) instead of the platform `fetch`, and hands back a platform `Response`
 * built from the whole body, read in Node.
 *
 * Why: on loopback, what remained of a call after the client's own code (about 12 µs) was
 * undici's fetch machinery: a WHATWG Request and Response, web streams for the body, weak
 * references and a FinalizationRegistry entry per request with a signal, and the GC work they
 * cause (packages/apps-script/bench/results.md, "Where the time goes"). Reading the body with
 * Node streams and building one platform `Response` that answers reads from those bytes (see
 * `held`) costs less.
 *
 * Reading the body fully before resolving is fine for the JSON APIs these clients call (their
 * bodies are small and read whole by openapi-fetch anyway); `maxResponseBytes` bounds what is held,
 * before and after decompression. The attempt's signal (its timeout and the caller's abort) covers
 * the connection, the headers and the whole body. A failure while reading the body does not
 * reject: the response is handed back marked with its typed failure, and the body guard (body.ts,
 * through `settleLean`) makes every read of it fail with that error, so it surfaces as it does
 * through fetch (when the body is read, `… while receiving the body`, not retried). Only used when
 * the client has no custom `fetch` and the body is null, a string or bytes; anything else goes
 * through `fetch` (see `sendLight`). Browser bundles take
 * transport.browser.ts (the `browser` field of package.json).
 *
 * What fetch does that is kept: its default headers (`Accept`, `Accept-Language`, `Accept-Encoding`,
 * a `Content-Type` for a string body, `Content-Length: 0` for a bodyless POST or PUT), gzip,
 * deflate and br decoding, and `redirect: 'follow'` (up to 20 hops; 301/302 turn a POST into a
 * GET, 303 turns anything but HEAD into a GET, 307/308 keep the method and body; a cross-origin hop
 * drops `Authorization` and `Cookie`). The response's `url` is the final URL and `redirected` is set.
 * Not kept: `response.type` is `'default'` (fetch says `'basic'`).
 */

import { constants as bufferConstants } from 'node:buffer';
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  brotliDecompress,
  constants,
  type InputType,
  inflate,
  inflateRaw,
  unzip,
  type ZlibOptions,
} from 'node:zlib';
import { type BodyGuard, isIdentity, NULL_BODY_STATUS, READS, tooLarge } from './body-guard.js';
import type { SpecboundError } from './errors.js';
import type { FetchLike } from './options.js';
import type { SpecboundRequest } from './request.js';

// Responses of the lean transport, with the typed failure of a body that could not be read.
const failures = new WeakMap<Response, SpecboundError | undefined>();

/**
 * The response to hand back for one of the lean transport (its body already read, under the
 * guard): the attempt is released, and a body that failed fails every read the way a body read
 * through fetch does (`text()`, `json()`, … reject with the typed error, `body` errors with it).
 * `undefined` for any other response. Called by the body guard (body.ts).
 */
export function settleLean(response: Response, guard: BodyGuard): Response | undefined {
  if (!failures.has(response)) return undefined;
  const failure = failures.get(response);
  failures.delete(response);
  guard.release();
  return failure === undefined ? response : failing(response, failure);
}

function failing(response: Response, failure: SpecboundError): Response {
  const reject = (): Promise<never> => Promise.reject(failure);
  for (const name of READS) Object.defineProperty(response, name, { value: reject });
  Object.defineProperty(response, 'body', {
    get: () => new ReadableStream({ start: (controller) => controller.error(failure) }),
  });
  Object.defineProperty(response, 'clone', {
    value: () => failing(Response.prototype.clone.call(response), failure),
  });
  return response;
}

/** How many requests the lean transport has sent (for tests; not exported from the package). */
export const leanStats = { requests: 0 };

// Init fields the lean transport understands (or that fetch ignores on Node); any other one
// (a `dispatcher`, `duplex`, `integrity`, …) sends the request through fetch.
const KNOWN_INIT = new Set([
  'method',
  'headers',
  'body',
  'signal',
  'redirect',
  'credentials',
  'mode',
  'cache',
  'referrerPolicy',
  'keepalive',
  'priority',
]);

const MAX_REDIRECTS = 20;
const MAX_LENGTH = bufferConstants.MAX_LENGTH;

// Where undici keeps the dispatcher that `setGlobalDispatcher` installs (a proxy, a mock in tests).
const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');

/**
 * Whether a dispatcher other than a plain `Agent` was installed with undici's
 * `setGlobalDispatcher` (a `ProxyAgent`, an `EnvHttpProxyAgent`, a `MockAgent`, …): it applies to
 * fetch only, so calls then go through fetch. (Node's own default is an `Agent`, as is one a user
 * makes only for its options: those are not told apart, see the README.)
 */
function dispatcherInstalled(): boolean {
  const dispatcher = (globalThis as Record<symbol, unknown>)[GLOBAL_DISPATCHER];
  return typeof dispatcher === 'object' && dispatcher !== null && dispatcher.constructor?.name !== 'Agent';
}
const REDIRECT = new Set([301, 302, 303, 307, 308]);
// Request headers about the body, dropped when a redirect drops the body.
const BODY_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-location',
];

type Body = string | Uint8Array | null;

/**
 * Sends a light request: to the client's custom `fetch` as a real `Request` (as its type
 * promises) when there is one; else with the lean transport when it can, through the platform
 * `fetch` from the URL and init otherwise (one platform Request, built by fetch itself).
 */
export function sendLight(
  request: SpecboundRequest,
  guard: BodyGuard,
  custom: FetchLike | undefined,
): Promise<Response> {
  if (custom !== undefined) return custom(request.toRequest(guard.signal));
  const init = request.toInit(guard.signal);
  const body = init.body;
  let url: URL | undefined;
  if (
    (body === null || body === undefined || typeof body === 'string' || body instanceof Uint8Array) &&
    !dispatcherInstalled() &&
    (init.redirect === undefined || init.redirect === 'follow') &&
    Object.keys(init).every((key) => KNOWN_INIT.has(key))
  ) {
    url = new URL(request.url);
    if (
      (url.protocol !== 'http:' && url.protocol !== 'https:') ||
      url.username !== '' ||
      url.password !== ''
    ) {
      url = undefined;
    }
  }
  if (url === undefined) return globalThis.fetch(request.url, init);
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of request.headers) headers[name] = value;
  return send(url, request.method, headers, (body ?? null) as Body, guard, 0);
}

function send(
  url: URL,
  method: string,
  given: OutgoingHttpHeaders,
  body: Body,
  guard: BodyGuard,
  hops: number,
): Promise<Response> {
  const https = url.protocol === 'https:';
  // fetch's defaults, each only when the caller did not set the header.
  const headers: OutgoingHttpHeaders = {
    accept: '*/*',
    'accept-language': '*',
    'accept-encoding': https ? 'br, gzip, deflate' : 'gzip, deflate',
    ...given,
  };
  if (typeof body === 'string') {
    headers['content-type'] ??= 'text/plain;charset=UTF-8';
    headers['content-length'] = Buffer.byteLength(body);
  } else if (body !== null) {
    headers['content-length'] = body.byteLength;
  } else if (method === 'POST' || method === 'PUT') {
    headers['content-length'] = 0;
  }
  const { signal } = guard;
  return new Promise<Response>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    leanStats.requests++;
    // One abort listener for the whole exchange (rather than http.request's `signal` option,
    // which adds its own and a stream watcher per request): until the response, it destroys the
    // request (its error rejects); while the body is read, `receive` takes it over.
    let onAbort = (): void => {
      request.destroy(new DOMException('This operation was aborted', 'AbortError'));
    };
    const abort = (): void => onAbort();
    const stop = (): void => signal.removeEventListener('abort', abort);
    signal.addEventListener('abort', abort, { once: true });
    const request = (https ? httpsRequest : httpRequest)(url, { method, headers });
    let responded = false;
    request.on('error', (error: Error) => {
      // Before the response: fetch's network error (a ConnectionError / TimeoutError / AbortError
      // for the runtime). The cause keeps the code (ECONNREFUSED, …). After it, `receive` (or the
      // redirect's next request) decides: the request's error comes a tick before the response's.
      if (responded) return;
      stop();
      reject(new TypeError(error.message, { cause: error }));
    });
    request.on('response', (response) => {
      responded = true;
      const status = response.statusCode ?? 0;
      if (status < 200 || status > 599) {
        // A status a platform Response cannot have: a network error, as it is for fetch.
        stop();
        response.destroy();
        return reject(new TypeError(`invalid response status ${status}`));
      }
      const location = response.headers.location;
      if (!REDIRECT.has(status) || location === undefined) {
        onAbort = receive(response, url, method, guard, (result) => {
          stop();
          resolve(result);
        });
        return;
      }
      stop();
      // The redirect's own body is not needed: drained so the socket goes back to the pool.
      response.resume();
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        return reject(new TypeError(`invalid redirect location: ${location}`));
      }
      if (next.protocol !== 'http:' && next.protocol !== 'https:') {
        return reject(new TypeError(`URL scheme must be a HTTP(S) scheme: ${next.protocol}`));
      }
      if (hops + 1 > MAX_REDIRECTS) return reject(new TypeError('redirect count exceeded'));
      let nextMethod = method;
      let nextBody = body;
      const nextHeaders = { ...given };
      if (
        (status === 303 && method !== 'GET' && method !== 'HEAD') ||
        ((status === 301 || status === 302) && method === 'POST')
      ) {
        nextMethod = 'GET';
        nextBody = null;
        for (const name of BODY_HEADERS) delete nextHeaders[name];
      }
      if (next.origin !== url.origin) {
        // The fetch standard: credentials are not sent to another origin.
        delete nextHeaders.authorization;
        delete nextHeaders.cookie;
        delete nextHeaders['proxy-authorization'];
      }
      resolve(
        send(next, nextMethod, nextHeaders, nextBody, guard, hops + 1).then((final) => {
          Object.defineProperty(final, 'redirected', { value: true });
          return final;
        }),
      );
    });
    request.end(body ?? undefined);
  });
}

/**
 * Reads the whole body (under the guard), then hands `settle` the platform Response (or a
 * bodyless one marked with the body's failure). Returns what to do on an abort while reading.
 */
function receive(
  response: IncomingMessage,
  url: URL,
  method: string,
  guard: BodyGuard,
  settle: (response: Response) => void,
): () => void {
  const status = response.statusCode ?? 0;
  // Pairs, not a Headers: the Response constructor copies whatever it is given into its own.
  const raw = response.rawHeaders;
  const headers: [string, string][] = [];
  for (let i = 0; i < raw.length; i += 2) headers.push([raw[i] as string, raw[i + 1] as string]);
  const init = { status, statusText: response.statusMessage ?? '', headers };
  const nullBody = method === 'HEAD' || NULL_BODY_STATUS.has(status);
  let ended = false;
  const finish = (bytes: Uint8Array | null, failure?: SpecboundError): void => {
    if (ended) return;
    ended = true;
    if (failure !== undefined) response.destroy();
    const result = new Response(null, init);
    if (!nullBody && failure === undefined) held(result, bytes ?? new Uint8Array(0));
    Object.defineProperty(result, 'url', { value: url.href });
    // The body's failure, if any, is raised on every read once the guard settles it (settleLean).
    failures.set(result, failure);
    settle(result);
  };
  const onAbort = (): void => finish(null, guard.failure(guard.signal.reason));
  const encoding = response.headers['content-encoding'];
  const identity = isIdentity(encoding);
  const length = response.headers['content-length'];
  if (!nullBody && identity && length !== undefined && Number(length) > guard.limit) {
    finish(null, tooLarge(status, guard));
    return onAbort;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  response.on('data', (chunk: Buffer) => {
    size += chunk.byteLength;
    if (size > guard.limit) return finish(null, tooLarge(status, guard));
    chunks.push(chunk);
  });
  response.on('error', (error) => finish(null, guard.failure(error)));
  response.on('close', () => {
    if (!response.complete) {
      finish(null, guard.failure(new Error('the connection closed before the body was complete')));
    }
  });
  response.on('end', () => {
    if (ended) return;
    const bytes = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size);
    if (nullBody || identity || encoding === undefined || bytes.byteLength === 0) return finish(bytes);
    decode(bytes, encoding, guard.limit).then(
      (decoded) => finish(decoded),
      (error: NodeJS.ErrnoException) =>
        finish(null, error.code === 'ERR_BUFFER_TOO_LARGE' ? tooLarge(status, guard) : guard.failure(error)),
    );
  });
  // A stalled body must not hang the call: the timeout and the caller's abort end it at once.
  return onAbort;
}

const HELD = Symbol('specbound.lean');

/** The body of a lean response: its bytes, until read or handed to a platform body. */
interface Held {
  bytes: Uint8Array;
  used: boolean;
  /** A platform response over the bytes, made once `body` (or a clone of it) is asked for. */
  platform: Response | undefined;
}

/**
 * Gives `response` (built without a body) the already-read `bytes` as its body.
 *
 * Why not `new Response(bytes, init)`: a platform body is a web stream, and `json()` reads it back
 * through a reader; that costs 7-10 µs a call (in process, a 0.1-12 kB JSON answer) against under
 * 1 µs to decode the bytes held here. The read methods answer from the bytes; `body` and `clone()`
 * hand over to a platform response over the same bytes, so a stream reader sees what fetch gives.
 * The object stays the platform's (`instanceof Response`, headers, status), as in body.ts.
 */
function held(response: Response, bytes: Uint8Array): void {
  Object.setPrototypeOf(response, LeanResponse.prototype);
  (response as LeanResponse)[HELD] = { bytes, used: false, platform: undefined };
}

const decoder = new TextDecoder();

/** The held bytes, once; a second read fails as it does on a used platform body. */
function take(response: LeanResponse): Uint8Array<ArrayBuffer> {
  const state = response[HELD];
  if (state.used) throw new TypeError('Body is unusable: Body has already been read');
  state.used = true;
  return state.bytes as Uint8Array<ArrayBuffer>;
}

/** The platform response over the bytes, made on first use of `body` or `clone()`. */
function platform(response: LeanResponse): Response {
  const state = response[HELD];
  if (state.platform === undefined) {
    state.platform = new Response(state.used ? new Uint8Array(0) : (state.bytes as Uint8Array<ArrayBuffer>));
    // A body already read stays read.
    if (state.used) state.platform.arrayBuffer().catch(() => {});
  }
  return state.platform;
}

/** The methods a lean response gets. Never constructed (`held` gives its prototype). */
class LeanResponse extends Response {
  declare [HELD]: Held;

  override async text(): Promise<string> {
    const state = this[HELD];
    if (state.platform !== undefined) return state.platform.text();
    return decoder.decode(take(this));
  }

  override async json(): Promise<unknown> {
    const state = this[HELD];
    if (state.platform !== undefined) return state.platform.json();
    return JSON.parse(decoder.decode(take(this)));
  }

  override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    const state = this[HELD];
    if (state.platform !== undefined) return state.platform.bytes();
    return take(this).slice();
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    const state = this[HELD];
    if (state.platform !== undefined) return state.platform.arrayBuffer();
    return take(this).slice().buffer;
  }

  override async blob(): Promise<Blob> {
    const state = this[HELD];
    if (state.platform !== undefined) return state.platform.blob();
    return new Blob([take(this)], { type: this.headers.get('content-type') ?? '' });
  }

  override async formData(): Promise<FormData> {
    const state = this[HELD];
    if (state.platform !== undefined) return state.platform.formData();
    return new Response(take(this), { headers: this.headers }).formData();
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return platform(this).body;
  }

  override get bodyUsed(): boolean {
    const state = this[HELD];
    return state.platform === undefined ? state.used : state.platform.bodyUsed;
  }

  override clone(): Response {
    if (this.bodyUsed) throw new TypeError('Response.clone: Body has already been consumed.');
    const { status, statusText, headers, url, redirected } = this;
    const copy = new Response(null, { status, statusText, headers });
    held(copy, new Uint8Array(0));
    // The platform clone tees the body: each copy reads the bytes once.
    (copy as LeanResponse)[HELD].platform = platform(this).clone();
    Object.defineProperty(copy, 'url', { value: url });
    if (redirected) Object.defineProperty(copy, 'redirected', { value: true });
    return copy;
  }
}

type Decoder = (
  input: InputType,
  options: ZlibOptions,
  callback: (error: Error | null, result: Buffer) => void,
) => void;

// As undici's fetch: a stream cut short after complete blocks still decodes what arrived.
const ZLIB_FLUSH = { finishFlush: constants.Z_SYNC_FLUSH };
const DECODERS: Readonly<Record<string, Decoder>> = {
  gzip: (input, options, callback) => unzip(input, { ...options, ...ZLIB_FLUSH }, callback),
  'x-gzip': (input, options, callback) => unzip(input, { ...options, ...ZLIB_FLUSH }, callback),
  br: (input, options, callback) =>
    brotliDecompress(
      input,
      { ...options, finishFlush: constants.BROTLI_OPERATION_FLUSH },
      callback as (error: Error | null, result: Buffer) => void,
    ),
  // "deflate" is meant to be zlib-wrapped, but some servers send raw deflate (fetch accepts both).
  deflate: (input, options, callback) =>
    (((input as Uint8Array)[0] ?? 0) & 0x0f) === 0x08
      ? inflate(input, { ...options, ...ZLIB_FLUSH }, callback)
      : inflateRaw(input, { ...options, ...ZLIB_FLUSH }, callback),
};

/**
 * Undoes the content codings (last applied first), like fetch. An unknown coding leaves the body
 * as it came, as fetch does. The output is bounded by `limit` (zlib stops past it).
 */
async function decode(bytes: Buffer, encoding: string, limit: number): Promise<Uint8Array> {
  const codings = encoding
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim())
    .filter((coding) => coding !== '' && coding !== 'identity');
  if (!codings.every((coding) => Object.hasOwn(DECODERS, coding))) return bytes;
  // zlib refuses an output limit beyond the largest Buffer: a larger limit is no limit for it.
  const options: ZlibOptions = limit < MAX_LENGTH ? { maxOutputLength: Math.max(1, limit) } : {};
  let result: Buffer = bytes;
  for (const coding of codings.reverse()) {
    const decoder = DECODERS[coding] as Decoder;
    result = await new Promise<Buffer>((resolve, reject) =>
      decoder(result, options, (error, output) => (error === null ? resolve(output) : reject(error))),
    );
  }
  if (result.byteLength > limit)
    throw Object.assign(new RangeError('too large'), { code: 'ERR_BUFFER_TOO_LARGE' });
  return result;
}

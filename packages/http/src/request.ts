/**
 * A lightweight stand-in for `Request`, handed to openapi-fetch as `createClient({ Request })`.
 *
 * Why: on Node, every `Request` is expensive. openapi-fetch builds one per call (about 14 µs for a
 * POST, most of it creating the body's byte stream), and `fetch(request)` then builds another one
 * from it, proxying the body through a `TransformStream`; a retryable request was also cloned
 * (teeing its body) and re-wrapped with the attempt's signal. On loopback that was a fifth of the
 * time of a `scripts.run` call. This class only records what openapi-fetch gives it (URL, method,
 * a `Headers`, the serialized body, the init), so `createHttpFetch` can call
 * `fetch(url, init)` once, like hand-written code would.
 *
 * It offers the parts of the `Request` interface that middleware uses (`url`, `method`,
 * `headers`, `signal`, `redirect`, `body`, `bodyUsed`, `clone()`, `text()`, `json()`,
 * `arrayBuffer()`, `formData()`), and `instanceof` it also
 * accepts a real `Request`, so a middleware may still return one. It is not a `Request` for
 * `instanceof Request`: code that needs one calls `toRequest()`.
 */
export class SpecboundRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly signal: AbortSignal;
  /** Every field of the init other than method, headers, body and signal, passed on to fetch. */
  readonly #init: RequestInit;
  #body: BodyInit | null;
  #used = false;

  // openapi-fetch always passes the URL as a string. (Middleware rebuilding a request uses the
  // platform `Request`, which openapi-fetch accepts too.)
  constructor(input: string | URL, init: RequestInit = {}) {
    const { method, headers, body, signal, ...rest } = init;
    this.url = typeof input === 'string' ? input : input.href;
    this.method = normalizeMethod(method ?? 'GET');
    this.headers = headers instanceof Headers ? headers : new Headers(headers);
    this.signal = signal ?? NEVER;
    this.#body = body ?? null;
    this.#init = rest;
    if (this.#body !== null && (this.method === 'GET' || this.method === 'HEAD')) {
      throw new TypeError('Request with GET/HEAD method cannot have body.');
    }
  }

  /** Whether `value` is a `SpecboundRequest` (and not a real `Request`). */
  static is(value: unknown): value is SpecboundRequest {
    return typeof value === 'object' && value !== null && #body in value;
  }

  /** True for a `SpecboundRequest` and for a real `Request` (openapi-fetch checks middleware results with it). */
  static [Symbol.hasInstance](value: unknown): boolean {
    return SpecboundRequest.is(value) || (typeof Request === 'function' && value instanceof Request);
  }

  get redirect(): RequestRedirect {
    return this.#init.redirect ?? 'follow';
  }

  get bodyUsed(): boolean {
    return this.#used;
  }

  /** The body as a stream (a new one each time the body is read; `null` without a body). */
  get body(): ReadableStream<Uint8Array> | null {
    return this.#body === null ? null : this.#take().body;
  }

  /** The same request with another URL (e.g. an API key added to the query). Shares the body. */
  withUrl(url: string | URL): SpecboundRequest {
    return this.#copy(url, this.headers);
  }

  /** A copy with its own headers, sharing the (immutable) body; a stream body is teed. */
  clone(): SpecboundRequest {
    if (this.#used) throw new TypeError('Request.clone: the body has already been used.');
    return this.#copy(this.url, new Headers(this.headers));
  }

  /** The init for `fetch(this.url, init)`, with the attempt's signal. */
  toInit(signal: AbortSignal): RequestInit {
    // A stream body needs `duplex: 'half'` on Node; browsers refuse streaming request bodies anyway.
    const duplex = this.#body instanceof ReadableStream ? { duplex: 'half' } : undefined;
    return { ...this.#init, ...duplex, method: this.method, headers: this.headers, body: this.#body, signal };
  }

  /** A real `Request` with the same content (for a custom `fetch`, which expects one). */
  toRequest(signal: AbortSignal = this.signal): Request {
    return new Request(this.url, this.toInit(signal));
  }

  text(): Promise<string> {
    return this.#take().text();
  }

  json(): Promise<unknown> {
    return this.#take().json();
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    return this.#take().arrayBuffer();
  }

  formData(): Promise<FormData> {
    return this.#take().formData();
  }

  #copy(url: string | URL, headers: Headers): SpecboundRequest {
    let body = this.#body;
    if (body instanceof ReadableStream) {
      const [mine, theirs] = body.tee();
      this.#body = mine;
      body = theirs;
    }
    return new SpecboundRequest(url, {
      ...this.#init,
      method: this.method,
      headers,
      body,
      signal: this.signal,
    });
  }

  // Reading goes through a Response, which knows every body type (string, FormData, Blob, …).
  #take(): Response {
    if (this.#used) throw new TypeError('Body has already been used.');
    if (this.#body instanceof ReadableStream) this.#used = true;
    const contentType = this.headers.get('content-type');
    return new Response(
      this.#body,
      contentType === null ? undefined : { headers: { 'content-type': contentType } },
    );
  }
}

// The signal of a request made without one: never aborts. Shared, so listeners on it must be removed.
const NEVER = new AbortController().signal;

/** Whether `signal` is the one of a `SpecboundRequest` made without a signal: it never aborts. */
export function neverAborts(signal: AbortSignal): boolean {
  return signal === NEVER;
}

const NORMALIZED = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']);

function normalizeMethod(method: string): string {
  const upper = method.toUpperCase();
  return NORMALIZED.has(upper) ? upper : method;
}

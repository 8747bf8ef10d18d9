/**
 * Watches a response body until it has been read: the attempt's timeout and the caller's abort
 * still apply, more than `limit` bytes fail with `ResponseTooLargeError` (never holding more),
 * and any read failure is the attempt's typed `SpecboundError`. The platform body is read through
 * a stream that counts bytes; the response handed back is a platform `Response` over that stream.
 */
import type { RedactedRequest, SpecboundError } from './errors.js';
import { NULL_BODY_STATUS, tooLarge } from './read.js';

export interface BodyGuard {
  /** The attempt's signal: aborts on the timeout and on the caller's abort. */
  signal: AbortSignal;
  /** The largest body accepted, in bytes. */
  limit: number;
  request: () => RedactedRequest;
  /** Ends the attempt: clears its timer and listeners. Called once the body is done, in any way. */
  release: () => void;
  /** The typed error for a failure while reading (abort, timeout, connection). */
  failure: (error: unknown) => SpecboundError;
}

/**
 * Hands back `response` with its body watched. A declared `Content-Length` over the limit fails at
 * once, without reading. Once the body has been read, cancelled or has failed, the attempt is
 * released: a timer lives only as long as its response.
 */
export function guardBody(response: Response, guard: BodyGuard): Response {
  const source = response.body;
  const length = response.headers.get('content-length');
  // A body that is not a web stream (another realm's custom fetch) cannot be watched either.
  if (source?.getReader === undefined || length === '0' || NULL_BODY_STATUS.includes(response.status)) {
    guard.release();
    return response;
  }
  // Content-Length counts encoded bytes: it bounds the body only when it is not compressed.
  const encoding = response.headers.get('content-encoding');
  if (Number(length) > guard.limit && (encoding === null || encoding === 'identity')) {
    guard.release();
    source.cancel().catch(() => {});
    throw tooLarge(response.status, guard);
  }
  guardedClass ??= defineGuardedResponse();
  return new guardedClass(watch(source, response.status, guard), response);
}

/** Where a guarded response finds the failure of its body, once there is one. */
interface Outcome {
  failure?: SpecboundError;
}

/** `source` read through a stream that enforces the guard; `outcome` records a failure. */
function watch(source: ReadableStream<Uint8Array>, status: number, guard: BodyGuard) {
  const reader = source.getReader();
  const outcome: Outcome = {};
  let size = 0;
  let controller: ReadableStreamDefaultController<Uint8Array>;
  // Set to undefined once the body is done: the response no longer keeps the attempt alive.
  let current: BodyGuard | undefined = guard;
  const finish = (): void => {
    current?.signal.removeEventListener('abort', onAbort);
    current?.release();
    current = undefined;
  };
  const fail = (error: SpecboundError): void => {
    if (current === undefined) return;
    outcome.failure = error;
    finish();
    controller.error(error);
    reader.cancel(error).catch(() => {});
  };
  // A stalled body must not hang the reader: the timeout and the caller's abort fail it at once.
  const onAbort = (): void => {
    if (current !== undefined) fail(current.failure(current.signal.reason));
  };
  guard.signal.addEventListener('abort', onAbort, { once: true });
  const stream = new ReadableStream<Uint8Array>(
    {
      start: (c) => {
        controller = c;
      },
      pull: async (c) => {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (error) {
          if (current !== undefined) fail(current.failure(error));
          return;
        }
        if (current === undefined) return;
        if (chunk.done) {
          finish();
          c.close();
          return;
        }
        size += chunk.value.byteLength;
        if (size > current.limit) fail(tooLarge(status, current));
        else c.enqueue(chunk.value);
      },
      cancel: (reason) => {
        finish();
        return reader.cancel(reason);
      },
    },
    // Pull only when the consumer reads: a body nobody reads is not fetched into memory.
    { highWaterMark: 0 },
  );
  return { stream, outcome };
}

const READS = ['arrayBuffer', 'blob', 'bytes', 'formData', 'json', 'text'] as const;

/**
 * A platform `Response` over the watched stream that keeps what the fetched one said (`url`,
 * `redirected`, `type`). Its read methods reject with the body's typed failure: Chromium's reject
 * with a bare `TypeError: Failed to fetch` when the stream errors, where a `body` reader gets the
 * error itself. A `SyntaxError` from `json()` on a complete body passes through.
 */
// Defined on first use: touching the global `Response` loads Node's fetch (undici, about 12 MiB of
// RSS), which a program importing a client only to verify webhooks (`bs webhooks listen`) never calls.
let guardedClass: ReturnType<typeof defineGuardedResponse> | undefined;

function defineGuardedResponse() {
  return class GuardedResponse extends Response {
    readonly #source: Response;
    readonly #outcome: Outcome;

    constructor(watched: { stream: ReadableStream<Uint8Array>; outcome: Outcome }, source: Response) {
      super(watched.stream, source);
      this.#source = source;
      this.#outcome = watched.outcome;
    }

    override get url(): string {
      return this.#source.url;
    }

    override get redirected(): boolean {
      return this.#source.redirected;
    }

    override get type(): ResponseType {
      return this.#source.type;
    }

    /** A copy whose reads keep the failure too (the platform clone tees the watched stream). */
    override clone(): Response {
      const copy = super.clone();
      return new GuardedResponse(
        { stream: copy.body as ReadableStream<Uint8Array>, outcome: this.#outcome },
        this,
      );
    }

    static {
      for (const name of READS) {
        const read = Response.prototype[name] as (this: Response) => Promise<unknown>;
        Object.defineProperty(GuardedResponse.prototype, name, {
          value(this: GuardedResponse) {
            return read.call(this).catch((error: unknown) => {
              throw this.#outcome.failure ?? error;
            });
          },
          writable: true,
          configurable: true,
        });
      }
    }
  };
}

/**
 * The browser side of body.ts (chosen by the `browser` field of package.json): the same guard on
 * a response body, built the plain way. The platform body is read through a stream that counts
 * bytes, fails with `ResponseTooLargeError` past the limit (never holding more), turns the
 * timeout and the caller's abort into the attempt's typed error at once, and releases the
 * attempt when the body is read, cancelled or failed. Every read method, `body` and `clone()`
 * are the platform's own over that stream, the read methods made to reject with the typed error
 * (see `keepFailure`). Same exports as body.ts.
 */
import { type BodyGuard, nothingToWatch, READS, tooLarge } from './body-guard.js';
import type { SpecboundError } from './errors.js';

export type { BodyGuard };

export function guardBody(response: Response, guard: BodyGuard): Response {
  if (nothingToWatch(response, guard)) return response;
  const source: unknown = response.body;
  // A body that is not a web stream (another realm's custom fetch) cannot be watched; the
  // attempt's timer then still aborts the fetch's signal when it expires.
  if (typeof (source as Partial<ReadableStream>).getReader !== 'function') return response;
  const reader = (source as ReadableStream<Uint8Array>).getReader();
  let size = 0;
  let done = false;
  let failure: SpecboundError | undefined;
  let controller: ReadableStreamDefaultController<Uint8Array>;
  const finish = () => {
    if (done) return;
    done = true;
    guard.signal.removeEventListener('abort', onAbort);
    guard.release();
  };
  const fail = (error: SpecboundError) => {
    if (done) return;
    failure = error;
    finish();
    controller.error(error);
    reader.cancel(error).catch(() => {});
  };
  // A stalled body must not hang the reader: the timeout and the caller's abort fail it at once.
  const onAbort = () => fail(guard.failure(guard.signal.reason));
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
          return fail(guard.failure(error));
        }
        if (done) return;
        if (chunk.done) {
          finish();
          return c.close();
        }
        size += chunk.value.byteLength;
        if (size > guard.limit) return fail(tooLarge(response.status, guard));
        c.enqueue(chunk.value);
      },
      cancel: (reason) => {
        finish();
        return reader.cancel(reason);
      },
    },
    // Pull only when the consumer reads: a body nobody reads is not fetched into memory.
    { highWaterMark: 0 },
  );
  guard.signal.addEventListener('abort', onAbort, { once: true });
  const guarded = new Response(stream, response);
  // What a constructed Response cannot be given stays the fetched one's.
  for (const key of ['url', 'redirected', 'type'] as const) {
    Object.defineProperty(guarded, key, { value: response[key] });
  }
  return keepFailure(guarded, () => failure);
}

/**
 * Chromium's read methods (`text()`, `json()`, …) reject with a bare `TypeError: Failed to fetch`
 * when the stream errors, where a `body` reader gets the error itself: each read method of
 * `response` (and of its clones) rejects with the attempt's typed failure instead, when there is
 * one. A `SyntaxError` from `json()` on a complete body passes through.
 */
function keepFailure(response: Response, failure: () => SpecboundError | undefined): Response {
  for (const name of READS) {
    const read = response[name] as ((this: Response) => Promise<unknown>) | undefined;
    if (typeof read !== 'function') continue;
    Object.defineProperty(response, name, {
      value: () =>
        read.call(response).catch((error: unknown) => {
          throw failure() ?? error;
        }),
    });
  }
  const clone = response.clone;
  Object.defineProperty(response, 'clone', { value: () => keepFailure(clone.call(response), failure) });
  return response;
}

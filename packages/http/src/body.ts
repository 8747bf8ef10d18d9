import { type RedactedRequest, ResponseTooLargeError, type SpecboundError } from './errors.js';

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

// Statuses whose Response cannot carry a body (the constructor refuses one).
const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);

/**
 * Hands back `response` with its body watched until it has been read: the attempt's timeout and
 * the caller's abort still apply, more than `limit` bytes fail with `ResponseTooLargeError`
 * (never buffering more than the limit), and any read failure is a `SpecboundError`.
 *
 * A declared `Content-Length` over the limit fails at once, without reading. Once the body has
 * been read, cancelled or failed, the attempt is released: a timer per request lives only as long
 * as its response.
 */
export function guardBody(response: Response, guard: BodyGuard): Response {
  const source = response.body;
  const length = response.headers.get('content-length');
  if (source === null || length === '0' || NULL_BODY_STATUS.has(response.status)) {
    guard.release();
    return response;
  }
  // Content-Length counts encoded bytes: it bounds the body only when it is not compressed.
  const encoding = response.headers.get('content-encoding');
  if (length !== null && (encoding === null || encoding === 'identity') && Number(length) > guard.limit) {
    guard.release();
    source.cancel().catch(() => {});
    throw tooLarge(response, guard);
  }

  const reader = source.getReader();
  let received = 0;
  let finished = false;
  let sink: ReadableStreamDefaultController<Uint8Array> | undefined;
  const finish = (): void => {
    if (finished) return;
    finished = true;
    guard.signal.removeEventListener('abort', onAbort);
    guard.release();
  };
  const fail = (error: SpecboundError): void => {
    if (finished) return;
    finish();
    sink?.error(error);
    reader.cancel(error).catch(() => {});
  };
  // A fetch that ignores its signal (or a stalled body) must not hang the reader: the timeout and
  // the caller's abort error the stream at once, whatever the source does.
  const onAbort = (): void => fail(guard.failure(guard.signal.reason));
  guard.signal.addEventListener('abort', onAbort, { once: true });

  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        sink = controller;
      },
      pull(controller) {
        return reader.read().then(
          (chunk) => {
            if (finished) return;
            if (chunk.done) {
              finish();
              controller.close();
              return;
            }
            received += chunk.value.byteLength;
            if (received > guard.limit) fail(tooLarge(response, guard));
            else controller.enqueue(chunk.value);
          },
          (error: unknown) => fail(guard.failure(error)),
        );
      },
      cancel(reason) {
        finish();
        return reader.cancel(reason);
      },
    },
    // Pull only when the consumer reads: a body nobody reads is not fetched into memory.
    { highWaterMark: 0 },
  );
  const guarded = new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  // A constructed Response has an empty url; keep the one the caller would have seen.
  if (response.url !== '') Object.defineProperty(guarded, 'url', { value: response.url });
  if (response.redirected) Object.defineProperty(guarded, 'redirected', { value: true });
  return guarded;
}

function tooLarge(response: Response, guard: BodyGuard): ResponseTooLargeError {
  const request = guard.request();
  return new ResponseTooLargeError(
    `${request.method} ${request.url}: the response body (status ${response.status}) is larger than the ${guard.limit}-byte limit; raise "maxResponseBytes" if this much is expected.`,
    { request, status: response.status, limit: guard.limit },
  );
}

/**
 * The clients' way with a response body: read whole within its attempt, so the attempt's
 * timeout, the caller's abort and the size limit apply to the read itself, through the response's
 * own reader (no second stream, as `guardBody` needs to hand back a body still unread).
 */
import { raceSignal } from './abort.js';
import type { BodyGuard } from './body.js';
import { ResponseTooLargeError, SpecboundError } from './errors.js';

// Statuses whose Response cannot carry a body.
export const NULL_BODY_STATUS = [101, 103, 204, 205, 304];

/**
 * `response` with its body read: a platform `Response` over the bytes, with the same status and
 * headers. A declared `Content-Length` over the limit fails before reading; an undeclared body
 * fails as soon as it passes the limit, holding no more. Any failure is the attempt's typed error.
 */
export async function readBody(response: Response, guard: BodyGuard, race: boolean): Promise<Response> {
  const { body, headers, status } = response;
  try {
    if (body === null || NULL_BODY_STATUS.includes(status)) return response;
    const { limit, signal } = guard;
    // Content-Length counts encoded bytes: it bounds the body only when it is not compressed.
    const encoding = headers.get('content-encoding');
    const declared = Number(
      (encoding === null || encoding === 'identity' ? headers.get('content-length') : null) ?? Number.NaN,
    );
    if (declared > limit) {
      body.cancel().catch(() => {});
      throw tooLarge(status, guard);
    }
    // The platform fetch ends its body read when its signal aborts; a custom fetch may not. A
    // length that is not a number (a custom fetch's) vouches for nothing: the body is read capped.
    const read = declared >= 0 ? response.arrayBuffer() : readCapped(body, limit, signal);
    const bytes = await (race ? raceSignal(read, signal) : read);
    if (bytes === undefined || bytes.byteLength > limit) throw tooLarge(status, guard);
    return new Response(bytes, response);
  } catch (error) {
    throw error instanceof SpecboundError ? error : guard.failure(error);
  } finally {
    guard.release();
  }
}

/** The body's bytes, or undefined (the read cancelled) once it passes `limit`. */
async function readCapped(
  body: ReadableStream<Uint8Array>,
  limit: number,
  signal: AbortSignal,
): Promise<ArrayBuffer | undefined> {
  const reader = body.getReader();
  // A custom fetch's body may ignore the signal: cancelling the read ends a stalled one.
  const stop = (): void => void reader.cancel(signal.reason).catch(() => {});
  signal.addEventListener('abort', stop, { once: true });
  try {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      size += chunk.value.byteLength;
      if (size > limit) {
        stop();
        return undefined;
      }
      chunks.push(chunk.value);
    }
    // A read cancelled by `stop` ends as if the body were complete.
    if (signal.aborted) throw signal.reason;
    const bytes = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
    return bytes.buffer;
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

export function tooLarge(status: number, guard: Pick<BodyGuard, 'limit' | 'request'>): ResponseTooLargeError {
  const request = guard.request();
  return new ResponseTooLargeError(
    `${request.method} ${request.url}: the response body (status ${status}) is larger than the ${guard.limit}-byte limit; raise "maxResponseBytes" if this much is expected.`,
    { request, status, limit: guard.limit },
  );
}

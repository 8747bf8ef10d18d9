/**
 * The clients' way with a response body: read whole within its attempt, so the attempt's
 * timeout, the caller's abort and the size limit apply to the read itself, through the response's
 * own reader (no second stream, as `guardBody` needs to hand back a body still unread).
 */
import type { BodyGuard } from './body.js';
import { ResponseTooLargeError, SpecboundError } from './errors.js';
import { parsedJson } from './parsed.js';

// Statuses whose Response cannot carry a body.
export const NULL_BODY_STATUS = [101, 103, 204, 205, 304];

/**
 * A response ready for its reader, and how its attempt ends. `done` must be called once the body
 * has been read, or its read has failed: it ends the attempt (when the body was left unread) and
 * returns the typed error for the read's error.
 */
export interface Opened {
  response: Response;
  done(error?: unknown): unknown;
}

/** The `done` of a response whose attempt has nothing left to end. */
export const ended = (error?: unknown): unknown => error;

/**
 * `response` with its body read: a platform `Response` over the bytes, with the same status and
 * headers. A declared `Content-Length` over the limit fails before reading; an undeclared body
 * fails as soon as it passes the limit, holding no more. Any failure is the attempt's typed error.
 * `leave`: a body the platform fetch bounds by itself (a declared length within the limit, no
 * compression: HTTP framing ends it there) is left unread, for the caller to read once within the
 * attempt, whose timeout and abort stay on it until `done`. Reading it here and again from a copy
 * was most of what a call cost over raw openapi-fetch (issue 21), as it was of what response
 * validation cost (issue 26) before a body a fetch wrapper holds was handed on as it is.
 */
export function openBody(
  response: Response,
  guard: BodyGuard,
  race: boolean,
  leave: boolean,
): Opened | Promise<Opened> {
  const { body, headers, status } = response;
  // A status that cannot carry a body (204, 304, …) comes without one: a Response refuses both.
  // A body a fetch wrapper holds in memory (response validation) has its size known, and is
  // handed on as it is once within the limit.
  const known = body === null ? 0 : parsedJson(response)?.size;
  // Content-Length counts encoded bytes: it bounds the body only when it is not compressed.
  const encoding = headers.get('content-encoding');
  const declared =
    known ??
    Number(
      (encoding === null || encoding === 'identity' ? headers.get('content-length') : null) ?? Number.NaN,
    );
  if (declared > guard.limit) {
    guard.release();
    body?.cancel().catch(() => {});
    throw tooLarge(status, guard);
  }
  if (known !== undefined) {
    guard.release();
    return { response, done: ended };
  }
  // Synchronous up to here: the usual answer costs no promise of its own.
  if (leave && !race && declared >= 0) {
    const done = (error?: unknown): unknown => {
      guard.release();
      return error === undefined ? error : guard.failure(error);
    };
    return { response, done };
  }
  return readWhole(response, body as ReadableStream<Uint8Array>, guard);
}

/** `response` over its body read whole, capped whatever the length says, within the attempt. */
async function readWhole(
  response: Response,
  body: ReadableStream<Uint8Array>,
  guard: BodyGuard,
): Promise<Opened> {
  try {
    // A custom fetch's length vouches for nothing; the signal stops the read even where the body
    // ignores it.
    const bytes = await readCapped(body, guard.limit, guard.signal);
    if (bytes === undefined) throw tooLarge(response.status, guard);
    return { response: new Response(bytes, response), done: ended };
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
    // The platform joins the chunks.
    return await new Blob(chunks as BlobPart[]).arrayBuffer();
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

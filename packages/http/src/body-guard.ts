// What both ways of watching a response body share: the Node one (body.ts, which adopts the
// platform response) and the browser one (body.browser.ts, which wraps its stream).
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

/** Statuses whose Response cannot carry a body. */
export const NULL_BODY_STATUS: ReadonlySet<number> = new Set([101, 103, 204, 205, 304]);

/** The methods that read a Response's body (each one consumes it). */
export const READS = ['arrayBuffer', 'blob', 'bytes', 'formData', 'json', 'text'] as const;

/**
 * The checks before any read. True when there is no body to watch (the attempt is then
 * released); a declared `Content-Length` over the limit fails at once, without reading.
 */
export function nothingToWatch(response: Response, guard: BodyGuard): boolean {
  const length = response.headers.get('content-length');
  if (response.body === null || length === '0' || NULL_BODY_STATUS.has(response.status)) {
    guard.release();
    return true;
  }
  // Content-Length counts encoded bytes: it bounds the body only when it is not compressed. (The
  // encoding is looked up only for a length over the limit: a header read costs ~0.5 µs a call.)
  if (
    length !== null &&
    Number(length) > guard.limit &&
    isIdentity(response.headers.get('content-encoding'))
  ) {
    guard.release();
    response.body.cancel().catch(() => {});
    throw tooLarge(response.status, guard);
  }
  return false;
}

/** Whether a `Content-Encoding` (absent: null or undefined) leaves the body as sent, so `Content-Length` bounds it. */
export function isIdentity(encoding: string | null | undefined): boolean {
  return encoding === null || encoding === undefined || encoding === 'identity';
}

export function tooLarge(status: number, guard: BodyGuard): ResponseTooLargeError {
  const request = guard.request();
  return new ResponseTooLargeError(
    `${request.method} ${request.url}: the response body (status ${status}) is larger than the ${guard.limit}-byte limit; raise "maxResponseBytes" if this much is expected.`,
    { request, status, limit: guard.limit },
  );
}

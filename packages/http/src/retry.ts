/** Retry settings; every field is optional and falls back to the default named beside it. */
export interface RetryOptions {
  /** Retries after the first attempt (default 2, so 3 attempts in all). */
  maxRetries?: number | undefined;
  /** Delay before the first retry, doubled for each further one (default 500 ms). */
  initialDelayMs?: number | undefined;
  /** Upper bound of the computed backoff (default 8000 ms). */
  maxDelayMs?: number | undefined;
  /** Also retry POST and PATCH (default false: a retried POST can run a script twice). */
  retryNonIdempotent?: boolean | undefined;
}

export interface ResolvedRetryOptions {
  maxRetries: number;
  initialDelayMs: number;
  maxDelayMs: number;
  retryNonIdempotent: boolean;
}

export const DEFAULT_RETRY: ResolvedRetryOptions = {
  maxRetries: 2,
  initialDelayMs: 500,
  maxDelayMs: 8000,
  retryNonIdempotent: false,
};

/** A server asking for a longer wait than this is not waited for: its response is returned. */
export const MAX_SERVER_WAIT_MS = 60_000;

const IDEMPOTENT_METHODS = /^(GET|HEAD|PUT|DELETE|OPTIONS)$/i;

export function isIdempotent(method: string): boolean {
  return IDEMPOTENT_METHODS.test(method);
}

/** 408 Request Timeout, 409 Conflict (lock contention), 429 Too Many Requests and every 5xx. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * The wait before retry number `retryIndex` (0 for the first retry):
 * `min(initialDelayMs * 2^retryIndex, maxDelayMs)`, reduced by up to 25 % of jitter so that
 * clients failing together do not retry together. `random` returns a number in [0, 1). Whole ms,
 * as timers count.
 */
export function backoffDelay(
  retryIndex: number,
  options: Pick<ResolvedRetryOptions, 'initialDelayMs' | 'maxDelayMs'>,
  random: () => number = Math.random,
): number {
  const base = Math.min(options.initialDelayMs * 2 ** retryIndex, options.maxDelayMs);
  const jitter = 1 - 0.25 * Math.min(Math.max(random(), 0), 1);
  return Math.round(base * jitter);
}

const DELTA_SECONDS = /^\s*\d+(\.\d+)?\s*$/;

/**
 * The wait a server asks for, in ms: `retry-after-ms` (a non-standard header some services send)
 * first, then `Retry-After` as delta-seconds or as an HTTP-date. `undefined` when absent or
 * unreadable; a date in the past gives 0.
 */
export function parseRetryAfter(headers: Headers, now: number = Date.now()): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && DELTA_SECONDS.test(ms)) return Number(ms);
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  if (DELTA_SECONDS.test(value)) return Number(value) * 1000;
  // Every HTTP-date form names a month; this keeps Date.parse from reading '-5' as a year.
  const date = /[a-z]{3}/i.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

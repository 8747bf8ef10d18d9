import type { AuthStrategy } from './auth.js';
import { DEFAULT_RETRY, type ResolvedRetryOptions, type RetryOptions } from './retry.js';
import { assertUserAgent, type ClientInfo } from './user-agent.js';
import { checkKeys, ValidationError } from './validate.js';

/** One line per attempt. `url` is redacted; `error` is set when no response came back. */
export interface LogEvent {
  method: string;
  url: string;
  status?: number;
  /** 1 for the first attempt. */
  attempt: number;
  durationMs: number;
  error?: string;
}

export type Logger = (event: LogEvent) => void;

/**
 * What `HttpOptions.fetch` must be. `globalThis.fetch` fits, and so does a test fake that only
 * takes a `Request` (every call passes exactly one).
 */
export type FetchLike = (input: Request) => Promise<Response>;

// Optional fields also accept `undefined`, so clients can pass their own optional settings through
// under `exactOptionalPropertyTypes`.
export interface HttpOptions {
  /** The underlying fetch (default `globalThis.fetch`, looked up at call time). */
  fetch?: FetchLike | undefined;
  /** Retry settings, or `false` for a single attempt (default: 2 retries). */
  retry?: RetryOptions | false | undefined;
  /**
   * Per-attempt timeout in ms, covering the whole response: headers and body (default 60 000;
   * `Infinity` for none).
   */
  timeout?: number | undefined;
  /**
   * The largest response body accepted, in bytes after decompression (default 64 MiB; `Infinity`
   * for no limit). A larger one fails with `ResponseTooLargeError` without being buffered.
   */
  maxResponseBytes?: number | undefined;
  auth?: AuthStrategy | undefined;
  logger?: Logger | undefined;
  /** Appended to the user agent after the specbound part. */
  userAgent?: string | undefined;
  /** The calling package, named in the user agent. */
  client?: ClientInfo | undefined;
}

export interface Overrides {
  retry?: RetryOptions | false | undefined;
  timeout?: number | undefined;
  maxResponseBytes?: number | undefined;
}

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

export interface ResolvedOptions {
  fetch: FetchLike | undefined;
  retry: ResolvedRetryOptions | false;
  timeout: number;
  maxResponseBytes: number;
  auth: AuthStrategy | undefined;
  logger: Logger | undefined;
  userAgent: string | undefined;
  client: ClientInfo | undefined;
}

const OPTION_KEYS: readonly string[] = [
  'fetch',
  'retry',
  'timeout',
  'maxResponseBytes',
  'auth',
  'logger',
  'userAgent',
  'client',
] satisfies (keyof HttpOptions)[];
const OVERRIDE_KEYS: readonly string[] = [
  'retry',
  'timeout',
  'maxResponseBytes',
] satisfies (keyof Overrides)[];
const RETRY_KEYS = Object.keys(DEFAULT_RETRY);

/**
 * Validates options and fills in the defaults. A bad option throws `ValidationError` whose `field`
 * names it (`timeout`, `retry.maxRetries`, …); the message never echoes a string value, which may
 * be a credential.
 */
export function resolveOptions(options: HttpOptions): ResolvedOptions {
  checkKeys(options, OPTION_KEYS, 'option', 'options');
  const { fetch, auth, logger, userAgent, client } = options;
  check('fetch', fetch === undefined || typeof fetch === 'function', 'a function', fetch);
  check(
    'auth',
    auth === undefined || typeof auth?.authenticate === 'function',
    'an AuthStrategy, e.g. bearerAuth(token)',
    auth,
  );
  check('logger', logger === undefined || typeof logger === 'function', 'a function', logger);
  if (userAgent !== undefined) assertUserAgent(userAgent);
  check(
    'client',
    client === undefined ||
      (typeof client?.name === 'string' && client.name !== '' && typeof client.version === 'string'),
    '{ name: string; version: string }',
    client,
  );
  return {
    fetch,
    retry: resolveRetry(options.retry, DEFAULT_RETRY),
    timeout: resolveTimeout(options.timeout, DEFAULT_TIMEOUT_MS),
    maxResponseBytes: resolveMaxResponseBytes(options.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES),
    auth,
    logger,
    userAgent,
    client,
  };
}

/** Applies `withOverrides()`: retry fields override the current ones, `false` disables retries. */
export function applyOverrides(base: ResolvedOptions, overrides: Overrides): ResolvedOptions {
  checkKeys(overrides, OVERRIDE_KEYS, 'option', 'overrides');
  return {
    ...base,
    retry: resolveRetry(overrides.retry, base.retry === false ? DEFAULT_RETRY : base.retry, base.retry),
    timeout: resolveTimeout(overrides.timeout, base.timeout),
    maxResponseBytes: resolveMaxResponseBytes(overrides.maxResponseBytes, base.maxResponseBytes),
  };
}

function resolveRetry(
  retry: RetryOptions | false | undefined,
  fill: ResolvedRetryOptions,
  whenAbsent: ResolvedRetryOptions | false = fill,
): ResolvedRetryOptions | false {
  if (retry === undefined) return whenAbsent;
  if (retry === false) return false;
  checkKeys(retry, RETRY_KEYS, 'option', 'retry', '', 'retry.');
  const resolved = { ...fill, ...definedEntries(retry) };
  const { maxRetries, retryNonIdempotent } = resolved;
  check(
    'retry.maxRetries',
    Number.isInteger(maxRetries) && maxRetries >= 0,
    'a non-negative integer',
    maxRetries,
  );
  for (const key of ['initialDelayMs', 'maxDelayMs'] as const) {
    const value = resolved[key];
    check(`retry.${key}`, Number.isFinite(value) && value >= 0, 'a non-negative number of ms', value);
  }
  check('retry.retryNonIdempotent', typeof retryNonIdempotent === 'boolean', 'a boolean', retryNonIdempotent);
  return resolved;
}

function resolveTimeout(timeout: number | undefined, fallback: number): number {
  if (timeout === undefined) return fallback;
  check(
    'timeout',
    typeof timeout === 'number' && timeout > 0,
    'a positive number of ms, or Infinity for none',
    timeout,
  );
  return timeout;
}

function resolveMaxResponseBytes(value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  check(
    'maxResponseBytes',
    value === Number.POSITIVE_INFINITY || (Number.isSafeInteger(value) && value >= 0),
    'a non-negative integer number of bytes, or Infinity for no limit',
    value,
  );
  return value;
}

/**
 * Throws `ValidationError` for `field` unless `ok`. Only a number is shown back; anything else
 * is described by its type (it may be a credential passed to the wrong option).
 */
function check(field: string, ok: boolean, expected: string, value: unknown): void {
  if (ok) return;
  const got = typeof value === 'number' ? String(value) : value === null ? 'null' : typeof value;
  throw new ValidationError(field, `Option "${field}" must be ${expected} (got ${got}).`);
}

function definedEntries(retry: RetryOptions): Partial<ResolvedRetryOptions> {
  return Object.fromEntries(Object.entries(retry).filter(([, value]) => value !== undefined));
}

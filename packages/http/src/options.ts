import type { AuthStrategy } from './auth.js';
import { DEFAULT_RETRY, type ResolvedRetryOptions, type RetryOptions } from './retry.js';
import { assertUserAgent, type ClientInfo } from './user-agent.js';
import { ValidationError } from './validate.js';

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

const OPTION_KEYS = new Set([
  'fetch',
  'retry',
  'timeout',
  'maxResponseBytes',
  'auth',
  'logger',
  'userAgent',
  'client',
] satisfies (keyof HttpOptions)[]);
const OVERRIDE_KEYS = new Set(['retry', 'timeout', 'maxResponseBytes'] satisfies (keyof Overrides)[]);
const RETRY_KEYS = new Set(Object.keys(DEFAULT_RETRY));

/**
 * Validates options and fills in the defaults. A bad option throws `ValidationError` whose `field`
 * names it (`timeout`, `retry.maxRetries`, …); the message never echoes a string value, which may
 * be a credential.
 */
export function resolveOptions(options: HttpOptions): ResolvedOptions {
  assertObject(options, 'options');
  assertKnownKeys(options, OPTION_KEYS, '');
  const { fetch, auth, logger, userAgent, client } = options;
  if (fetch !== undefined && typeof fetch !== 'function') {
    throw new ValidationError('fetch', `Option "fetch" must be a function (got ${typeof fetch}).`);
  }
  if (
    auth !== undefined &&
    (typeof auth !== 'object' || auth === null || typeof auth.authenticate !== 'function')
  ) {
    throw new ValidationError('auth', 'Option "auth" must be an AuthStrategy, e.g. bearerAuth(token).');
  }
  if (logger !== undefined && typeof logger !== 'function') {
    throw new ValidationError('logger', `Option "logger" must be a function (got ${typeof logger}).`);
  }
  if (userAgent !== undefined) assertUserAgent(userAgent);
  if (
    client !== undefined &&
    (typeof client !== 'object' ||
      client === null ||
      typeof client.name !== 'string' ||
      client.name === '' ||
      typeof client.version !== 'string')
  ) {
    throw new ValidationError('client', 'Option "client" must be { name: string; version: string }.');
  }
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
  assertObject(overrides, 'overrides');
  assertKnownKeys(overrides, OVERRIDE_KEYS, '');
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
  assertObject(retry, 'retry');
  assertKnownKeys(retry, RETRY_KEYS, 'retry.');
  const resolved = { ...fill, ...definedEntries(retry) };
  if (!Number.isInteger(resolved.maxRetries) || resolved.maxRetries < 0) {
    throw new ValidationError(
      'retry.maxRetries',
      `Option "retry.maxRetries" must be a non-negative integer (got ${describeNumber(resolved.maxRetries)}).`,
    );
  }
  for (const key of ['initialDelayMs', 'maxDelayMs'] as const) {
    const value = resolved[key];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new ValidationError(
        `retry.${key}`,
        `Option "retry.${key}" must be a non-negative number of ms (got ${describeNumber(value)}).`,
      );
    }
  }
  if (typeof resolved.retryNonIdempotent !== 'boolean') {
    throw new ValidationError(
      'retry.retryNonIdempotent',
      `Option "retry.retryNonIdempotent" must be a boolean (got ${typeof resolved.retryNonIdempotent}).`,
    );
  }
  return resolved;
}

function resolveTimeout(timeout: number | undefined, fallback: number): number {
  if (timeout === undefined) return fallback;
  if (typeof timeout !== 'number' || Number.isNaN(timeout) || timeout <= 0) {
    throw new ValidationError(
      'timeout',
      `Option "timeout" must be a positive number of ms, or Infinity for none (got ${describeNumber(timeout)}).`,
    );
  }
  return timeout;
}

function resolveMaxResponseBytes(value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (
    typeof value !== 'number' ||
    !(value === Number.POSITIVE_INFINITY || (Number.isSafeInteger(value) && value >= 0))
  ) {
    throw new ValidationError(
      'maxResponseBytes',
      `Option "maxResponseBytes" must be a non-negative integer number of bytes, or Infinity for no limit (got ${describeNumber(value)}).`,
    );
  }
  return value;
}

// Numbers are safe to show; anything else is described by its type only (it may be a credential
// passed to the wrong option).
function describeNumber(value: unknown): string {
  return typeof value === 'number' ? String(value) : typeof value;
}

function definedEntries(retry: RetryOptions): Partial<ResolvedRetryOptions> {
  return Object.fromEntries(Object.entries(retry).filter(([, value]) => value !== undefined));
}

function assertObject(value: unknown, name: string): asserts value is object {
  if (typeof value !== 'object' || value === null) {
    throw new ValidationError(
      name,
      `${name === 'options' || name === 'overrides' ? 'The options' : `Option "${name}"`} must be an object (got ${value === null ? 'null' : typeof value}).`,
    );
  }
}

// Catches typos such as `{ maxRetry: 3 }` that would otherwise be silently ignored. `prefix` is the
// path of the object checked (`retry.`), empty at the top level.
function assertKnownKeys(value: object, known: ReadonlySet<string>, prefix: string): void {
  for (const key of Object.keys(value)) {
    if (!known.has(key)) {
      throw new ValidationError(
        `${prefix}${key}`,
        `Unknown option "${prefix}${key}"; expected one of ${[...known].map((k) => `"${prefix}${k}"`).join(', ')}.`,
      );
    }
  }
}

import type { AuthStrategy } from './auth.js';
import { DEFAULT_RETRY, type ResolvedRetryOptions, type RetryOptions } from './retry.js';
import type { ClientInfo } from './user-agent.js';

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
  /** Per-attempt timeout in ms, until the response headers arrive (default 60 000; `Infinity` for none). */
  timeout?: number | undefined;
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
}

export const DEFAULT_TIMEOUT_MS = 60_000;

export interface ResolvedOptions {
  fetch: FetchLike | undefined;
  retry: ResolvedRetryOptions | false;
  timeout: number;
  auth: AuthStrategy | undefined;
  logger: Logger | undefined;
  userAgent: string | undefined;
  client: ClientInfo | undefined;
}

const OPTION_KEYS = new Set(['fetch', 'retry', 'timeout', 'auth', 'logger', 'userAgent', 'client']);
const OVERRIDE_KEYS = new Set(['retry', 'timeout']);
const RETRY_KEYS = new Set(Object.keys(DEFAULT_RETRY));

/** Validates options (a `TypeError` naming the option) and fills in the defaults. */
export function resolveOptions(options: HttpOptions): ResolvedOptions {
  assertObject(options, 'options');
  assertKnownKeys(options, OPTION_KEYS, 'option');
  const { fetch, auth, logger, userAgent, client } = options;
  if (fetch !== undefined && typeof fetch !== 'function') {
    throw new TypeError(`createHttpFetch: option "fetch" must be a function (got ${typeof fetch}).`);
  }
  if (
    auth !== undefined &&
    (typeof auth !== 'object' || auth === null || typeof auth.authenticate !== 'function')
  ) {
    throw new TypeError('createHttpFetch: option "auth" must be an AuthStrategy, e.g. bearerAuth(token).');
  }
  if (logger !== undefined && typeof logger !== 'function') {
    throw new TypeError(`createHttpFetch: option "logger" must be a function (got ${typeof logger}).`);
  }
  if (userAgent !== undefined && typeof userAgent !== 'string') {
    throw new TypeError(`createHttpFetch: option "userAgent" must be a string (got ${typeof userAgent}).`);
  }
  if (
    client !== undefined &&
    (typeof client !== 'object' ||
      client === null ||
      typeof client.name !== 'string' ||
      client.name === '' ||
      typeof client.version !== 'string')
  ) {
    throw new TypeError('createHttpFetch: option "client" must be { name: string; version: string }.');
  }
  return {
    fetch,
    retry: resolveRetry(options.retry, DEFAULT_RETRY),
    timeout: resolveTimeout(options.timeout, DEFAULT_TIMEOUT_MS),
    auth,
    logger,
    userAgent,
    client,
  };
}

/** Applies `withOverrides()`: retry fields override the current ones, `false` disables retries. */
export function applyOverrides(base: ResolvedOptions, overrides: Overrides): ResolvedOptions {
  assertObject(overrides, 'overrides');
  assertKnownKeys(overrides, OVERRIDE_KEYS, 'override');
  return {
    ...base,
    retry: resolveRetry(overrides.retry, base.retry === false ? DEFAULT_RETRY : base.retry, base.retry),
    timeout: resolveTimeout(overrides.timeout, base.timeout),
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
  assertKnownKeys(retry, RETRY_KEYS, 'retry option');
  const resolved = { ...fill, ...definedEntries(retry) };
  if (!Number.isInteger(resolved.maxRetries) || resolved.maxRetries < 0) {
    throw new TypeError(
      `createHttpFetch: retry option "maxRetries" must be a non-negative integer (got ${String(resolved.maxRetries)}).`,
    );
  }
  for (const key of ['initialDelayMs', 'maxDelayMs'] as const) {
    const value = resolved[key];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new TypeError(
        `createHttpFetch: retry option "${key}" must be a non-negative number of ms (got ${String(value)}).`,
      );
    }
  }
  if (typeof resolved.retryNonIdempotent !== 'boolean') {
    throw new TypeError('createHttpFetch: retry option "retryNonIdempotent" must be a boolean.');
  }
  return resolved;
}

function resolveTimeout(timeout: number | undefined, fallback: number): number {
  if (timeout === undefined) return fallback;
  if (typeof timeout !== 'number' || Number.isNaN(timeout) || timeout <= 0) {
    throw new TypeError(
      `createHttpFetch: option "timeout" must be a positive number of ms or Infinity (got ${String(timeout)}).`,
    );
  }
  return timeout;
}

function definedEntries(retry: RetryOptions): Partial<ResolvedRetryOptions> {
  return Object.fromEntries(Object.entries(retry).filter(([, value]) => value !== undefined));
}

function assertObject(value: unknown, name: string): asserts value is object {
  if (typeof value !== 'object' || value === null) {
    throw new TypeError(
      `createHttpFetch: "${name}" must be an object (got ${value === null ? 'null' : typeof value}).`,
    );
  }
}

// Catches typos such as `{ maxRetry: 3 }` that would otherwise be silently ignored.
function assertKnownKeys(value: object, known: ReadonlySet<string>, kind: string): void {
  for (const key of Object.keys(value)) {
    if (!known.has(key)) {
      throw new TypeError(
        `createHttpFetch: unknown ${kind} "${key}"; expected one of ${[...known].map((k) => `"${k}"`).join(', ')}.`,
      );
    }
  }
}

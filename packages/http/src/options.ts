import type { AuthStrategy } from './auth.js';
import { DEFAULT_RETRY, type ResolvedRetryOptions, type RetryOptions } from './retry.js';
import { type ClientInfo, isHeaderSafe } from './user-agent.js';
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

const OVERRIDE_KEYS: readonly string[] = [
  'retry',
  'timeout',
  'maxResponseBytes',
] satisfies (keyof Overrides)[];
const RETRY_KEYS = Object.keys(DEFAULT_RETRY) as (keyof ResolvedRetryOptions)[];

/** What a valid value of an option is: a test, and its description for the error message. */
export type Rule = readonly [test: (value: never) => boolean, expected: string];

// CR and LF would split the header, and Headers.set would throw a TypeError quoting the value.
export const HEADER_VALUE: Rule = [
  (value: unknown) => typeof value === 'string' && isHeaderSafe(value),
  'a string without control characters (CR, LF, NUL, …) or characters beyond Latin-1 (a header value)',
];
const FUNCTION: Rule = [(value: unknown) => typeof value === 'function', 'a function'];
const MS: Rule = [(value: number) => Number.isFinite(value) && value >= 0, 'a non-negative number of ms'];

// Every checked option, by the name an error gives it.
const RULES: Readonly<Record<string, Rule>> = {
  fetch: FUNCTION,
  logger: FUNCTION,
  auth: [
    (value: AuthStrategy | undefined) => typeof value?.authenticate === 'function',
    'an AuthStrategy, e.g. bearerAuth(token)',
  ],
  userAgent: HEADER_VALUE,
  client: [
    (value: ClientInfo | undefined) =>
      typeof value?.name === 'string' && value.name !== '' && typeof value.version === 'string',
    '{ name: string; version: string }',
  ],
  // Fetch refuses a URL with `user:password@` only at the first call, with a TypeError quoting it.
  baseUrl: [
    (value: string) =>
      /^(https?:)?\/\/(?![^/?#]*@)|^\/(?!\/)/i.test(value) && URL.canParse(value, 'http://h'),
    'an http(s) URL without user:password@, or a path on this origin',
  ],
  timeout: [
    (value: number) => typeof value === 'number' && value > 0,
    'a positive number of ms, or Infinity for none',
  ],
  maxResponseBytes: [
    (value: number) => value === Infinity || (Number.isSafeInteger(value) && value >= 0),
    'a non-negative integer number of bytes, or Infinity for no limit',
  ],
  'retry.maxRetries': [(value: number) => Number.isInteger(value) && value >= 0, 'a non-negative integer'],
  'retry.initialDelayMs': MS,
  'retry.maxDelayMs': MS,
  'retry.retryNonIdempotent': [(value: unknown) => typeof value === 'boolean', 'a boolean'],
};

// The options whose default is undefined are left out (reading them gives undefined all the same).
const DEFAULTS = {
  retry: DEFAULT_RETRY,
  timeout: DEFAULT_TIMEOUT_MS,
  maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES,
} as ResolvedOptions;
// Every option, in the order an unknown option's error lists them.
const OPTION_KEYS: readonly (keyof HttpOptions)[] = [
  'fetch',
  ...(OVERRIDE_KEYS as (keyof Overrides)[]),
  'auth',
  'logger',
  'userAgent',
  'client',
];

/**
 * Validates options and fills in the defaults. A bad option throws `ValidationError` whose `field`
 * names it (`timeout`, `retry.maxRetries`, …); the message never echoes a string value, which may
 * be a credential.
 */
export function resolveOptions(options: HttpOptions): ResolvedOptions {
  return resolve(options, DEFAULTS, OPTION_KEYS, 'options');
}

/** Applies `withOverrides()`: retry fields override the current ones, `false` disables retries. */
export function applyOverrides(base: ResolvedOptions, overrides: Overrides): ResolvedOptions {
  return resolve(overrides, base, OVERRIDE_KEYS, 'overrides');
}

/** `base` with every option of `keys` that `given` sets checked and put in (undefined: absent). */
function resolve(
  given: object,
  base: ResolvedOptions,
  keys: readonly string[],
  name: string,
): ResolvedOptions {
  checkKeys(given, keys, 'option', name);
  const resolved: Record<string, unknown> = { ...base };
  for (const key of keys) {
    const value: unknown = (given as Record<string, unknown>)[key];
    if (value === undefined) continue;
    resolved[key] =
      key === 'retry' ? resolveRetry(value as RetryOptions | false, base.retry) : checked(key, value);
  }
  return resolved as unknown as ResolvedOptions;
}

/** Retry fields over the current ones (the defaults when retries were off), or `false`. */
function resolveRetry(
  retry: RetryOptions | false,
  current: ResolvedRetryOptions | false,
): ResolvedRetryOptions | false {
  if (retry === false) return false;
  checkKeys(retry, RETRY_KEYS, 'option', 'retry', '', 'retry.');
  const resolved = { ...(current || DEFAULT_RETRY) };
  for (const key of RETRY_KEYS) {
    const value = checked(`retry.${key}`, retry[key]);
    if (value !== undefined) Object.assign(resolved, { [key]: value });
  }
  return resolved;
}

/**
 * `value` when it is undefined or passes the rule of `field`; otherwise a `ValidationError` for
 * `field`. Only a number is shown back; anything else is described by its type (it may be a
 * credential passed to the wrong option).
 */
export function checked<T>(field: string, value: T, rule = RULES[field] as Rule): T {
  const [test, expected] = rule;
  if (value === undefined || (test as (value: T) => boolean)(value)) return value;
  const got = typeof value === 'number' ? String(value) : value === null ? 'null' : typeof value;
  throw new ValidationError(field, `Option "${field}" must be ${expected} (got ${got}).`);
}

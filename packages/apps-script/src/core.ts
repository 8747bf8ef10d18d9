import { createApiError, type HttpFetch, ValidationError } from '@specbound/http';
import type { Client } from 'openapi-fetch';
import type { paths } from './generated/schema.js';
import type { CallOptions, NotModified, StandardParamName } from './types.js';

/** What every resource module needs from the client. */
export interface Context {
  readonly raw: Client<paths>;
  readonly http: HttpFetch;
  /** The fetch used by `scripts.run`: retries off, since running a function twice is not safe. */
  readonly runHttp: HttpFetch;
  readonly secrets: () => readonly string[];
}

/** The per-request fields handed to openapi-fetch. */
export interface RequestInitPart {
  fetch: (request: Request) => Promise<Response>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

interface FetchResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** A read: the data on 2XX, `{ notModified: true }` on 304, the typed `ApiError` otherwise. */
export function read<R extends FetchResult>(
  context: Context,
  options: CallOptions | undefined,
  send: (init: RequestInitPart) => Promise<R>,
): Promise<NonNullable<R['data']> | NotModified> {
  return perform(context, options, send, context.http, true) as Promise<NonNullable<R['data']> | NotModified>;
}

/** A write: the data on 2XX, the typed `ApiError` otherwise (a 304 included). */
export function write<R extends FetchResult>(
  context: Context,
  options: CallOptions | undefined,
  send: (init: RequestInitPart) => Promise<R>,
  base: HttpFetch = context.http,
): Promise<NonNullable<R['data']>> {
  return perform(context, options, send, base, false) as Promise<NonNullable<R['data']>>;
}

async function perform(
  context: Context,
  options: CallOptions | undefined,
  send: (init: RequestInitPart) => Promise<FetchResult>,
  base: HttpFetch,
  conditionalRead: boolean,
): Promise<unknown> {
  if (options !== undefined) assertCallOptions(options);
  const http =
    options?.retry !== undefined || options?.timeout !== undefined
      ? base.withOverrides({ retry: options.retry, timeout: options.timeout })
      : base;
  // Kept so an error can name the request it answers (a fake fetch's Response has no url).
  let sent: Request | undefined;
  const init: RequestInitPart = {
    fetch: (request) => {
      sent = request;
      return http(request);
    },
  };
  if (options?.signal !== undefined) init.signal = options.signal;
  if (options?.headers !== undefined) init.headers = options.headers;

  const { data, error, response } = await send(init);
  options?.onResponse?.(response);
  if (conditionalRead && response.status === 304) {
    return { notModified: true, etag: response.headers.get('ETag') ?? undefined } satisfies NotModified;
  }
  if (!response.ok) {
    throw createApiError({
      status: response.status,
      headers: response.headers,
      body: error,
      request: sent ?? { method: 'GET', url: response.url },
      secrets: context.secrets(),
    });
  }
  // Google answers 200 with a JSON body on every operation; `{}` stands in for an empty one.
  return data ?? {};
}

const CALL_OPTION_KEYS: ReadonlySet<string> = new Set([
  'signal',
  'retry',
  'timeout',
  'headers',
  'onResponse',
] satisfies (keyof CallOptions)[]);

// A misspelled option (`{ timeOut }` on a long `scripts.run`) would otherwise be ignored silently.
function assertCallOptions(options: CallOptions): void {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('The call options (second argument) must be an object.');
  }
  for (const key of Object.keys(options)) {
    if (!CALL_OPTION_KEYS.has(key)) {
      throw new TypeError(
        `Unknown call option "${key}"; expected one of ${[...CALL_OPTION_KEYS].map((k) => `"${k}"`).join(', ')}.`,
      );
    }
  }
}

/** Narrows a read result: `true` when the service answered 304 Not Modified. */
export function isNotModified(result: unknown): result is NotModified {
  return (
    typeof result === 'object' && result !== null && (result as Partial<NotModified>).notModified === true
  );
}

/** The `If-None-Match` header of a conditional read, or nothing. */
export function conditional(ifNoneMatch: string | undefined): { header?: { 'If-None-Match': string } } {
  return ifNoneMatch === undefined ? {} : { header: { 'If-None-Match': ifNoneMatch } };
}

// Google's standard query parameters, valid on every operation. A type test checks this list is
// exactly the spec's.
export const STANDARD_PARAMS = [
  '$.xgafv',
  'access_token',
  'alt',
  'callback',
  'fields',
  'key',
  'oauth_token',
  'prettyPrint',
  'quotaUser',
  'upload_protocol',
  'uploadType',
] as const satisfies readonly StandardParamName[];

const STANDARD = new Set<string>(STANDARD_PARAMS);

/**
 * Splits a write's flat parameters (path names already removed) into the standard query
 * parameters and the request body.
 */
export function splitBody<T extends object>(
  params: T,
): { query: Pick<T, Extract<keyof T, StandardParamName>>; body: Omit<T, StandardParamName> } {
  const query: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (STANDARD.has(key)) query[key] = value;
    else body[key] = value;
  }
  return { query, body } as {
    query: Pick<T, Extract<keyof T, StandardParamName>>;
    body: Omit<T, StandardParamName>;
  };
}

/** Refuses a `versionNumber` that is not an int32, before anything is sent. */
export function assertInt32(name: string, value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < -(2 ** 31) || value > 2 ** 31 - 1) {
    throw new ValidationError(name, `"${name}" must be a 32-bit integer, got ${String(value)}.`);
  }
}

import { type ApiError, createApiError } from './errors.js';
import type { HttpFetch } from './fetch.js';
import { checked, HEADER_VALUE } from './options.js';
import { parsedJson } from './parsed.js';
import type { Opened } from './read.js';
import type { RetryOptions } from './retry.js';
import { assertPathParam, checkKeys, ValidationError } from './validate.js';

/** Per-call settings: the optional last argument of every operation method of every client. */
export interface CallOptions {
  /** Aborts the call (it then rejects with `AbortError`). */
  signal?: AbortSignal | undefined;
  /** Retry settings for this call only, or `false` for a single attempt. */
  retry?: RetryOptions | false | undefined;
  /** Per-attempt timeout in ms for this call only. */
  timeout?: number | undefined;
  /** The largest response body read for this call only, in bytes. */
  maxResponseBytes?: number | undefined;
  /** Extra request headers. */
  headers?: Record<string, string> | undefined;
}

/** What an openapi-fetch call resolves to. */
export interface FetchResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** An openapi-fetch result with the request it answers (for an error's redacted `request`). */
export interface Answer extends FetchResult {
  request: Request | { method: string; url: string };
}

/** What `.withResponse()` resolves to: the data and the HTTP response (for ETag, rate limits…). */
export interface WithResponse<D> {
  data: D;
  response: Response;
}

/** `(params, options?)`, with `params` optional when nothing in it is required. */
export type Args<P> =
  Record<never, never> extends P ? [params?: P, options?: CallOptions] : [params: P, options?: CallOptions];

/** An operation method: `(params, options?) → data`, and `.withResponse()` → `{ data, response }`. */
export interface Method<P, D> {
  (...args: Args<P>): Promise<D>;
  withResponse(...args: Args<P>): Promise<WithResponse<D>>;
}

/** The per-call part of an openapi-fetch init. */
export interface CallInit {
  fetch: (request: Request) => Promise<Response>;
  parseAs?: 'text' | undefined;
  signal?: AbortSignal | undefined;
  headers?: Record<string, string> | undefined;
}

/** The structural part of an openapi-fetch client the plumbing uses (`client.request`). */
export interface RequestClient {
  // biome-ignore lint/suspicious/noExplicitAny: openapi-fetch's own signature is generic over the paths.
  request(method: any, url: any, init?: any): Promise<FetchResult>;
}

export type HttpVerb = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How one client calls: its openapi-fetch client, its runtime fetch and how it reads an answer. */
export interface Caller {
  raw: RequestClient;
  http: HttpFetch;
  /** The service's mapping of an answer to data, throwing the typed error otherwise. */
  decode: (answer: Answer, params: unknown) => unknown;
  /** `'text'` when the client parses bodies itself. */
  parseAs?: 'text' | undefined;
}

/** One operation of a client's operation table. */
export interface OperationSpec<P = never, D = unknown> {
  /** Rewrites the caller's params to wire names first (filter prefixes, `types[]`, …). */
  wire?: ((params: P) => Record<string, unknown>) | undefined;
  /** Params that are sent as query parameters although the verb has a body (Google's `fields`, …). */
  query?: ReadonlySet<string> | undefined;
  /** Params sent as headers: param name → header name. */
  header?: Readonly<Record<string, string>> | undefined;
  /** This operation's own reading of the answer (default: the caller's `decode`). */
  decode?: ((answer: Answer, params: P) => D) | undefined;
  /** This operation's runtime fetch (default: the caller's `http`). */
  http?: HttpFetch | undefined;
  /** Fields that must be non-empty strings (required query or body fields). */
  required?: readonly string[] | undefined;
  /** Other checks done before anything is sent (throw `ValidationError`). */
  check?: ((params: P) => void) | undefined;
}

const PATH_PARAM = /\{([^}]+)\}/g;
const CALL_OPTION_KEYS = ['signal', 'retry', 'timeout', 'maxResponseBytes', 'headers'];

/**
 * Defines an operation method from a row of a client's table: the verb and path template, and
 * the service's quirks. Path params fill the template, then the rest goes to the query (GET and
 * DELETE, or names in `spec.query`) or to the JSON body.
 */
export function operation<P, D>(
  caller: Caller,
  verb: HttpVerb,
  path: string,
  spec: OperationSpec<P, D> = {},
): Method<P, D> {
  const names = Array.from(path.matchAll(PATH_PARAM), (match) => match[1] as string);
  const hasBody = verb !== 'GET' && verb !== 'DELETE';
  return method<P, D>(
    caller,
    (params, init) => {
      for (const field of spec.required ?? []) requireText(field, (params as Record<string, unknown>)[field]);
      spec.check?.(params);
      const wire = spec.wire === undefined ? (params as Record<string, unknown>) : spec.wire(params);
      const pathValues: Record<string, unknown> = {};
      const query: Record<string, unknown> = {};
      const header: Record<string, string> = {};
      const body: Record<string, unknown> = {};
      for (const name of names) {
        assertPathParam(name, wire[name] as string);
        pathValues[name] = wire[name];
      }
      for (const key in wire) {
        const value = wire[key];
        const headerName = spec.header?.[key];
        if (value === undefined || names.includes(key)) continue;
        if (headerName !== undefined) header[headerName] = String(value);
        else if (!hasBody || spec.query?.has(key)) query[key] = value;
        else body[key] = value;
      }
      return caller.raw.request(verb, path, {
        params: { path: pathValues, query, header },
        ...(hasBody ? { body } : {}),
        ...init,
      });
    },
    spec,
  );
}

/**
 * Defines a method from a `send` function (for operations whose request is built by hand, such as
 * multipart uploads). Options are checked, per-call retry and timeout applied, the request kept
 * for the error, and the answer decoded.
 */
export function method<P, D>(
  caller: Caller,
  send: (params: P, init: CallInit) => Promise<FetchResult>,
  spec: Pick<OperationSpec<P, D>, 'decode' | 'http'> = {},
): Method<P, D> {
  const decode = (spec.decode ?? caller.decode) as (answer: Answer, params: P) => D;
  const base = spec.http ?? caller.http;
  const withResponse = async (params?: P, options?: CallOptions): Promise<WithResponse<D>> => {
    if (params !== undefined && (typeof params !== 'object' || params === null)) {
      throw new ValidationError(
        'params',
        `The first argument must be one params object, such as { projectId } (got ${params === null ? 'null' : typeof params}).`,
      );
    }
    const http = options === undefined ? base : overridden(base, options);
    let request: Request | undefined;
    // The body is read by openapi-fetch within the attempt, which ends once `send` is done.
    let opened: Opened | undefined;
    // openapi-fetch takes an undefined setting as an absent one.
    const init: CallInit = {
      fetch: async (sent) => {
        request = sent;
        opened = await http.open(sent);
        return opened.response;
      },
      parseAs: caller.parseAs,
      signal: options?.signal,
      headers: options?.headers,
    };
    const given = (params ?? {}) as P;
    let result: FetchResult;
    try {
      result = await send(given, init);
    } catch (error) {
      throw opened === undefined ? error : opened.done(error);
    }
    opened?.done();
    const { response } = result;
    const answer = { ...result, request: request ?? { method: 'UNKNOWN', url: response.url } };
    const data = decode(answer, given);
    return { data, response };
  };
  const call = async (params?: P, options?: CallOptions): Promise<D> =>
    (await withResponse(params, options)).data;
  return Object.assign(call, { withResponse }) as Method<P, D>;
}

function overridden(http: HttpFetch, options: CallOptions): HttpFetch {
  checkKeys(options, CALL_OPTION_KEYS, 'call option', 'options');
  for (const name in options.headers) checked(`headers.${name}`, options.headers[name], HEADER_VALUE);
  const { retry, timeout, maxResponseBytes } = options;
  // `false ?? …` is false: `retry: false` alone is an override too.
  return (retry ?? timeout ?? maxResponseBytes) === undefined
    ? http
    : http.withOverrides({ retry, timeout, maxResponseBytes });
}

/** Refuses a missing or blank string. */
export function requireText(field: string, value: unknown): void {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ValidationError(field, `"${field}" must be a non-empty string.`);
  }
}

// How much of a non-JSON body (a proxy's HTML error page, say) an error quotes.
const PREVIEW_CHARS = 200;

/**
 * The typed `ApiError` for an answer. `body` is kept only when `isServiceBody` recognises it as
 * the service's error body (so the error's `body` type holds); `message` overrides the one found
 * in the body.
 */
export function apiError(
  answer: Answer,
  body: unknown,
  secrets: readonly string[],
  isServiceBody: (body: unknown) => boolean,
  message?: string,
): ApiError {
  const { response } = answer;
  return createApiError({
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    body: isServiceBody(body) ? body : undefined,
    request: answer.request,
    secrets,
    message,
  });
}

/**
 * The answer's JSON body (undefined when empty), read with `parseAs: 'text'` and parsed once
 * here, so a 2xx HTML page becomes a clear error rather than a `SyntaxError`. A non-2xx status
 * throws the typed `ApiError`, with the body when it is the service's error body.
 */
export function jsonBody(
  answer: Answer,
  secrets: readonly string[],
  isServiceBody: (body: unknown) => boolean,
): unknown {
  const { response } = answer;
  // openapi-fetch tries JSON on error bodies itself; a string left means it was not JSON.
  const raw = response.ok ? answer.data : answer.error;
  let body = raw;
  let text = '';
  if (typeof raw === 'string') {
    body = undefined;
    text = raw;
    const parsed = parsedJson(response);
    if (parsed !== undefined) body = parsed.value;
    else if (raw.trim() !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        const preview = raw.replace(/\s+/g, ' ').trim().slice(0, PREVIEW_CHARS);
        const type = response.headers.get('content-type') ?? 'no content type';
        const message = `the answer is not JSON (${type}): ${JSON.stringify(preview)}`;
        throw apiError(answer, undefined, secrets, isServiceBody, message);
      }
    }
  }
  // A text with fewer brackets than the bound cannot nest deeper; an error body that openapi-fetch
  // parsed comes without its text and is walked (it is small). The brackets are counted with
  // indexOf: a split made a string per bracket, over a quarter of what a page of 50 processes
  // allocated over raw openapi-fetch (issue 21).
  let brackets = 0;
  for (const bracket of '[{') {
    for (let at = text.indexOf(bracket); at >= 0; at = text.indexOf(bracket, at + 1)) brackets++;
  }
  if ((text === '' || brackets > MAX_DEPTH) && deeper(body, MAX_DEPTH)) {
    throw apiError(answer, undefined, secrets, isServiceBody, `the answer nests over ${MAX_DEPTH} deep`);
  }
  if (!response.ok) throw apiError(answer, body, secrets, isServiceBody);
  return body;
}

// JSON.parse builds a value of any depth (V8 parses 100,000 nested arrays), but code that walks
// it recursively (redaction, JSON.stringify, structuredClone) then overflows the stack: an answer
// nesting arrays and objects deeper than this is refused with a typed error instead.
const MAX_DEPTH = 1000;

/** Whether `value` nests arrays and objects more than `left` deep (recursing at most that deep). */
const deeper = (value: unknown, left: number): boolean =>
  typeof value === 'object' &&
  value !== null &&
  (left === 0 || Object.values(value).some((item) => deeper(item, left - 1)));

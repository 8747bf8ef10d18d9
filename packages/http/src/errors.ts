import { redact, redactDeep, redactHeaders, redactUrl } from './redact.js';
import { parseRetryAfter } from './retry.js';

/** The redacted request an error refers to. The raw `Request` (with credentials) is never kept. */
export interface RedactedRequest {
  readonly method: string;
  readonly url: string;
}

/**
 * Base class of every error this package and the specbound clients throw. Errors are safe to render:
 * messages, `toJSON()` and own properties hold only redacted values. (Fields are `declare`d and
 * set by the constructors: the same own properties, without a second initialisation in the output.)
 */
export class SpecboundError extends Error {
  /**
   * Name, message and every own field (all redacted, by the rule above), so `JSON.stringify(error)`
   * never includes credentials and a subclass's fields need no code of their own. Headers (which
   * serialise as `{}`) are left out; a cause is reduced to its name and message.
   */
  toJSON(): Record<string, unknown> {
    const json: Record<string, unknown> = { name: this.name, message: this.message };
    for (const [key, value] of Object.entries(this)) {
      if (!(value instanceof Headers)) json[key] = value;
    }
    // The name and message of an (already redacted) cause: its stack and own fields stay out of JSON.
    const { cause } = this;
    if (cause !== undefined) {
      json.cause = cause instanceof Error ? { name: cause.name, message: cause.message } : undefined;
    }
    return json;
  }
}

export interface ApiErrorInit {
  status: number;
  headers: Headers;
  body: unknown;
  requestId: string | undefined;
  request: RedactedRequest;
  message: string;
}

/** A non-2xx response (or a 2xx one the service marks as failed). Pick the class with `createApiError`. */
export class ApiError extends SpecboundError {
  declare readonly status: number;
  /**
   * A copy of the response headers with secrets redacted (a server may echo a credential back)
   * and credential-like headers (`authorization`, `x-api-key`, `set-cookie`, …) masked.
   */
  declare readonly headers: Headers;
  /** The parsed response body, with any known secret redacted. */
  declare readonly body: unknown;
  declare readonly requestId: string | undefined;
  declare readonly request: RedactedRequest;

  constructor(init: ApiErrorInit) {
    const { message, ...fields } = init;
    super(message);
    // status, headers, body, requestId and request, in the order `createApiError` gives them.
    Object.assign(this, fields);
  }
}

export class BadRequestError extends ApiError {}
export class AuthenticationError extends ApiError {}
export class PermissionDeniedError extends ApiError {}
export class NotFoundError extends ApiError {}
export class ConflictError extends ApiError {}
export class UnprocessableEntityError extends ApiError {}
export class RateLimitError extends ApiError {
  /** The wait the server asked for (`retry-after-ms` / `Retry-After`), when it said. */
  declare readonly retryAfterMs: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init);
    this.retryAfterMs = parseRetryAfter(init.headers);
  }
}
export class InternalServerError extends ApiError {}

export interface TransportErrorOptions {
  request: RedactedRequest;
  cause?: unknown;
}

/** The request never got a response: DNS, refused or reset connection, TLS, … */
export class ConnectionError extends SpecboundError {
  declare readonly request: RedactedRequest;

  /** `cause` must already be redacted (see `safeCause`). */
  constructor(message: string, options: TransportErrorOptions) {
    super(message, 'cause' in options ? { cause: options.cause } : undefined);
    this.request = options.request;
  }
}

/** An attempt got no response within the timeout. */
export class TimeoutError extends ConnectionError {}

/** The caller aborted the request through its `AbortSignal`. Never retried. */
export class AbortError extends SpecboundError {}

export interface ResponseTooLargeErrorOptions {
  request: RedactedRequest;
  status: number;
  /** The limit that was exceeded, in bytes. */
  limit: number;
}

/**
 * The response body is larger than `maxResponseBytes` (after decompression). Detected from
 * `Content-Length` or while streaming; at most the limit is ever buffered. Never retried.
 */
export class ResponseTooLargeError extends SpecboundError {
  declare readonly request: RedactedRequest;
  /** The status of the response whose body was refused. */
  declare readonly status: number;
  declare readonly limit: number;

  constructor(message: string, options: ResponseTooLargeErrorOptions) {
    super(message);
    Object.assign(this, options);
  }
}

/**
 * Credentials could not be obtained or used: a token provider (or a custom auth strategy) failed,
 * returned nothing, or returned a value that cannot be sent. `cause` is a redacted copy of the
 * provider's error. Nothing was sent.
 */
export class CredentialsError extends SpecboundError {}

type ApiErrorClass = new (init: ApiErrorInit) => ApiError;

const CLASS_BY_STATUS: Readonly<Record<number, ApiErrorClass>> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

export interface CreateApiErrorInit {
  status: number;
  /**
   * The response's reason phrase (`statusText`), which follows the status in the message. HTTP/1.1
   * servers send one; HTTP/2 and HTTP/3 have none, and the message then starts with the bare code.
   */
  statusText?: string | undefined;
  headers: Headers;
  body: unknown;
  request: Request | { method: string; url: string };
  /** The service's own message; when absent, `message` or `error.message` of the body is used. */
  message?: string | undefined;
  /** Values to redact, typically `auth.secrets()`. */
  secrets?: readonly string[];
}

/** Builds the `ApiError` subclass that matches the status, with everything redacted. */
export function createApiError(init: CreateApiErrorInit): ApiError {
  const secrets = init.secrets ?? [];
  const ErrorClass = CLASS_BY_STATUS[init.status] ?? (init.status >= 500 ? InternalServerError : ApiError);
  const head = init.statusText ? `${init.status} ${init.statusText}` : String(init.status);
  const serviceMessage = init.message ?? messageFromBody(init.body);
  const message = serviceMessage ? `${head}: ${serviceMessage}` : head;
  // The first non-empty request id header.
  const { headers } = init;
  const requestId =
    headers.get('x-request-id') || headers.get('x-goog-request-id') || headers.get('request-id') || undefined;
  return new ErrorClass({
    status: init.status,
    headers: redactHeaders(headers, secrets),
    body: redactDeep(init.body, secrets),
    requestId: requestId && redact(requestId, secrets),
    request: redactRequest(init.request, secrets),
    // A service may quote the request's URL, with a key the runtime was not told about.
    message: redactUrl(message, secrets),
  });
}

export function redactRequest(
  request: Request | { method: string; url: string },
  secrets: readonly string[],
): RedactedRequest {
  return { method: request.method, url: redactUrl(request.url, secrets) };
}

// Google (`{error:{message}}`) and BugSmash (`{message}`) both carry a readable message.
function messageFromBody(body: unknown): string | undefined {
  const found = body as { message?: unknown; error?: { message?: unknown } } | null | undefined;
  return textOf(found?.message) ?? textOf(found?.error?.message);
}

const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * A redacted stand-in for an error caught from `fetch`: its name, message, stack, `code` and
 * cause chain with every secret (and credential-like query value) removed. Undici's messages and
 * causes can contain the full URL, including an API key passed as a query parameter.
 */
export function safeCause(error: unknown, secrets: readonly string[], depth = 0): Error {
  if (!(error instanceof Error)) return new Error(redactUrl(String(error), secrets));
  const copy = new Error(
    redactUrl(error.message, secrets),
    error.cause !== undefined && depth < 5
      ? { cause: safeCause(error.cause, secrets, depth + 1) }
      : undefined,
  );
  hide(copy, 'name', error.name);
  if (error.stack !== undefined) hide(copy, 'stack', redactUrl(error.stack, secrets));
  const code: unknown = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') Object.assign(copy, { code });
  return copy;
}

/**
 * Gives an error class its `name`. Names live on the prototype (not as own fields) so they
 * survive minification and do not clutter `util.inspect` output.
 */
export function nameErrorClass(target: { prototype: Error }, name: string): void {
  hide(target.prototype, 'name', name);
}

// A writable, non-enumerable property, as the platform's own `name` and `stack` are.
function hide(target: object, key: string, value: string): void {
  Object.defineProperty(target, key, { value, configurable: true, writable: true });
}

// Shorthand properties: each class's key is its name.
for (const [name, target] of Object.entries({
  SpecboundError,
  ApiError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  UnprocessableEntityError,
  RateLimitError,
  InternalServerError,
  ConnectionError,
  TimeoutError,
  AbortError,
  ResponseTooLargeError,
  CredentialsError,
})) {
  nameErrorClass(target, name);
}

import { STATUS_CODES } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  createApiError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  SpecboundError,
  safeCause,
  TimeoutError,
  UnprocessableEntityError,
} from '../src/errors.js';

const request = { method: 'GET', url: 'https://script.googleapis.com/v1/projects/p1' };

// As an HTTP/1.1 server answers: with Node's reason phrase for the status.
function make(status: number, headers: Record<string, string> = {}, body: unknown = null): ApiError {
  return createApiError({
    status,
    statusText: STATUS_CODES[status],
    headers: new Headers(headers),
    body,
    request,
  });
}

describe('createApiError', () => {
  it.each([
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [503, InternalServerError],
    [599, InternalServerError],
  ])('maps %i to its class', (status, ErrorClass) => {
    const error = make(status);
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(SpecboundError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(ErrorClass.name);
    expect(error.status).toBe(status);
  });

  it.each([200, 304, 405, 408, 410, 418])('maps %i to a plain ApiError', (status) => {
    const error = make(status);
    expect(error.constructor).toBe(ApiError);
    expect(error.name).toBe('ApiError');
  });

  it('writes status, reason phrase and the service message', () => {
    const error = createApiError({
      status: 404,
      statusText: 'Not Found',
      headers: new Headers(),
      body: {},
      request,
      message: 'Requested entity was not found.',
    });
    expect(error.message).toBe('404 Not Found: Requested entity was not found.');
    expect(String(error)).toBe('NotFoundError: 404 Not Found: Requested entity was not found.');
    expect(make(418).message).toBe("418 I'm a Teapot");
    expect(make(500).message).toBe('500 Internal Server Error');
  });

  it('starts with the bare status when the response has no reason phrase (HTTP/2 and HTTP/3)', () => {
    const error = createApiError({
      status: 404,
      statusText: '',
      headers: new Headers(),
      body: { error: { code: 404, message: 'Requested entity was not found.' } },
      request,
    });
    expect(error.message).toBe('404: Requested entity was not found.');
    expect(error).toBeInstanceOf(NotFoundError);
    expect(createApiError({ status: 503, headers: new Headers(), body: null, request }).message).toBe('503');
  });

  it('falls back to the message of a Google or BugSmash error body', () => {
    const google = {
      error: { code: 403, message: 'The caller does not have permission', status: 'PERMISSION_DENIED' },
    };
    expect(make(403, {}, google).message).toBe('403 Forbidden: The caller does not have permission');
    expect(make(401, {}, { status: false, message: 'Invalid API key' }).message).toBe(
      '401 Unauthorized: Invalid API key',
    );
  });

  it('keeps status, headers, body and the redacted request', () => {
    const headers = new Headers({ 'content-type': 'application/json' });
    const error = createApiError({
      status: 400,
      headers,
      body: { error: 'x' },
      request: new Request('https://x.test/v1/a?key=K&pageSize=5', { method: 'POST', body: 'payload' }),
    });
    expect([...error.headers]).toEqual([...headers]);
    expect(error.body).toEqual({ error: 'x' });
    expect(error.request).toEqual({ method: 'POST', url: 'https://x.test/v1/a?key=[REDACTED]&pageSize=5' });
    expect(Object.values(error).some((value) => value instanceof Request)).toBe(false);
  });

  it.each([
    ['x-request-id', 'r-1'],
    ['x-goog-request-id', 'g-2'],
    ['request-id', 'b-3'],
  ])('reads the request id from %s', (header, value) => {
    expect(make(500, { [header]: value }).requestId).toBe(value);
  });

  it('prefers x-request-id and leaves requestId undefined without one', () => {
    expect(make(500, { 'request-id': 'b', 'x-request-id': 'a' }).requestId).toBe('a');
    expect(make(500).requestId).toBeUndefined();
  });

  it('parses retryAfterMs of a RateLimitError', () => {
    const limited = make(429, { 'retry-after': '7' });
    expect(limited).toBeInstanceOf(RateLimitError);
    expect((limited as RateLimitError).retryAfterMs).toBe(7000);
    expect((make(429, { 'retry-after-ms': '40' }) as RateLimitError).retryAfterMs).toBe(40);
    expect((make(429) as RateLimitError).retryAfterMs).toBeUndefined();
  });

  it('redacts the given secrets from message, body and URL', () => {
    const error = createApiError({
      status: 400,
      statusText: 'Bad Request',
      headers: new Headers(),
      body: { message: 'key s3cret-key is invalid' },
      request: { method: 'GET', url: 'https://x.test/a?k=s3cret-key' },
      secrets: ['s3cret-key'],
    });
    expect(error.message).toBe('400 Bad Request: key [REDACTED] is invalid');
    expect(error.body).toEqual({ message: 'key [REDACTED] is invalid' });
    expect(error.request.url).toBe('https://x.test/a?k=[REDACTED]');
  });

  it('serialises only safe fields', () => {
    const error = make(429, { 'retry-after': '1', 'x-request-id': 'rid' }, { message: 'slow down' });
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'RateLimitError',
      message: '429 Too Many Requests: slow down',
      status: 429,
      requestId: 'rid',
      request,
      body: { message: 'slow down' },
      retryAfterMs: 1000,
    });
  });
});

describe('transport errors', () => {
  const redacted = { method: 'GET', url: 'https://x.test/' };

  it('form a hierarchy: TimeoutError is a ConnectionError, AbortError is not', () => {
    const timeout = new TimeoutError('timed out', { request: redacted });
    expect(timeout).toBeInstanceOf(ConnectionError);
    expect(timeout.name).toBe('TimeoutError');
    const abort = new AbortError('aborted');
    expect(abort).toBeInstanceOf(SpecboundError);
    expect(abort).not.toBeInstanceOf(ConnectionError);
    expect(abort.name).toBe('AbortError');
  });

  it('ConnectionError keeps its cause and request, and serialises the cause safely', () => {
    const cause = new TypeError('fetch failed');
    const error = new ConnectionError('GET https://x.test/ failed: fetch failed', {
      request: redacted,
      cause,
    });
    expect(error.cause).toBe(cause);
    expect(error.request).toBe(redacted);
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'ConnectionError',
      message: 'GET https://x.test/ failed: fetch failed',
      request: redacted,
      cause: { name: 'TypeError', message: 'fetch failed' },
    });
  });
});

describe('safeCause', () => {
  it('copies name, message, code and cause chain with secrets removed', () => {
    const inner = Object.assign(new Error('connect ECONNREFUSED https://x.test/?key=abc'), {
      code: 'ECONNREFUSED',
    });
    const outer = new TypeError('fetch failed for token S3CR3T', { cause: inner });
    const safe = safeCause(outer, ['S3CR3T']);
    expect(safe.name).toBe('TypeError');
    expect(safe.message).toBe('fetch failed for token [REDACTED]');
    expect(safe.stack).toContain('fetch failed for token [REDACTED]');
    expect(safe.stack).not.toContain('S3CR3T');
    const safeInner = safe.cause as Error & { code?: string };
    expect(safeInner.message).toBe('connect ECONNREFUSED https://x.test/?key=[REDACTED]');
    expect(safeInner.code).toBe('ECONNREFUSED');
  });

  it('turns a non-Error into an Error', () => {
    expect(safeCause('boom', []).message).toBe('boom');
  });
});

describe('createApiError with a URL in the service message', () => {
  it('masks a credential-like query value the runtime was not told about', () => {
    const error = createApiError({
      status: 401,
      headers: new Headers(),
      body: null,
      message: 'Invalid key for https://api.bugsmash.io/api/v2/projects?api_key=K-unknown-1&page=2',
      request: { method: 'GET', url: 'https://api.bugsmash.io/api/v2/projects?api_key=K-unknown-1&page=2' },
    });
    expect(error.message).toBe(
      '401: Invalid key for https://api.bugsmash.io/api/v2/projects?api_key=[REDACTED]&page=2',
    );
    expect(error.request.url).toBe('https://api.bugsmash.io/api/v2/projects?api_key=[REDACTED]&page=2');
  });
});

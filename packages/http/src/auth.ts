import { SpecboundError } from './errors.js';

/** How requests are authenticated; plugged in once through `HttpOptions.auth`. */
export interface AuthStrategy {
  /** Called once per attempt, on a request the strategy may modify or replace. */
  authenticate(request: Request): Promise<Request> | Request;
  /** The credential values in use, so errors and logs can redact them. */
  readonly secrets: () => readonly string[];
}

/** A token, or what a provider such as google-auth-library's `getAccessToken()` resolves to. */
export type TokenResult = string | { token?: string | null | undefined };
export type TokenProvider = () => TokenResult | Promise<TokenResult>;

// Tokens from a provider rotate; remember the last few so that an error raised after a refresh
// still redacts the token that was sent.
const REMEMBERED_TOKENS = 8;

/** `Authorization: Bearer <token>`, from a fixed token or a provider called for every attempt. */
export function bearerAuth(token: string | TokenProvider): AuthStrategy {
  if (typeof token === 'string') {
    assertCredential('bearerAuth', 'token', token);
    return {
      authenticate: (request) => withHeader(request, 'Authorization', `Bearer ${token}`),
      secrets: () => [token],
    };
  }
  if (typeof token !== 'function') {
    throw new TypeError(
      `bearerAuth: "token" must be a string or a function returning one (got ${describe(token)}).`,
    );
  }
  const seen: string[] = [];
  return {
    async authenticate(request) {
      const value = tokenOf(await token());
      if (!seen.includes(value)) {
        seen.push(value);
        if (seen.length > REMEMBERED_TOKENS) seen.shift();
      }
      return withHeader(request, 'Authorization', `Bearer ${value}`);
    },
    secrets: () => [...seen],
  };
}

/** Sends the key in a header, e.g. `apiKeyHeader('X-API-Key', key)`. */
export function apiKeyHeader(headerName: string, key: string): AuthStrategy {
  assertCredential('apiKeyHeader', 'headerName', headerName);
  assertCredential('apiKeyHeader', 'key', key);
  return {
    authenticate: (request) => withHeader(request, headerName, key),
    secrets: () => [key],
  };
}

/** Sends the key as a query parameter, e.g. `apiKeyQuery('key', key)` for Google APIs. */
export function apiKeyQuery(paramName: string, key: string): AuthStrategy {
  assertCredential('apiKeyQuery', 'paramName', paramName);
  assertCredential('apiKeyQuery', 'key', key);
  return {
    async authenticate(request) {
      const url = new URL(request.url);
      url.searchParams.set(paramName, key);
      // A Request's URL is read-only: rebuild it. The body is buffered rather than passed as a
      // stream, since streaming request bodies need `duplex: 'half'` and most browsers lack them.
      return new Request(url, {
        method: request.method,
        headers: request.headers,
        body: request.body === null ? null : await request.arrayBuffer(),
        signal: request.signal,
        redirect: request.redirect,
        credentials: request.credentials,
        cache: request.cache,
        integrity: request.integrity,
        keepalive: request.keepalive,
        referrerPolicy: request.referrerPolicy,
      });
    },
    secrets: () => [key],
  };
}

function tokenOf(result: TokenResult): string {
  const value = typeof result === 'string' ? result : result?.token;
  if (typeof value !== 'string' || value === '') {
    throw new SpecboundError('bearerAuth: the token provider returned no token; check its credentials.');
  }
  return value;
}

function withHeader(request: Request, name: string, value: string): Request {
  request.headers.set(name, value);
  return request;
}

function assertCredential(factory: string, name: string, value: unknown): void {
  if (typeof value !== 'string' || value === '') {
    throw new TypeError(`${factory}: "${name}" must be a non-empty string (got ${describe(value)}).`);
  }
}

// Describes a bad argument without echoing it: it may be a credential.
function describe(value: unknown): string {
  if (value === '') return 'an empty string';
  return value === null ? 'null' : typeof value;
}

import { CredentialsError } from './errors.js';
import { hasControlCharacter, isHeaderSafe } from './user-agent.js';
import { ValidationError } from './validate.js';

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
    assertCredential('bearerAuth', 'token', token, true);
    return {
      authenticate: (request) => withHeader(request, 'Authorization', `Bearer ${token}`),
      secrets: () => [token],
    };
  }
  if (typeof token !== 'function') {
    throw new ValidationError(
      'token',
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
  assertCredential('apiKeyHeader', 'headerName', headerName, true);
  if (!HEADER_NAME.test(headerName)) {
    throw new ValidationError(
      'headerName',
      'apiKeyHeader: "headerName" must be a header name (letters, digits and !#$%&\'*+-.^_`|~).',
    );
  }
  assertCredential('apiKeyHeader', 'key', key, true);
  return {
    authenticate: (request) => withHeader(request, headerName, key),
    secrets: () => [key],
  };
}

/** Sends the key as a query parameter, e.g. `apiKeyQuery('key', key)` for Google APIs. */
export function apiKeyQuery(paramName: string, key: string): AuthStrategy {
  // A query value is percent-encoded, so only control characters are refused.
  assertCredential('apiKeyQuery', 'paramName', paramName, false);
  assertCredential('apiKeyQuery', 'key', key, false);
  return {
    authenticate(request) {
      const url = new URL(request.url);
      url.searchParams.set(paramName, key);
      return rebuild(request, url);
    },
    secrets: () => [key],
  };
}

// A Request's URL is read-only: rebuild it, with every setting the request has (its attributes,
// which `for…in` lists, are a RequestInit's members). The body is buffered rather than passed as a
// stream, since streaming request bodies need `duplex: 'half'` and most browsers lack them.
async function rebuild(request: Request, url: URL): Promise<Request> {
  const init: Record<string, unknown> = {};
  for (const key in request) init[key] = request[key as keyof Request];
  init.body = request.body === null ? null : await request.arrayBuffer();
  return new Request(url, init);
}

function tokenOf(result: TokenResult): string {
  const value = typeof result === 'string' ? result : result?.token;
  if (typeof value !== 'string' || value === '') {
    throw new CredentialsError('bearerAuth: the token provider returned no token; check its credentials.');
  }
  // Headers.set would refuse it with a TypeError that quotes the token.
  if (!isHeaderSafe(value)) {
    throw new CredentialsError(
      'bearerAuth: the token provider returned a token with control characters (CR, LF, NUL, …) or characters beyond Latin-1; check its credentials.',
    );
  }
  return value;
}

function withHeader(request: Request, name: string, value: string): Request {
  request.headers.set(name, value);
  return request;
}

// RFC 9110 token.
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Refuses a credential that is not a non-empty string, or that cannot be sent: CR, LF or NUL would
 * make `Headers.set` throw a `TypeError` quoting the value, at the first request. The error names
 * the parameter and never the value.
 */
function assertCredential(factory: string, name: string, value: unknown, inHeader: boolean): void {
  if (typeof value !== 'string' || value === '') {
    throw new ValidationError(
      name,
      `${factory}: "${name}" must be a non-empty string (got ${describe(value)}).`,
    );
  }
  if (inHeader ? !isHeaderSafe(value) : hasControlCharacter(value)) {
    throw new ValidationError(
      name,
      `${factory}: "${name}" must not contain control characters (CR, LF, NUL, …)${inHeader ? ' or characters beyond Latin-1' : ''}; check for a stray newline where the value was read.`,
    );
  }
}

// Describes a bad argument without echoing it: it may be a credential.
function describe(value: unknown): string {
  if (value === '') return 'an empty string';
  return value === null ? 'null' : typeof value;
}

// Google's OAuth 2.0 endpoints, and how tests, the emulator or a proxy replace them.
import { UsageError } from '../errors.js';

export interface GoogleOAuthEndpoints {
  /** Where the browser is sent to sign in and consent. */
  auth: string;
  /** Code exchange, refresh and JWT-bearer grants. */
  token: string;
  /** Revocation of a refresh or access token (RFC 7009). */
  revoke: string;
  /** What Google knows about an access token: scopes, expiry, e-mail. */
  tokenInfo: string;
}

/** The real endpoints. The JWT `aud` of a service account's assertion is always GOOGLE_TOKEN_URL. */
const GOOGLE_AUTH_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const GOOGLE_ENDPOINTS: Readonly<GoogleOAuthEndpoints> = {
  auth: GOOGLE_AUTH_URL,
  token: GOOGLE_TOKEN_URL,
  revoke: 'https://oauth2.googleapis.com/revoke',
  tokenInfo: 'https://oauth2.googleapis.com/tokeninfo',
};

/**
 * The endpoints in force: explicit options first, then `SPECBOUND_GOOGLE_TOKEN_URL` and
 * `SPECBOUND_GOOGLE_AUTH_URL`, then Google's. When only the token URL is replaced, `revoke` and
 * `tokeninfo` are taken as its siblings (as Google lays them out: `…/token`, `…/revoke`, `…/tokeninfo`),
 * so one variable points every server-to-server call at the emulator or a test server.
 */
export function resolveEndpoints(
  env: Record<string, string | undefined>,
  overrides: Partial<GoogleOAuthEndpoints> = {},
): GoogleOAuthEndpoints {
  const token = checkUrl(
    'SPECBOUND_GOOGLE_TOKEN_URL',
    overrides.token ?? nonEmpty(env.SPECBOUND_GOOGLE_TOKEN_URL),
  );
  const auth = checkUrl(
    'SPECBOUND_GOOGLE_AUTH_URL',
    overrides.auth ?? nonEmpty(env.SPECBOUND_GOOGLE_AUTH_URL),
  );
  return {
    auth: auth ?? GOOGLE_ENDPOINTS.auth,
    token: token ?? GOOGLE_ENDPOINTS.token,
    revoke: overrides.revoke ?? (token === undefined ? GOOGLE_ENDPOINTS.revoke : sibling(token, 'revoke')),
    tokenInfo:
      overrides.tokenInfo ?? (token === undefined ? GOOGLE_ENDPOINTS.tokenInfo : sibling(token, 'tokeninfo')),
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function checkUrl(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${name}: "${value}" is not a URL.`, {
      hint: `Set ${name} to an absolute http(s) URL, or unset it to use Google's.`,
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${name}: only http and https URLs are supported (got ${url.protocol}).`, {
      hint: `Set ${name} to an absolute http(s) URL, or unset it to use Google's.`,
    });
  }
  return value;
}

function sibling(url: string, name: string): string {
  return new URL(name, url).toString();
}

/**
 * A `fetch` that sends requests for Google's token endpoint to `tokenUrl` instead. google-auth-library
 * lets an OAuth2Client's endpoints be replaced, but its service-account (JWT) client posts to the
 * hard-wired Google URL; this is how that grant reaches a test server or the emulator.
 */
export function redirectingFetch(tokenUrl: string, base: typeof fetch = fetch): typeof fetch {
  if (tokenUrl === GOOGLE_TOKEN_URL) return base;
  return (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url === GOOGLE_TOKEN_URL) {
      return input instanceof Request ? base(new Request(tokenUrl, input), init) : base(tokenUrl, init);
    }
    return base(input, init);
  };
}

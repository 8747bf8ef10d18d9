// Everything that talks to Google's token endpoint goes through google-auth-library, imported here
// on first use only (it and gaxios take ~100 ms to load; `specbound --help` must not pay for them).
// Its errors carry the request (refresh token, assertion, client secret) in `config`: they are
// turned into ToolsErrors with the server's own error code and description, and never kept as `cause`.
import type { Credentials, JWT, OAuth2Client } from 'google-auth-library';
import { AuthRequiredError, ToolsError, type ToolsErrorOptions } from '../errors.js';
import { type GoogleOAuthEndpoints, redirectingFetch } from './endpoints.js';

type GoogleAuthLibrary = typeof import('google-auth-library');
let library: Promise<GoogleAuthLibrary> | undefined;

function load(): Promise<GoogleAuthLibrary> {
  library ??= import('google-auth-library');
  return library;
}

/** What went wrong at the token endpoint, and where the user goes from there. */
export interface TokenErrorContext {
  /** e.g. 'the stored login (profile "default")' */
  what: string;
  /**
   * When Google refuses the credentials (invalid_grant and the like): what to do next, in words that
   * hold for any caller (`hint`), or a `code` and `details` the CLI words with its own commands.
   */
  refused: Pick<ToolsErrorOptions, 'hint' | 'code' | 'details'>;
  /** The hint when a service account may not act for the user (delegation not set up). */
  delegationHint?: string;
  endpoints: GoogleOAuthEndpoints;
}

export interface OAuthClientId {
  clientId: string;
  clientSecret: string;
}

export interface RefreshingClientOptions extends OAuthClientId {
  refreshToken: string;
  accessToken?: string | undefined;
  expiryDate?: number | undefined;
  endpoints: GoogleOAuthEndpoints;
  fetch?: typeof fetch | undefined;
}

export async function createRefreshingClient(options: RefreshingClientOptions): Promise<OAuth2Client> {
  const { OAuth2Client } = await load();
  const client = new OAuth2Client({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    endpoints: { oauth2TokenUrl: options.endpoints.token, oauth2RevokeUrl: options.endpoints.revoke },
    ...transporter(options.fetch),
  });
  const credentials: Credentials = { refresh_token: options.refreshToken };
  if (options.accessToken !== undefined && options.expiryDate !== undefined) {
    credentials.access_token = options.accessToken;
    credentials.expiry_date = options.expiryDate;
  }
  client.setCredentials(credentials);
  return client;
}

export interface DelegatedClientOptions {
  clientEmail: string;
  privateKey: string;
  privateKeyId?: string | undefined;
  subject: string;
  scopes: readonly string[];
  endpoints: GoogleOAuthEndpoints;
  fetch?: typeof fetch | undefined;
}

/** A service account acting for `subject` (domain-wide delegation): the JWT-bearer grant with `sub`. */
export async function createDelegatedClient(options: DelegatedClientOptions): Promise<JWT> {
  const { JWT } = await load();
  return new JWT({
    email: options.clientEmail,
    key: options.privateKey,
    ...(options.privateKeyId === undefined ? {} : { keyId: options.privateKeyId }),
    subject: options.subject,
    scopes: [...options.scopes],
    // The JWT client posts to Google's fixed token URL; the fetch sends it to the configured one.
    transporterOptions: { fetchImplementation: redirectingFetch(options.endpoints.token, options.fetch) },
  });
}

function transporter(fetchImpl: typeof fetch | undefined) {
  return fetchImpl === undefined ? {} : { transporterOptions: { fetchImplementation: fetchImpl } };
}

/** An access token from a client (cached until 5 minutes before expiry, then refreshed). */
export async function accessTokenOf(client: OAuth2Client, context: TokenErrorContext): Promise<string> {
  let token: string | null | undefined;
  try {
    ({ token } = await client.getAccessToken());
  } catch (error) {
    throw tokenError(error, context);
  }
  if (typeof token !== 'string' || token === '') {
    throw new AuthRequiredError(
      `The token endpoint gave no access token for ${context.what}.`,
      context.refused,
    );
  }
  return token;
}

export interface CodeExchange extends OAuthClientId {
  code: string;
  codeVerifier: string;
  redirectUri: string;
  endpoints: GoogleOAuthEndpoints;
  fetch?: typeof fetch | undefined;
}

/** The authorization-code grant with the PKCE verifier. */
export async function exchangeCode(options: CodeExchange): Promise<Credentials> {
  const { OAuth2Client } = await load();
  const client = new OAuth2Client({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    redirectUri: options.redirectUri,
    endpoints: { oauth2TokenUrl: options.endpoints.token },
    ...transporter(options.fetch),
  });
  try {
    const { tokens } = await client.getToken({ code: options.code, codeVerifier: options.codeVerifier });
    return tokens;
  } catch (error) {
    throw tokenError(error, {
      what: 'the sign-in',
      refused: { code: 'login-code-refused' },
      endpoints: options.endpoints,
    });
  }
}

/** Turns a google-auth-library/gaxios failure into a ToolsError that carries no credential. */
export function tokenError(error: unknown, context: TokenErrorContext): ToolsError {
  const response = (error as { response?: { status?: number; data?: unknown } } | null)?.response;
  if (response === undefined) {
    return new ToolsError(
      `Could not reach the token endpoint ${context.endpoints.token} for ${context.what}: ${networkReason(error)}.`,
      {
        hint: 'Check the network (or SPECBOUND_GOOGLE_TOKEN_URL if you point it at an emulator or proxy), then try again.',
      },
    );
  }
  const data = (typeof response.data === 'object' && response.data !== null ? response.data : {}) as {
    error?: unknown;
    error_description?: unknown;
  };
  const code = typeof data.error === 'string' ? data.error : `HTTP ${response.status ?? '?'}`;
  const description = typeof data.error_description === 'string' ? ` (${data.error_description})` : '';
  const message = `Google refused ${context.what}: ${code}${description}.`;
  if (code === 'unauthorized_client' && context.delegationHint !== undefined) {
    return new AuthRequiredError(message, { hint: context.delegationHint });
  }
  if (response.status !== undefined && response.status >= 500) {
    return new ToolsError(message, { hint: 'The token endpoint failed; try again in a moment.' });
  }
  return new AuthRequiredError(message, context.refused);
}

function networkReason(error: unknown): string {
  // gaxios wraps fetch's TypeError('fetch failed'), whose cause has the system error code.
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return 'no response';
}

// Which Google credentials a command uses, in this order:
//   1. SPECBOUND_GOOGLE_TOKEN: an access token, used as is;
//   2. SPECBOUND_GOOGLE_CREDENTIALS (the JSON itself) or the file GOOGLE_APPLICATION_CREDENTIALS names:
//      `authorized_user` (refreshed through google-auth-library) or `service_account` acting for
//      `impersonate` by domain-wide delegation (the Apps Script API refuses the service account's own tokens);
//   3. the stored login of the profile (`specbound login`).
// This module loads no Google code: google-auth-library is imported when a token is first needed.
import { readFile } from 'node:fs/promises';
import type { OAuth2Client } from 'google-auth-library';
import { AuthRequiredError, UsageError } from '../errors.js';
import { type GoogleCredentials, parseCredentials } from './credentials.js';
import { type GoogleOAuthEndpoints, resolveEndpoints } from './endpoints.js';
import type { TokenErrorContext } from './google.js';
import { APPS_SCRIPT_SCOPES, mergeScopes, parseScopeList, shortScope } from './scopes.js';
import {
  checkProfile,
  DEFAULT_PROFILE,
  loginFile,
  readLogin,
  type StoredLogin,
  writeLogin,
} from './store.js';

export type GoogleAuthSource = 'env-token' | 'env-credentials' | 'credentials-file' | 'stored-login';

/** What a resolved credential is, without any secret in it (safe to print). */
export interface GoogleAuthDescription {
  source: GoogleAuthSource;
  /** Where it came from: the variable name, the credentials file, or the stored login's file. */
  origin: string;
  credentialType: 'access_token' | 'authorized_user' | 'service_account';
  /** The account the API sees: the login's e-mail, or the impersonated user. */
  account?: string | undefined;
  /** The scopes, where known without asking Google. */
  scopes?: string[] | undefined;
  /** The service account's e-mail (delegation only). */
  serviceAccount?: string | undefined;
  /** The profile (stored login only). */
  profile?: string | undefined;
}

export interface GoogleAuth {
  /** The token provider for `createAppsScriptClient({ auth })`: cached, refreshed before expiry. */
  auth: () => Promise<string>;
  description: GoogleAuthDescription;
  /** Every credential value in play (tokens seen so far, refresh token, client secret, private key), for redaction. */
  secrets(): string[];
  /** When the last token handed out expires (ms since epoch), if known. */
  expiryDate(): number | undefined;
}

export interface ResolveGoogleAuthOptions {
  /** Defaults to `process.env`. */
  env?: Record<string, string | undefined> | undefined;
  /** The stored login to use (default `default`). */
  profile?: string | undefined;
  /** With service-account credentials: the user to act for (else `SPECBOUND_GOOGLE_IMPERSONATE`). */
  impersonate?: string | undefined;
  /** Scopes a service account asks for besides the Apps Script ones (else `SPECBOUND_GOOGLE_SCOPES`). */
  scopes?: readonly string[] | undefined;
  /** Where stored logins live (default: see `configDir`). */
  configDir?: string | undefined;
  /** Replaces Google's OAuth endpoints (else `SPECBOUND_GOOGLE_TOKEN_URL`). */
  endpoints?: Partial<GoogleOAuthEndpoints> | undefined;
  /** The fetch google-auth-library uses (tests). */
  fetch?: typeof fetch | undefined;
  /** Problems that do not stop the command (e.g. a refreshed token that could not be saved). */
  onWarning?: ((message: string) => void) | undefined;
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** Finds the credentials to use; throws AuthRequiredError (CLI exit 4), with the fix, when there are none. */
export async function resolveGoogleAuth(options: ResolveGoogleAuthOptions = {}): Promise<GoogleAuth> {
  const env = options.env ?? process.env;
  const profile = checkProfile(options.profile ?? DEFAULT_PROFILE);
  const impersonate = nonEmpty(options.impersonate) ?? nonEmpty(env.SPECBOUND_GOOGLE_IMPERSONATE);
  if (impersonate !== undefined && !EMAIL.test(impersonate)) {
    throw new UsageError(`--impersonate: "${impersonate}" is not an e-mail address.`, {
      code: 'impersonate-not-email',
      details: { impersonate },
    });
  }
  const endpoints = resolveEndpoints(env, options.endpoints);

  const token = nonEmpty(env.SPECBOUND_GOOGLE_TOKEN);
  if (token !== undefined) {
    refuseImpersonation(impersonate, 'SPECBOUND_GOOGLE_TOKEN holds an access token');
    return {
      auth: async () => token,
      description: { source: 'env-token', origin: 'SPECBOUND_GOOGLE_TOKEN', credentialType: 'access_token' },
      secrets: () => [token],
      expiryDate: () => undefined,
    };
  }

  const inline = nonEmpty(env.SPECBOUND_GOOGLE_CREDENTIALS);
  const file = nonEmpty(env.GOOGLE_APPLICATION_CREDENTIALS);
  if (inline !== undefined || file !== undefined) {
    const origin = inline !== undefined ? 'SPECBOUND_GOOGLE_CREDENTIALS' : (file as string);
    const text = inline ?? (await readCredentialsFile(file as string));
    const credentials = parseCredentials(text, origin);
    const source: GoogleAuthSource = inline !== undefined ? 'env-credentials' : 'credentials-file';
    const extraScopes = options.scopes ?? parseScopeList(env.SPECBOUND_GOOGLE_SCOPES);
    return fromCredentials(credentials, { source, origin, impersonate, extraScopes, endpoints, options });
  }

  const location = { env, configDir: options.configDir };
  const stored = await readLogin(profile, location);
  if (stored !== undefined) {
    refuseImpersonation(impersonate, `the stored login of profile "${profile}" is a user's login`);
    return fromStoredLogin(stored, profile, loginFile(profile, location), { endpoints, options, location });
  }

  throw new AuthRequiredError(
    `No Google credentials: SPECBOUND_GOOGLE_TOKEN, SPECBOUND_GOOGLE_CREDENTIALS and GOOGLE_APPLICATION_CREDENTIALS are not set and profile "${profile}" has no stored login.`,
    {
      code: 'google-credentials-missing',
      details: { profile },
    },
  );
}

function refuseImpersonation(impersonate: string | undefined, why: string): void {
  if (impersonate === undefined) return;
  throw new UsageError(`--impersonate needs service-account credentials, but ${why}.`, {
    code: 'impersonate-needs-service-account',
    details: { impersonate },
  });
}

async function readCredentialsFile(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new AuthRequiredError(
      `GOOGLE_APPLICATION_CREDENTIALS names ${file}, which cannot be read (${code ?? (error as Error).message}).`,
      { hint: 'Point GOOGLE_APPLICATION_CREDENTIALS at a credentials JSON file, or unset it.' },
    );
  }
}

interface CredentialsContext {
  source: GoogleAuthSource;
  origin: string;
  impersonate: string | undefined;
  extraScopes: readonly string[];
  endpoints: GoogleOAuthEndpoints;
  options: ResolveGoogleAuthOptions;
}

async function fromCredentials(
  credentials: GoogleCredentials,
  context: CredentialsContext,
): Promise<GoogleAuth> {
  const { source, origin, impersonate, endpoints, options } = context;
  const seen: string[] = [];
  if (credentials.type === 'authorized_user') {
    refuseImpersonation(impersonate, `${origin} holds authorized_user credentials`);
    const client = lazyClient(async () =>
      (await import('./google.js')).createRefreshingClient({
        clientId: credentials.client_id,
        clientSecret: credentials.client_secret,
        refreshToken: credentials.refresh_token,
        endpoints,
        fetch: options.fetch,
      }),
    );
    const errorContext = {
      what: `the authorized_user credentials in ${origin}`,
      refused: {
        hint: `The refresh token was revoked or expired: create new credentials (e.g. \`gcloud auth application-default login --client-id-file=… --scopes=${APPS_SCRIPT_SCOPES.join(',')}\`) and update ${origin}.`,
      },
      endpoints,
    };
    return {
      auth: async () => remember(seen, await tokenOf(client, errorContext)),
      description: { source, origin, credentialType: 'authorized_user' },
      secrets: () => [credentials.refresh_token, credentials.client_secret, ...seen],
      expiryDate: () => client.current()?.credentials.expiry_date ?? undefined,
    };
  }

  if (impersonate === undefined) {
    throw new AuthRequiredError(
      `${origin} holds a service account key (${credentials.client_email}), and the Apps Script API refuses a service account's own tokens.`,
      {
        code: 'service-account-needs-impersonation',
        details: { origin, clientEmail: credentials.client_email },
      },
    );
  }
  const scopes = mergeScopes(APPS_SCRIPT_SCOPES, context.extraScopes);
  const client = lazyClient(async () =>
    (await import('./google.js')).createDelegatedClient({
      clientEmail: credentials.client_email,
      privateKey: credentials.private_key,
      privateKeyId: credentials.private_key_id,
      subject: impersonate,
      scopes,
      endpoints,
      fetch: options.fetch,
    }),
  );
  const clientId = credentials.client_id ?? `(the client id of ${credentials.client_email})`;
  const errorContext = {
    what: `the service account ${credentials.client_email} acting for ${impersonate}`,
    refused: {
      hint: `Check that ${impersonate} exists in the service account's Workspace domain and that the key in ${origin} is current.`,
    },
    delegationHint: `Authorise client id ${clientId} for ${scopes.map(shortScope).join(', ')} under Admin console → Security → API controls → Domain-wide delegation (changes can take a few minutes).`,
    endpoints,
  };
  return {
    auth: async () => remember(seen, await tokenOf(client, errorContext)),
    description: {
      source,
      origin,
      credentialType: 'service_account',
      account: impersonate,
      serviceAccount: credentials.client_email,
      scopes,
    },
    secrets: () => [credentials.private_key, ...seen],
    expiryDate: () => client.current()?.credentials.expiry_date ?? undefined,
  };
}

interface StoredContext {
  endpoints: GoogleOAuthEndpoints;
  options: ResolveGoogleAuthOptions;
  location: { env: Record<string, string | undefined>; configDir: string | undefined };
}

async function fromStoredLogin(
  stored: StoredLogin,
  profile: string,
  file: string,
  { endpoints, options, location }: StoredContext,
): Promise<GoogleAuth> {
  const seen: string[] = stored.access_token === undefined ? [] : [stored.access_token];
  const client = lazyClient(async () => {
    const created = await (await import('./google.js')).createRefreshingClient({
      clientId: stored.client_id,
      clientSecret: stored.client_secret,
      refreshToken: stored.refresh_token,
      accessToken: stored.access_token,
      expiryDate: stored.expiry_date,
      endpoints,
      fetch: options.fetch,
    });
    // Keep a refreshed token for the next run: one refresh per hour instead of one per command.
    created.on('tokens', (tokens) => {
      if (typeof tokens.access_token !== 'string') return;
      const next: StoredLogin = {
        ...stored,
        access_token: tokens.access_token,
        expiry_date: tokens.expiry_date ?? undefined,
        refresh_token: tokens.refresh_token ?? stored.refresh_token,
      };
      writeLogin(profile, next, location).catch((error: unknown) => {
        options.onWarning?.(`could not save the refreshed token in ${file}: ${(error as Error).message}`);
      });
    });
    return created;
  });
  const errorContext: TokenErrorContext = {
    what: `the stored login of profile "${profile}"`,
    refused: {
      code: 'stored-login-refused',
      details: { profile, origin: stored.origin === 'clasp' ? 'clasp' : undefined },
    },
    endpoints,
  };
  return {
    auth: async () => remember(seen, await tokenOf(client, errorContext)),
    description: {
      source: 'stored-login',
      origin: file,
      credentialType: 'authorized_user',
      account: stored.account,
      scopes: stored.scopes.length > 0 ? stored.scopes : undefined,
      profile,
    },
    secrets: () => [stored.refresh_token, stored.client_secret, ...seen],
    expiryDate: () => client.current()?.credentials.expiry_date ?? stored.expiry_date,
  };
}

interface LazyClient {
  /** The client, created (and google-auth-library loaded) on the first call. */
  get(): Promise<OAuth2Client>;
  /** The client if it exists yet. */
  current(): OAuth2Client | undefined;
}

// Creating a client loads google-auth-library (~150 ms): only when a token is first asked for, so
// `auth status --offline` and commands that stop before any request never pay for it.
function lazyClient(create: () => Promise<OAuth2Client>): LazyClient {
  let client: OAuth2Client | undefined;
  let pending: Promise<OAuth2Client> | undefined;
  return {
    get() {
      pending ??= create().then((created) => {
        client = created;
        return created;
      });
      return pending;
    },
    current: () => client,
  };
}

async function tokenOf(client: LazyClient, context: TokenErrorContext): Promise<string> {
  const { accessTokenOf } = await import('./google.js');
  return accessTokenOf(await client.get(), context);
}

function remember(seen: string[], token: string): string {
  if (!seen.includes(token)) seen.push(token);
  return token;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

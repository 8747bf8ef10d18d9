import {
  type AuthStrategy,
  apiKeyQuery,
  bearerAuth,
  type ClientDescriptor,
  type ClientOptions,
  checkKeys,
  clientOf,
  clientRuntime,
  combineAuth,
  ValidationError,
  withContext,
} from '@specbound/http';
import createClient from 'openapi-fetch';
import { type Context, googleReader } from './core.js';
import { files } from './files.js';
import type { paths } from './generated/schema.js';
import type { DriveCore } from './types.js';
import { VERSION } from './version.js';

/** The spec's server. Any other base URL serving the same `/drive/v3/...` paths works (an emulator, a proxy). */
export const DEFAULT_BASE_URL = 'https://www.googleapis.com';

/** A token, or a function returning one (or google-auth-library's `{ token }`), called per attempt. */
export type TokenSource = Parameters<typeof bearerAuth>[0];

/**
 * How to authenticate:
 * - a string or a token provider: an OAuth access token, sent as `Authorization: Bearer …`;
 * - `{ apiKey }`: a Google API key in the `key` query parameter (quota attribution; a user's files
 *   also need an OAuth token), optionally with `token`;
 * - any `AuthStrategy` from `@specbound/http`.
 */
export type DriveAuth = TokenSource | { token?: TokenSource; apiKey?: string } | AuthStrategy;

export interface DriveClientOptions extends ClientOptions {
  auth?: DriveAuth | undefined;
  /** Default `https://www.googleapis.com`. */
  baseUrl?: string | undefined;
}

const RUNTIME: ClientDescriptor<DriveClientOptions> = {
  factory: 'createDriveClient',
  credentials: ['auth'],
  defaultBaseUrl: DEFAULT_BASE_URL,
  client: { name: '@specbound/drive', version: VERSION },
};

/**
 * The Drive v3 client: `files.list / iterate / get / create / delete`, plus `raw`. It is also a
 * core: every operation function (`listFiles(client, params)`) accepts it.
 */
export function createDriveClient(options: DriveClientOptions = {}) {
  return clientOf(createDriveCore(options), { files });
}

/**
 * The slim client for operation functions: the same options and checks as `createDriveClient`,
 * and `raw`, without the methods, so that a bundler keeps only the operations an app imports:
 * `await listFiles(createDriveCore({ auth }), { q })`.
 */
export function createDriveCore(options: DriveClientOptions = {}): DriveCore {
  let auth: AuthStrategy | undefined;
  const { baseUrl, http } = clientRuntime(RUNTIME, options, (checked) => {
    auth = resolveAuth(checked.auth);
    return auth;
  });
  /** The typed openapi-fetch client every method calls: middleware added to it applies to all. */
  const raw = createClient<paths>({ baseUrl, fetch: http });
  const secrets = () => auth?.secrets() ?? [];
  const read = googleReader(secrets);
  const ctx: Context = { caller: { raw, http, parseAs: 'text', decode: read }, read, secrets };
  return withContext(ctx, { raw });
}

export type DriveClient = ReturnType<typeof createDriveClient>;

function resolveAuth(auth: DriveAuth | undefined): AuthStrategy | undefined {
  if (auth === undefined) return undefined;
  if (typeof auth === 'string' || typeof auth === 'function') return bearerAuth(auth);
  if (typeof auth !== 'object' || auth === null) {
    // Never echo the value: it may be a credential.
    throw new ValidationError(
      'auth',
      `createDriveClient: option "auth" must be a token, a token provider, { token, apiKey } or an AuthStrategy (got ${auth === null ? 'null' : typeof auth}).`,
    );
  }
  if ('authenticate' in auth) return auth;
  checkKeys(auth, ['token', 'apiKey'], 'auth field', 'auth', 'createDriveClient');
  const strategies: AuthStrategy[] = [];
  if (auth.token !== undefined) strategies.push(bearerAuth(auth.token));
  if (auth.apiKey !== undefined) strategies.push(apiKeyQuery('key', auth.apiKey));
  if (strategies.length === 0) {
    throw new ValidationError(
      'auth',
      'createDriveClient: "auth" needs a token, an apiKey, or an AuthStrategy.',
    );
  }
  return combineAuth(...strategies);
}

import {
  type ClientDescriptor,
  type ClientOptions,
  clientOf,
  clientRuntime,
  type GoogleAuth,
  type GoogleTokenSource,
  googleAuth,
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
export type TokenSource = GoogleTokenSource;

/**
 * How to authenticate:
 * - a string or a token provider: an OAuth access token, sent as `Authorization: Bearer …`;
 * - `{ apiKey }`: a Google API key in the `key` query parameter (quota attribution; a user's files
 *   also need an OAuth token), optionally with `token`;
 * - any `AuthStrategy` from `@specbound/http`.
 */
export type DriveAuth = GoogleAuth;

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
  const { baseUrl, http, secrets } = clientRuntime(RUNTIME, options, (checked) =>
    googleAuth(checked.auth, 'createDriveClient'),
  );
  /** The typed openapi-fetch client every method calls: middleware added to it applies to all. */
  const raw = createClient<paths>({ baseUrl, fetch: http });
  const ctx: Context = { caller: { raw, http, parseAs: 'text', decode: googleReader(secrets) } };
  return withContext(ctx, { raw });
}

export type DriveClient = ReturnType<typeof createDriveClient>;

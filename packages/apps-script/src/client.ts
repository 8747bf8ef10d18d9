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
import { type Context, googleReaders } from './core.js';
import type { paths } from './generated/schema.js';
import { processes } from './processes.js';
import { projects } from './projects.js';
import { scripts } from './scripts.js';
import type { AppsScriptCore } from './types.js';
import { VERSION } from './version.js';

/** The spec's server. Any other base URL serving the same `/v1/...` paths works (an emulator, a proxy). */
export const DEFAULT_BASE_URL = 'https://script.googleapis.com';

/** A token, or a function returning one (or google-auth-library's `{ token }`), called per attempt. */
export type TokenSource = GoogleTokenSource;

/**
 * How to authenticate:
 * - a string or a token provider: an OAuth access token, sent as `Authorization: Bearer …`;
 * - `{ apiKey }`: a Google API key in the `key` query parameter (quota attribution; the Apps
 *   Script API also needs an OAuth token for user data), optionally with `token`;
 * - any `AuthStrategy` from `@specbound/http`.
 */
export type AppsScriptAuth = GoogleAuth;

export interface AppsScriptClientOptions extends ClientOptions {
  auth?: AppsScriptAuth | undefined;
  /** Default `https://script.googleapis.com`. */
  baseUrl?: string | undefined;
}

const RUNTIME: ClientDescriptor<AppsScriptClientOptions> = {
  factory: 'createAppsScriptClient',
  credentials: ['auth'],
  defaultBaseUrl: DEFAULT_BASE_URL,
  client: { name: '@specbound/apps-script', version: VERSION },
};

/**
 * The Apps Script API client: one method per operation, grouped as the API is, plus `raw`. It is
 * also a core: every operation function (`getProject(client, params)`) accepts it.
 */
export function createAppsScriptClient(options: AppsScriptClientOptions = {}) {
  return clientOf(createAppsScriptCore(options), { projects, scripts, processes });
}

/**
 * The slim client for operation functions: the same options and checks as
 * `createAppsScriptClient`, and `raw`, without the methods, so that a bundler keeps only the
 * operations an app imports: `await getProject(createAppsScriptCore({ auth }), { scriptId })`.
 */
export function createAppsScriptCore(options: AppsScriptClientOptions = {}): AppsScriptCore {
  const { baseUrl, http, secrets } = clientRuntime(RUNTIME, options, (checked) =>
    googleAuth(checked.auth, 'createAppsScriptClient'),
  );
  /** The typed openapi-fetch client every method calls: middleware added to it applies to all. */
  const raw = createClient<paths>({
    baseUrl,
    fetch: http,
  });
  const { read, write } = googleReaders(secrets);
  const ctx: Context = { caller: { raw, http, parseAs: 'text', decode: write }, read, write, secrets };
  return withContext(ctx, { raw });
}

export type AppsScriptClient = ReturnType<typeof createAppsScriptClient>;

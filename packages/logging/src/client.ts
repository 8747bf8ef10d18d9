import {
  type ClientDescriptor,
  type ClientOptions,
  clientOf,
  clientRuntime,
  type GoogleAuth,
  type GoogleTokenSource,
  googleAuth,
  googleReader,
  withContext,
} from '@specbound/http';
import createClient from 'openapi-fetch';
import type { Context } from './core.js';
import { entries } from './entries.js';
import type { paths } from './generated/schema.js';
import type { LoggingCore } from './types.js';
import { VERSION } from './version.js';

/** The spec's server. Any other base URL serving the same `/v2/...` paths works (an emulator, a proxy). */
export const DEFAULT_BASE_URL = 'https://logging.googleapis.com';

/** A token, or a function returning one (or google-auth-library's `{ token }`), called per attempt. */
export type TokenSource = GoogleTokenSource;

/**
 * How to authenticate:
 * - a string or a token provider: an OAuth access token, sent as `Authorization: Bearer …`;
 * - `{ apiKey }`: a Google API key in the `key` query parameter (quota attribution; reading log
 *   entries also needs an OAuth token), optionally with `token`;
 * - any `AuthStrategy` from `@specbound/http`.
 */
export type LoggingAuth = GoogleAuth;

export interface LoggingClientOptions extends ClientOptions {
  auth?: LoggingAuth | undefined;
  /** Default `https://logging.googleapis.com`. */
  baseUrl?: string | undefined;
}

const RUNTIME: ClientDescriptor<LoggingClientOptions> = {
  factory: 'createLoggingClient',
  credentials: ['auth'],
  defaultBaseUrl: DEFAULT_BASE_URL,
  client: { name: '@specbound/logging', version: VERSION },
};

/**
 * The Cloud Logging client: `entries.list` / `entries.iterate`, plus `raw`. It is also a core:
 * every operation function (`listLogEntries(client, params)`) accepts it.
 */
export function createLoggingClient(options: LoggingClientOptions = {}) {
  return clientOf(createLoggingCore(options), { entries });
}

/**
 * The slim client for operation functions: the same options and checks as `createLoggingClient`,
 * and `raw`, without the methods: `await listLogEntries(createLoggingCore({ auth }), { resourceNames })`.
 */
export function createLoggingCore(options: LoggingClientOptions = {}): LoggingCore {
  const { baseUrl, http, secrets } = clientRuntime(RUNTIME, options, (checked) =>
    googleAuth(checked.auth, 'createLoggingClient'),
  );
  /** The typed openapi-fetch client every method calls: middleware added to it applies to all. */
  const raw = createClient<paths>({ baseUrl, fetch: http });
  const ctx: Context = {
    caller: { raw, http, parseAs: 'text', decode: googleReader(secrets) },
    retryOff: options.retry === false,
  };
  return withContext(ctx, { raw });
}

export type LoggingClient = ReturnType<typeof createLoggingClient>;

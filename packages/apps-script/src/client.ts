import {
  type AuthStrategy,
  apiKeyQuery,
  bearerAuth,
  createHttpFetch,
  type Logger,
  type RetryOptions,
} from '@specbound/http';
import createClient from 'openapi-fetch';
import type { Context } from './core.js';
import type { paths } from './generated/schema.js';
import { createProcesses } from './processes.js';
import { createProjects } from './projects.js';
import { createScripts } from './scripts.js';
import { VERSION } from './version.js';

/** The spec's server. Any other base URL serving the same `/v1/...` paths works (an emulator, a proxy). */
export const DEFAULT_BASE_URL = 'https://script.googleapis.com';

/** A token, or a function returning one (or google-auth-library's `{ token }`), called per attempt. */
export type TokenSource = Parameters<typeof bearerAuth>[0];

/**
 * How to authenticate:
 * - a string or a token provider: an OAuth access token, sent as `Authorization: Bearer …`;
 * - `{ apiKey }`: a Google API key in the `key` query parameter (quota attribution; the Apps
 *   Script API also needs an OAuth token for user data), optionally with `token`;
 * - any `AuthStrategy` from `@specbound/http`.
 */
export type AppsScriptAuth = TokenSource | { token?: TokenSource; apiKey?: string } | AuthStrategy;

export interface AppsScriptClientOptions {
  auth?: AppsScriptAuth | undefined;
  /** Default `https://script.googleapis.com`. */
  baseUrl?: string | undefined;
  /** The underlying fetch (default `globalThis.fetch`). */
  fetch?: ((input: Request) => Promise<Response>) | undefined;
  /** Default: 2 retries of idempotent requests with capped exponential backoff; `false` for none. */
  retry?: RetryOptions | false | undefined;
  /** Per-attempt timeout in ms (default 60 000). */
  timeout?: number | undefined;
  /** Called once per attempt with a redacted event. */
  logger?: Logger | undefined;
  /** Appended to the user agent. */
  userAgent?: string | undefined;
}

/** The Apps Script API client: one method per operation, grouped as the API is, plus `raw`. */
export function createAppsScriptClient(options: AppsScriptClientOptions = {}) {
  assertClientOptions(options);
  const auth = resolveAuth(options.auth);
  const http = createHttpFetch({
    fetch: options.fetch,
    retry: options.retry,
    timeout: options.timeout,
    auth,
    logger: options.logger,
    userAgent: options.userAgent,
    client: { name: '@specbound/apps-script', version: VERSION },
  });
  const raw = createClient<paths>({
    baseUrl: options.baseUrl ?? DEFAULT_BASE_URL,
    fetch: http,
    Request: http.Request,
  });
  const context: Context = {
    raw,
    http,
    runHttp: http.withOverrides({ retry: false }),
    secrets: () => auth?.secrets() ?? [],
  };
  return {
    /** The typed openapi-fetch client over the same fetch (auth, retries, timeouts): the escape hatch. */
    raw,
    projects: createProjects(context),
    scripts: createScripts(context),
    processes: createProcesses(context),
  };
}

export type AppsScriptClient = ReturnType<typeof createAppsScriptClient>;

const OPTION_KEYS: ReadonlySet<string> = new Set([
  'auth',
  'baseUrl',
  'fetch',
  'retry',
  'timeout',
  'logger',
  'userAgent',
] satisfies (keyof AppsScriptClientOptions)[]);
const AUTH_KEYS: ReadonlySet<string> = new Set(['token', 'apiKey']);

// The other options are checked by createHttpFetch. These are checked here because a mistake would
// otherwise pass silently: `{ baseURL }` would send the caller's token to production instead of
// the intended server.
function assertClientOptions(options: AppsScriptClientOptions): void {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('createAppsScriptClient: the options must be an object.');
  }
  assertKnownKeys(options, OPTION_KEYS, 'option');
  const { baseUrl } = options;
  // Not parsed as a URL: a browser may use a relative one (a same-origin proxy).
  if (baseUrl !== undefined && typeof baseUrl !== 'string') {
    throw new TypeError(
      `createAppsScriptClient: option "baseUrl" must be a URL string (got ${typeof baseUrl}).`,
    );
  }
}

function assertKnownKeys(value: object, known: ReadonlySet<string>, kind: string): void {
  for (const key of Object.keys(value)) {
    if (!known.has(key)) {
      throw new TypeError(
        `createAppsScriptClient: unknown ${kind} "${key}"; expected one of ${[...known].map((k) => `"${k}"`).join(', ')}.`,
      );
    }
  }
}

function resolveAuth(auth: AppsScriptAuth | undefined): AuthStrategy | undefined {
  if (auth === undefined) return undefined;
  if (typeof auth === 'string' || typeof auth === 'function') return bearerAuth(auth);
  if (typeof auth !== 'object' || auth === null) {
    // Never echo the value: it may be a credential.
    throw new TypeError(
      `createAppsScriptClient: option "auth" must be a token, a token provider, { token, apiKey } or an AuthStrategy (got ${auth === null ? 'null' : typeof auth}).`,
    );
  }
  if ('authenticate' in auth) return auth;
  assertKnownKeys(auth, AUTH_KEYS, 'auth field');
  const strategies: AuthStrategy[] = [];
  if (auth.token !== undefined) strategies.push(bearerAuth(auth.token));
  if (auth.apiKey !== undefined) strategies.push(apiKeyQuery('key', auth.apiKey));
  if (strategies.length === 0) {
    throw new TypeError('createAppsScriptClient: "auth" needs a token, an apiKey, or an AuthStrategy.');
  }
  const [only] = strategies;
  if (strategies.length === 1 && only !== undefined) return only;
  return {
    async authenticate(request) {
      let current = request;
      for (const strategy of strategies) current = await strategy.authenticate(current);
      return current;
    },
    secrets: () => strategies.flatMap((strategy) => strategy.secrets()),
  };
}

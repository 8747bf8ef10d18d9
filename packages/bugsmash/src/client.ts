import {
  type AuthStrategy,
  apiKeyHeader,
  createHttpFetch,
  type HttpFetch,
  type Logger,
  type RetryOptions,
  ValidationError,
} from '@specbound/http';
import createClient from 'openapi-fetch';
import { commentsApi, repliesApi } from './comments.js';
import { createContext } from './context.js';
import { foldersApi } from './folders.js';
import type { paths } from './generated/schema.js';
import { projectsApi } from './projects.js';
import type { PathReader } from './uploads.js';
import { VERSION } from './version.js';
import { versionsApi } from './versions.js';
import { webhooksApi } from './webhook-subscriptions.js';

export const DEFAULT_BASE_URL = 'https://api.bugsmash.io/api/v2';

export interface BugSmashClientOptions {
  /** The workspace API key, sent as `X-API-Key`. Never appears in errors or logs. */
  apiKey: string;
  /** Default `https://api.bugsmash.io/api/v2`; any base serving the same paths works (an emulator). */
  baseUrl?: string | undefined;
  /** The underlying fetch (default `globalThis.fetch`). */
  fetch?: ((input: Request) => Promise<Response>) | undefined;
  /** Retries of idempotent calls (default 2, honouring `Retry-After`), or `false`. */
  retry?: RetryOptions | false | undefined;
  /** Per-attempt timeout in ms (default 60 000). */
  timeout?: number | undefined;
  /** Called once per attempt with a redacted summary. */
  logger?: Logger | undefined;
  /** Appended to the user agent. */
  userAgent?: string | undefined;
}

/** The BugSmash client: `raw` (the typed openapi-fetch client) plus a method per endpoint. */
export type BugSmashClient = ReturnType<typeof buildClient>;

// Every option `createBugSmashClient` reads; anything else (a typo such as `baseURL`) is refused.
const OPTION_KEYS: ReadonlySet<string> = new Set([
  'apiKey',
  'baseUrl',
  'fetch',
  'retry',
  'timeout',
  'logger',
  'userAgent',
]);
const RUNTIME_KEYS = ['fetch', 'retry', 'timeout', 'logger', 'userAgent'] as const;

/** Creates a client. Uploads take Blobs, Files and bytes; file paths need the `/node` entry. */
export function createBugSmashClient(options: BugSmashClientOptions): BugSmashClient {
  return buildClient(options, undefined);
}

/** Shared by both entries; the Node entry passes a reader for file paths. */
export function buildClient(options: BugSmashClientOptions, readPath: PathReader | undefined) {
  if (typeof options !== 'object' || options === null) {
    throw new ValidationError(
      'options',
      'createBugSmashClient needs an options object with at least `apiKey`.',
    );
  }
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.has(key)) {
      throw new ValidationError(
        key,
        `createBugSmashClient: unknown option "${key}"; expected one of ${[...OPTION_KEYS].join(', ')}.`,
      );
    }
  }
  const { apiKey, baseUrl = DEFAULT_BASE_URL } = options;
  if (typeof apiKey !== 'string' || apiKey.trim() === '') {
    throw new ValidationError('apiKey', '"apiKey" must be a non-empty string (the workspace API key).');
  }
  if (typeof baseUrl !== 'string' || !URL.canParse(baseUrl)) {
    throw new ValidationError(
      'baseUrl',
      '"baseUrl" must be an absolute URL such as https://api.bugsmash.io/api/v2.',
    );
  }
  const auth = apiKeyHeader('X-API-Key', apiKey);
  const http = runtime(options, auth);
  const ctx = createContext(createClient<paths>({ baseUrl }), http, () => auth.secrets());
  // `raw` uses the same runtime (auth, retries, timeouts) and openapi-fetch's own result shape.
  const raw = createClient<paths>({ baseUrl, fetch: http });
  return {
    raw,
    projects: projectsApi(ctx, readPath),
    versions: versionsApi(ctx, readPath),
    folders: foldersApi(ctx),
    comments: commentsApi(ctx),
    replies: repliesApi(ctx),
    webhooks: webhooksApi(ctx),
  };
}

/**
 * The shared runtime for these options. It validates `fetch`, `retry`, `timeout`, `logger` and
 * `userAgent` itself, with a `TypeError` worded for `createHttpFetch`; that is re-raised as this
 * client's `ValidationError`, whose `field` names the option at fault.
 */
function runtime(options: BugSmashClientOptions, auth: AuthStrategy): HttpFetch {
  const client = { name: '@specbound/bugsmash', version: VERSION };
  const settings = {
    fetch: options.fetch,
    retry: options.retry,
    timeout: options.timeout,
    logger: options.logger,
    userAgent: options.userAgent,
  };
  try {
    return createHttpFetch({ ...settings, auth, client });
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    // Only on this error path: find the option at fault by validating each one alone.
    const field =
      RUNTIME_KEYS.find((key) => {
        try {
          createHttpFetch({ [key]: settings[key] });
          return false;
        } catch {
          return true;
        }
      }) ?? 'options';
    throw new ValidationError(field, error.message.replace(/^createHttpFetch:/, 'createBugSmashClient:'));
  }
}

import type { AuthStrategy } from './auth.js';
import { createReadingFetch, type HttpFetch } from './fetch.js';
import { checked, type FetchLike, type Logger } from './options.js';
import type { RetryOptions } from './retry.js';
import type { ClientInfo } from './user-agent.js';
import { checkKeys, ValidationError } from './validate.js';

/** The options every specbound client takes besides its credentials. */
export interface ClientOptions {
  /** The service's base URL; any base serving the same paths works (an emulator, a proxy). */
  baseUrl?: string | undefined;
  /** The underlying fetch (default `globalThis.fetch`). */
  fetch?: FetchLike | undefined;
  /** Retries of idempotent calls (default 2, honouring `Retry-After`), or `false`. */
  retry?: RetryOptions | false | undefined;
  /** Per-attempt timeout in ms, covering the whole response (default 60 000). */
  timeout?: number | undefined;
  /** The largest response body read, in bytes (default 64 MiB): larger fails with `ResponseTooLargeError`. */
  maxResponseBytes?: number | undefined;
  /** Called once per attempt with a redacted summary. */
  logger?: Logger | undefined;
  /** Appended to the user agent. */
  userAgent?: string | undefined;
}

const CLIENT_KEYS = ['baseUrl', 'fetch', 'retry', 'timeout', 'maxResponseBytes', 'logger', 'userAgent'];

/** What a client needs from its options: the checked base URL and the runtime fetch. */
export interface ClientRuntime {
  baseUrl: string;
  http: HttpFetch;
  /** The credentials of the client's auth strategy (none without one), for redaction. */
  secrets: () => readonly string[];
}

/** What a client is, for its runtime: its factory's name, its own options, its server, its package. */
export interface ClientDescriptor<O> {
  /** The factory's name, which option errors start with (`createBugSmashClient`). */
  factory: string;
  /** The client's own options besides `ClientOptions` (its credentials). */
  credentials: readonly (keyof O & string)[];
  defaultBaseUrl: string;
  /** The package, named in the user agent. */
  client: ClientInfo;
}

/**
 * Checks a client's options (an object, no unknown key, a base URL that is http(s) without
 * credentials or root-relative for a same-origin proxy) and builds its runtime. `auth` turns the client's own
 * options into the auth strategy once they are checked.
 */
export function clientRuntime<O extends ClientOptions>(
  descriptor: ClientDescriptor<O>,
  options: O,
  auth: (options: O) => AuthStrategy | undefined,
): ClientRuntime {
  const { factory, credentials, defaultBaseUrl, client } = descriptor;
  checkKeys(options, [...credentials, ...CLIENT_KEYS], 'option', 'options', factory);
  const { baseUrl = defaultBaseUrl, ...rest } = options as ClientOptions & Record<string, unknown>;
  // The runtime's options: the client's own (its credentials) give way to their auth strategy.
  for (const key of credentials) delete rest[key];
  const strategy = auth(options);
  const settings = { ...rest, auth: strategy, client };
  try {
    checked('baseUrl', baseUrl);
    return { baseUrl, http: createReadingFetch(settings), secrets: () => strategy?.secrets() ?? [] };
  } catch (error) {
    // The runtime's ValidationError names the option (its `field`); the message also names the factory.
    throw error instanceof ValidationError
      ? new ValidationError(error.field, `${factory}: ${error.message}`)
      : error;
  }
}

/** Several strategies applied in order (a token header and an API key parameter, say). */
export function combineAuth(...strategies: readonly AuthStrategy[]): AuthStrategy {
  if (strategies.length === 1) return strategies[0] as AuthStrategy;
  return {
    async authenticate(request) {
      let current = request;
      for (const strategy of strategies) current = await strategy.authenticate(current);
      return current;
    },
    secrets: () => strategies.flatMap((strategy) => strategy.secrets()),
  };
}

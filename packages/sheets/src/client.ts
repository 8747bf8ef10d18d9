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
import type { paths } from './generated/schema.js';
import { spreadsheets } from './spreadsheets.js';
import type { SheetsCore } from './types.js';
import { VERSION } from './version.js';

/** The spec's server. Any other base URL serving the same `/v4/...` paths works (an emulator, a proxy). */
export const DEFAULT_BASE_URL = 'https://sheets.googleapis.com';

/** A token, or a function returning one (or google-auth-library's `{ token }`), called per attempt. */
export type TokenSource = GoogleTokenSource;

/**
 * How to authenticate:
 * - a string or a token provider: an OAuth access token, sent as `Authorization: Bearer …`;
 * - `{ apiKey }`: a Google API key in the `key` query parameter (quota attribution; on its
 *   own it reads only public spreadsheets), optionally with `token`;
 * - any `AuthStrategy` from `@specbound/http`.
 */
export type SheetsAuth = GoogleAuth;

export interface SheetsClientOptions extends ClientOptions {
  auth?: SheetsAuth | undefined;
  /** Default `https://sheets.googleapis.com`. */
  baseUrl?: string | undefined;
}

const RUNTIME: ClientDescriptor<SheetsClientOptions> = {
  factory: 'createSheetsClient',
  credentials: ['auth'],
  defaultBaseUrl: DEFAULT_BASE_URL,
  client: { name: '@specbound/sheets', version: VERSION },
};

/**
 * The Sheets client: `spreadsheets.create`, `spreadsheets.get` and `spreadsheets.values.*`, plus `raw`. It is also a core:
 * every operation function (`getValues(client, params)`) accepts it.
 */
export function createSheetsClient(options: SheetsClientOptions = {}) {
  return clientOf(createSheetsCore(options), { spreadsheets });
}

/**
 * The slim client for operation functions: the same options and checks as `createSheetsClient`,
 * and `raw`, without the methods: `await getValues(createSheetsCore({ auth }), { spreadsheetId, range })`.
 */
export function createSheetsCore(options: SheetsClientOptions = {}): SheetsCore {
  const { baseUrl, http, secrets } = clientRuntime(RUNTIME, options, (checked) =>
    googleAuth(checked.auth, 'createSheetsClient'),
  );
  /** The typed openapi-fetch client every method calls: middleware added to it applies to all. */
  const raw = createClient<paths>({ baseUrl, fetch: http });
  const ctx: Context = {
    caller: { raw, http, parseAs: 'text', decode: googleReader(secrets) },
    retryOff: options.retry === false,
  };
  return withContext(ctx, { raw });
}

export type SheetsClient = ReturnType<typeof createSheetsClient>;

import {
  apiKeyHeader,
  type ClientDescriptor,
  type ClientOptions,
  type Core,
  clientOf,
  clientRuntime,
  requireText,
  withContext,
} from '@specbound/http';
import createClient, { type Client } from 'openapi-fetch';
import { comments, replies } from './comments.js';
import type { Context } from './context.js';
import { envelopeReaders } from './envelope.js';
import { folders } from './folders.js';
import type { paths } from './generated/schema.js';
import { projects } from './projects.js';
import type { PathReader } from './uploads.js';
import { VERSION } from './version.js';
import { versions } from './versions.js';
import { webhooks } from './webhook-subscriptions.js';

export const DEFAULT_BASE_URL = 'https://api.bugsmash.io/api/v2';

export interface BugSmashClientOptions extends ClientOptions {
  /** The workspace API key, sent as `X-API-Key`. Never appears in errors or logs. */
  apiKey: string;
  /** Default `https://api.bugsmash.io/api/v2`; any base serving the same paths works (an emulator). */
  baseUrl?: string | undefined;
}

const RUNTIME: ClientDescriptor<BugSmashClientOptions> = {
  factory: 'createBugSmashClient',
  credentials: ['apiKey'],
  defaultBaseUrl: DEFAULT_BASE_URL,
  client: { name: '@specbound/bugsmash', version: VERSION },
};

/**
 * What `createBugSmashCore` returns: `raw` and the context the operation functions need, none of
 * the methods. Operation functions take one first; a client is one too.
 */
export type BugSmashCore = Core<Context> & { readonly raw: Client<paths> };

/** The BugSmash client: a method per operation, grouped by resource, plus `raw`. */
export type BugSmashClient = ReturnType<typeof buildClient>;

/**
 * Creates a client. Uploads take Blobs, Files and bytes; file paths need the `/node` entry. It is
 * also a core: every operation function (`listComments(client, params)`) accepts it.
 */
export function createBugSmashClient(options: BugSmashClientOptions): BugSmashClient {
  return buildClient(options, undefined);
}

/**
 * The slim client for operation functions: the same options and checks as `createBugSmashClient`,
 * and `raw`, without the methods, so that a bundler keeps only the operations an app imports:
 * `await listProjects(createBugSmashCore({ apiKey }))`.
 */
export function createBugSmashCore(options: BugSmashClientOptions): BugSmashCore {
  return buildCore(options, undefined);
}

/** Shared by both entries; the Node entry passes a reader for file paths. */
export function buildClient(options: BugSmashClientOptions, readPath: PathReader | undefined) {
  return clientOf(buildCore(options, readPath), { projects, versions, folders, comments, replies, webhooks });
}

/** Shared by both entries; the Node entry passes a reader for file paths. */
export function buildCore(options: BugSmashClientOptions, readPath: PathReader | undefined): BugSmashCore {
  const { baseUrl, http, secrets } = clientRuntime(RUNTIME, options, ({ apiKey }) => {
    requireText('apiKey', apiKey);
    return apiKeyHeader('X-API-Key', apiKey);
  });
  /** The typed openapi-fetch client every method calls: middleware added to it applies to all. */
  const raw = createClient<paths>({
    baseUrl,
    fetch: http,
  });
  const read = envelopeReaders(() => secrets());
  const ctx: Context = { caller: { raw, http, parseAs: 'text', decode: read.data }, read, readPath };
  return withContext(ctx, { raw });
}

import {
  apiKeyHeader,
  type ClientDescriptor,
  type ClientOptions,
  clientRuntime,
  fastPathSerializer,
  requireText,
} from '@specbound/http';
import createClient, { defaultPathSerializer } from 'openapi-fetch';
import { commentsApi, repliesApi } from './comments.js';
import type { Context } from './context.js';
import { envelopeReaders } from './envelope.js';
import { foldersApi } from './folders.js';
import type { paths } from './generated/schema.js';
import { projectsApi } from './projects.js';
import type { PathReader } from './uploads.js';
import { VERSION } from './version.js';
import { versionsApi } from './versions.js';
import { webhooksApi } from './webhook-subscriptions.js';

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

/** The BugSmash client: a method per operation, grouped by resource, plus `raw`. */
export type BugSmashClient = ReturnType<typeof buildClient>;

/** Creates a client. Uploads take Blobs, Files and bytes; file paths need the `/node` entry. */
export function createBugSmashClient(options: BugSmashClientOptions): BugSmashClient {
  return buildClient(options, undefined);
}

/** Shared by both entries; the Node entry passes a reader for file paths. */
export function buildClient(options: BugSmashClientOptions, readPath: PathReader | undefined) {
  let secrets: () => readonly string[] = () => [];
  const { baseUrl, http } = clientRuntime(RUNTIME, options, ({ apiKey }) => {
    requireText('apiKey', apiKey);
    const auth = apiKeyHeader('X-API-Key', apiKey);
    secrets = auth.secrets;
    return auth;
  });
  /** The typed openapi-fetch client every method calls: middleware added to it applies to all. */
  const raw = createClient<paths>({
    baseUrl,
    fetch: http,
    Request: http.Request,
    pathSerializer: fastPathSerializer(defaultPathSerializer),
  });
  const read = envelopeReaders(() => secrets());
  const ctx: Context = { caller: { raw, http, parseAs: 'text', decode: read.data }, read };
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

// The clients the tools call, created on first use from the same credential sources as the CLI:
// Google from SPECBOUND_GOOGLE_TOKEN, credentials JSON or the stored login (resolveGoogleAuth);
// BugSmash from BUGSMASH_API_KEY / SPECBOUND_BUGSMASH_API_KEY or a key file. Missing credentials are
// an AuthRequiredError the server answers as a tool error; every credential value is registered with
// the redactor so it never reaches an answer or a log line.
//
// Each service has two clients: reads retry as the runtime does by default; writes never retry, so a
// write that timed out is not sent twice (the caller decides, knowing it may have happened).
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { AppsScriptClient } from '@specbound/apps-script';
import type { DriveClient } from '@specbound/drive';
import type { LoggingClient } from '@specbound/logging';
import type { BugSmash } from '../bugsmash/types.js';
import { AuthRequiredError } from '../errors.js';
import type { Redactor } from '../redact.js';

export interface ClientSettings {
  env: Record<string, string | undefined>;
  cwd: string;
  appsScriptUrl: string | undefined;
  bugsmashUrl: string | undefined;
  /** Cloud Logging's base URL (default Google's; the run tool reads a run's log lines there). */
  loggingUrl?: string | undefined;
  /** Drive's base URL (default: SPECBOUND_DRIVE_URL, else the Apps Script URL, else Google's). */
  driveUrl?: string | undefined;
  /** A stored-login profile (default: the default profile). */
  profile?: string | undefined;
  impersonate?: string | undefined;
  /** A file holding the BugSmash API key (instead of the environment). */
  bugsmashKeyFile?: string | undefined;
  /** The fetch every client uses (tests inject one; default: the runtime's). */
  fetch?: ((request: Request) => Promise<Response>) | undefined;
  redactor: Redactor;
  /** Server log lines (stderr for the stdio server), redacted before they are written. */
  log?: ((line: string) => void) | undefined;
}

export type ClientKind = 'read' | 'write';

const GOOGLE_FIX =
  "Set SPECBOUND_GOOGLE_TOKEN (or SPECBOUND_GOOGLE_CREDENTIALS to a credentials JSON file) in the MCP server's environment, or run `specbound login` once and restart the server.";
const BUGSMASH_FIX =
  "Create a key in BugSmash (Settings → API Key) and set BUGSMASH_API_KEY in the MCP server's environment (or start it with --api-key-file FILE).";

async function bugsmashKey(settings: ClientSettings): Promise<string> {
  if (settings.bugsmashKeyFile !== undefined) {
    const text = await readFile(resolve(settings.cwd, settings.bugsmashKeyFile), 'utf8').catch(() => {
      throw new AuthRequiredError(`Cannot read the BugSmash API key file ${settings.bugsmashKeyFile}.`, {
        hint: BUGSMASH_FIX,
      });
    });
    if (text.trim() !== '') return text.trim();
    throw new AuthRequiredError(`The BugSmash API key file ${settings.bugsmashKeyFile} is empty.`, {
      hint: BUGSMASH_FIX,
    });
  }
  const key = (settings.env.BUGSMASH_API_KEY ?? settings.env.SPECBOUND_BUGSMASH_API_KEY)?.trim();
  if (key === undefined || key === '') {
    throw new AuthRequiredError('No BugSmash API key: BUGSMASH_API_KEY is not set.', { hint: BUGSMASH_FIX });
  }
  return key;
}

async function googleToken(settings: ClientSettings): Promise<() => Promise<string>> {
  const { resolveGoogleAuth } = await import('../auth/resolve.js');
  let google: Awaited<ReturnType<typeof resolveGoogleAuth>>;
  try {
    google = await resolveGoogleAuth({
      env: settings.env,
      profile: settings.profile,
      impersonate: settings.impersonate,
      onWarning: (message) => settings.log?.(message),
    });
  } catch (error) {
    if (error instanceof AuthRequiredError) {
      throw new AuthRequiredError(`No Google credentials for the Apps Script tools: ${error.message}`, {
        hint: GOOGLE_FIX,
        cause: error,
      });
    }
    throw error;
  }
  for (const secret of google.secrets()) settings.redactor.add(secret);
  const token = async () => {
    const value = await google.auth();
    settings.redactor.add(value);
    return value;
  };
  await token(); // a refused credential fails here, as the CLI's does, before any API request
  return token;
}

/**
 * `create()` on the first call for `key`, then the same promise; a failed creation is forgotten, so
 * the next call tries again (a missing credential may have been fixed meanwhile).
 */
function once<T>(cache: Map<string, Promise<unknown>>, key: string, create: () => Promise<T>): Promise<T> {
  let value = cache.get(key) as Promise<T> | undefined;
  if (value === undefined) {
    value = create();
    cache.set(key, value);
    value.catch(() => cache.delete(key));
  }
  return value;
}

/** Lazily created clients, one per service and kind; one Google token source and one BugSmash key for all. */
export function clientFactory(settings: ClientSettings) {
  const cache = new Map<string, Promise<unknown>>();
  const common = (kind: ClientKind) => ({
    ...(kind === 'write' ? { retry: false as const } : {}),
    ...(settings.fetch === undefined ? {} : { fetch: settings.fetch }),
  });
  const token = () => once(cache, 'google-token', () => googleToken(settings));
  return {
    appsScript: (kind: ClientKind): Promise<AppsScriptClient> =>
      once(cache, `apps-script:${kind}`, async () => {
        const auth = await token();
        const { createAppsScriptClient } = await import('@specbound/apps-script');
        return createAppsScriptClient({ baseUrl: settings.appsScriptUrl, auth, ...common(kind) });
      }),
    /** Cloud Logging, with the Google credentials of the Apps Script clients; it only reads. */
    logging: (): Promise<LoggingClient> =>
      once(cache, 'logging', async () => {
        const auth = await token();
        const { createLoggingClient } = await import('@specbound/logging');
        return createLoggingClient({ baseUrl: settings.loggingUrl, auth, ...common('read') });
      }),
    /** Drive (read-only use: listing script projects), on the Apps Script URL's origin when it is not Google's. */
    drive: (): Promise<DriveClient> =>
      once(cache, 'drive', async () => {
        const auth = await token();
        const { createDriveClient } = await import('@specbound/drive');
        const baseUrl = settings.driveUrl ?? settings.env.SPECBOUND_DRIVE_URL ?? settings.appsScriptUrl;
        return createDriveClient({ auth, ...(baseUrl === undefined ? {} : { baseUrl }), ...common('read') });
      }),
    bugsmash: (kind: ClientKind): Promise<BugSmash> =>
      once(cache, `bugsmash:${kind}`, async () => {
        const apiKey = await once(cache, 'bugsmash-key', () => bugsmashKey(settings));
        settings.redactor.add(apiKey);
        const { createBugSmashClient } = await import('@specbound/bugsmash/node');
        return createBugSmashClient({ apiKey, baseUrl: settings.bugsmashUrl, ...common(kind) });
      }),
  };
}

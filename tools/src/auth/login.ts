// `specbound login`: the OAuth 2.0 installed-app flow (RFC 8252) with PKCE S256 and `state`.
// A one-shot server on 127.0.0.1 receives the redirect; on a machine without a browser the user opens
// the URL elsewhere and pastes the address the browser was sent to (or just its code) on stdin.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ToolsError, UsageError } from '../errors.js';
import { emailFromIdToken } from './credentials.js';
import { type GoogleOAuthEndpoints, resolveEndpoints } from './endpoints.js';
import type { OAuthClientId } from './google.js';
import { createPkce, createState } from './pkce.js';
import { LOGIN_SCOPES, mergeScopes, normalizeScope } from './scopes.js';
import { checkProfile, DEFAULT_PROFILE, type StoredLogin, writeLogin } from './store.js';

/**
 * The OAuth client `specbound login` uses unless given `--client-credentials`: clasp's public
 * "installed app" client, the one `clasp login` uses. Google's desktop clients cannot keep a secret
 * (Google's docs say so; clasp's source publishes it), so this is no credential. Why this default:
 * a user signs in without creating a Cloud project, sees the consent screen they already accepted for
 * clasp, and a login imported with `--from-clasp` is the very same client. Its limit is Google's:
 * `scripts.run` needs an OAuth client in the script's own standard Cloud project, so `run` users
 * log in with `--client-credentials` (see tools/docs/auth.md).
 */
export const DEFAULT_OAUTH_CLIENT: Readonly<OAuthClientId> = {
  clientId: '1072944905499-vm2v2i5dvn0a0d2o4ca36i1vge8cvbn0.apps.googleusercontent.com',
  clientSecret: 'v6V3fKV_zWU7iw1DrpO1rknX',
};

/** Reads a Google "installed" (Desktop app) OAuth client JSON, as the Cloud console downloads it. */
export async function readClientCredentials(file: string): Promise<OAuthClientId> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(
      `--client-credentials: cannot read ${file} (${(error as NodeJS.ErrnoException).code}).`,
      {
        hint: 'Download the OAuth client JSON (Cloud console → APIs & Services → Credentials → Desktop app) and pass its path.',
      },
    );
  }
  return parseClientCredentials(text, file);
}

export function parseClientCredentials(text: string, origin: string): OAuthClientId {
  const hint =
    'Create an OAuth client of type "Desktop app" (Cloud console → APIs & Services → Credentials), download its JSON and pass that file.';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(`--client-credentials: ${origin} is not JSON.`, { hint });
  }
  const root = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (root.web !== undefined && root.installed === undefined) {
    throw new UsageError(
      `--client-credentials: ${origin} is a "Web application" client, which cannot use the loopback redirect.`,
      { hint },
    );
  }
  const installed = root.installed as { client_id?: unknown; client_secret?: unknown } | undefined;
  if (typeof installed?.client_id !== 'string' || typeof installed.client_secret !== 'string') {
    throw new UsageError(
      `--client-credentials: ${origin} is not an installed-app OAuth client ({ "installed": { client_id, client_secret } }).`,
      { hint },
    );
  }
  return { clientId: installed.client_id, clientSecret: installed.client_secret };
}

export interface LoginOptions {
  profile?: string | undefined;
  /** The OAuth client (default DEFAULT_OAUTH_CLIENT). */
  client?: OAuthClientId | undefined;
  /** Scopes besides LOGIN_SCOPES, e.g. the script's own for `scripts.run` (short names allowed). */
  scopes?: readonly string[] | undefined;
  /** The loopback port (default 0: any free port). */
  port?: number | undefined;
  /** Receives the sign-in URL: the CLI prints it and opens a browser; a test plays the browser. */
  onAuthUrl: (url: string) => void | Promise<void>;
  /** Lines with the redirect URL (or the bare code) pasted by the user: stdin for `--no-browser`. */
  input?: NodeJS.ReadableStream | undefined;
  /** How long to wait for the sign-in (default 5 minutes). */
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
  /** Problems that do not stop the login (a stray request with the wrong state). */
  onWarning?: ((message: string) => void) | undefined;
  env?: Record<string, string | undefined> | undefined;
  configDir?: string | undefined;
  endpoints?: Partial<GoogleOAuthEndpoints> | undefined;
  fetch?: typeof fetch | undefined;
}

export interface LoginResult {
  profile: string;
  /** The stored login's file. */
  file: string;
  account: string | undefined;
  /** The scopes Google granted. */
  scopes: string[];
  /** Asked-for scopes the user did not grant (Google lets them untick some). */
  missingScopes: string[];
  clientId: string;
  /** Whether the default (clasp's public) client was used. */
  defaultClient: boolean;
}

const DEFAULT_TIMEOUT_MS = 5 * 60_000;

/** Runs the browser sign-in and stores the login for the profile. */
export async function login(options: LoginOptions): Promise<LoginResult> {
  const env = options.env ?? process.env;
  const profile = checkProfile(options.profile ?? DEFAULT_PROFILE);
  const client = options.client ?? DEFAULT_OAUTH_CLIENT;
  const endpoints = resolveEndpoints(env, options.endpoints);
  const scopes = mergeScopes(LOGIN_SCOPES, (options.scopes ?? []).map(normalizeScope));
  const pkce = createPkce();
  const state = createState();

  const receiver = await startReceiver(options.port ?? 0, state, options.onWarning);
  const redirectUri = receiver.redirectUri;
  const url = new URL(endpoints.auth);
  url.search = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: scopes.join(' '),
    code_challenge: pkce.challenge,
    code_challenge_method: pkce.method,
    state,
    // A refresh token, and a fresh one even when the user consented before.
    access_type: 'offline',
    prompt: 'consent',
  }).toString();

  let code: string;
  const timeout = deadline(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, options.signal);
  try {
    const waits: Promise<string>[] = [receiver.code, timeout.promise];
    if (options.input !== undefined) waits.push(readPasted(options.input, state, receiver));
    const pending = Promise.race(waits);
    pending.catch(() => {}); // awaited below, after the URL is handed out
    await options.onAuthUrl(url.toString());
    code = await pending;
  } finally {
    timeout.cancel();
    await receiver.close();
  }

  const { exchangeCode } = await import('./google.js');
  const tokens = await exchangeCode({
    ...client,
    code,
    codeVerifier: pkce.verifier,
    redirectUri,
    endpoints,
    fetch: options.fetch,
  });
  if (typeof tokens.refresh_token !== 'string' || tokens.refresh_token === '') {
    throw new ToolsError('Google signed you in but gave no refresh token, so the login could not be kept.', {
      code: 'login-no-refresh-token',
    });
  }
  const granted = typeof tokens.scope === 'string' ? tokens.scope.split(' ').filter(Boolean) : scopes;
  const stored: StoredLogin = {
    version: 1,
    type: 'authorized_user',
    client_id: client.clientId,
    client_secret: client.clientSecret,
    refresh_token: tokens.refresh_token,
    access_token: tokens.access_token ?? undefined,
    expiry_date: tokens.expiry_date ?? undefined,
    account: emailFromIdToken(tokens.id_token),
    scopes: granted,
    origin: 'login',
    created: new Date().toISOString(),
  };
  const file = await writeLogin(profile, stored, { env, configDir: options.configDir });
  return {
    profile,
    file,
    account: stored.account,
    scopes: granted,
    missingScopes: scopes.filter((scope) => !granted.includes(scope) && scope !== 'openid'),
    clientId: client.clientId,
    defaultClient: client.clientId === DEFAULT_OAUTH_CLIENT.clientId,
  };
}

interface Receiver {
  redirectUri: string;
  /** Resolves with the code of the first redirect that carries this login's state. */
  code: Promise<string>;
  /** Settles `code` from elsewhere (a pasted URL). */
  settle(result: { code: string } | { error: Error }): void;
  close(): Promise<void>;
}

async function startReceiver(
  port: number,
  state: string,
  onWarning?: (message: string) => void,
): Promise<Receiver> {
  let resolveCode!: (code: string) => void;
  let rejectCode!: (error: Error) => void;
  const code = new Promise<string>((resolve, reject) => {
    resolveCode = resolve;
    rejectCode = reject;
  });
  code.catch(() => {}); // observed by the race; never an unhandled rejection here
  let settled = false;
  const settle = (result: { code: string } | { error: Error }) => {
    if (settled) return;
    settled = true;
    if ('code' in result) resolveCode(result.code);
    else rejectCode(result.error);
  };

  // `getBuiltinModule`, not an import: node:http costs every `import '@specbound/tools'` ~20 ms.
  const { createServer } = process.getBuiltinModule('node:http');
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== '/') {
      page(res, 404, 'Not found.');
      return;
    }
    const outcome = redirectOutcome(url.searchParams, state);
    if (outcome.kind === 'wrong-state') {
      // Not this login's redirect (a stale tab, or a forged request): refuse it and keep waiting.
      page(
        res,
        400,
        'This sign-in link does not belong to the running `specbound login`. Start again from its URL.',
      );
      onWarning?.('ignored a redirect whose state does not match this login');
      return;
    }
    if (outcome.kind === 'error') {
      page(res, 400, `Sign-in failed: ${outcome.error.message} You can close this tab.`);
      settle({ error: outcome.error });
      return;
    }
    page(res, 200, 'Signed in to specbound. You can close this tab and return to the terminal.');
    settle({ code: outcome.code });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new UsageError(`--port: cannot listen on 127.0.0.1:${port} (${error.code ?? error.message}).`, {
          code: 'login-port-busy',
          details: { port: String(port) },
        }),
      );
    });
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${actual}`,
    code,
    settle,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Outcome = { kind: 'code'; code: string } | { kind: 'error'; error: Error } | { kind: 'wrong-state' };

function redirectOutcome(params: URLSearchParams, state: string): Outcome {
  if (params.get('state') !== state) return { kind: 'wrong-state' };
  const error = params.get('error');
  if (error !== null) {
    const text =
      error === 'access_denied' ? 'access was denied at the consent screen.' : `Google answered "${error}".`;
    return {
      kind: 'error',
      error: new ToolsError(`Sign-in failed: ${text}`, {
        code: 'login-denied',
        details: { error },
      }),
    };
  }
  const code = params.get('code');
  if (code === null || code === '') {
    return {
      kind: 'error',
      error: new ToolsError('Sign-in failed: the redirect carried no code.', {
        code: 'login-no-code',
      }),
    };
  }
  return { kind: 'code', code };
}

/**
 * Lines pasted for a headless login: the whole address the browser was redirected to (its state is
 * checked), or just the `code` parameter (then PKCE alone binds it to this login).
 */
function readPasted(input: NodeJS.ReadableStream, state: string, receiver: Receiver): Promise<string> {
  const { createInterface } = process.getBuiltinModule('node:readline');
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  const close = () => lines.close();
  receiver.code.then(close, close);
  const pasted = new Promise<string>((_resolve, reject) => {
    lines.on('line', (raw) => {
      const line = raw.trim();
      if (line === '') return;
      if (/^https?:\/\//.test(line)) {
        let params: URLSearchParams;
        try {
          params = new URL(line).searchParams;
        } catch {
          return;
        }
        const outcome = redirectOutcome(params, state);
        if (outcome.kind === 'code') receiver.settle({ code: outcome.code });
        else if (outcome.kind === 'error') receiver.settle({ error: outcome.error });
        else reject(pasteError('the pasted address belongs to another sign-in (its state does not match).'));
        return;
      }
      if (/^[\w/.-]+$/.test(line)) receiver.settle({ code: line });
      else reject(pasteError('the pasted line is neither the redirect address nor a code.'));
    });
    // Input that ends before a code (stdin closed, /dev/null, an empty pipe) can never give one:
    // fail now rather than wait for the timeout. After a code, the race is already won.
    lines.on('close', () =>
      reject(
        new UsageError('Sign-in needs the redirect address or code, but the input ended without one.', {
          code: 'login-input-closed',
        }),
      ),
    );
  });
  pasted.catch(() => {});
  return pasted;
}

function pasteError(what: string): ToolsError {
  return new ToolsError(`Sign-in failed: ${what}`, {
    code: 'login-paste-invalid',
  });
}

function deadline(ms: number, signal: AbortSignal | undefined): { promise: Promise<never>; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const promise = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new ToolsError(`No sign-in within ${Math.round(ms / 1000)} s.`, {
            code: 'login-timeout',
          }),
        ),
      ms,
    );
    onAbort = () => reject(new ToolsError('Sign-in cancelled.', { code: 'login-cancelled' }));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  promise.catch(() => {});
  return {
    promise,
    cancel() {
      clearTimeout(timer);
      if (onAbort !== undefined) signal?.removeEventListener('abort', onAbort);
    },
  };
}

function page(res: ServerResponse, status: number, text: string): void {
  const html = `<!doctype html><meta charset="utf-8"><title>specbound login</title><p style="font:16px system-ui;margin:3em">${escapeHtml(text)}</p>`;
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'close',
  });
  res.end(html);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

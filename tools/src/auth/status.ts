// `specbound auth status`: which credentials a command would use, for which account and scopes, and
// until when. It gets a token (refreshing it if needed, which proves the credentials work) and asks
// Google's tokeninfo what it covers; the token itself is never part of the result.
import { stat } from 'node:fs/promises';
import { type GoogleOAuthEndpoints, resolveEndpoints } from './endpoints.js';
import { type GoogleAuthDescription, type ResolveGoogleAuthOptions, resolveGoogleAuth } from './resolve.js';
import { APPS_SCRIPT_SCOPES } from './scopes.js';

export interface AuthStatusOptions extends ResolveGoogleAuthOptions {
  /** Skip the network: report what the configuration says (default false). */
  offline?: boolean | undefined;
}

export interface AuthStatus extends GoogleAuthDescription {
  /**
   * Whether Google's tokeninfo accepted the token. False when it was not asked (offline), refused the
   * token or did not answer: an env token is only a string until Google has seen it.
   */
  verified: boolean;
  /** ISO time the current access token expires, when known. */
  expiresAt?: string | undefined;
  /** Apps Script scopes the credentials lack (only when the scopes are known). */
  missingScopes?: string[] | undefined;
  /** Things worth knowing: a source that hides another, an unanswered tokeninfo. */
  notes: string[];
}

/** Resolves the credentials as a command would, then describes them. Throws AuthRequiredError like a command. */
export async function authStatus(options: AuthStatusOptions = {}): Promise<AuthStatus> {
  const env = options.env ?? process.env;
  const google = await resolveGoogleAuth(options);
  const status: AuthStatus = {
    ...google.description,
    verified: false,
    notes: shadowedSources(google.description, env),
  };
  if (google.description.source === 'stored-login' && process.platform !== 'win32') {
    const mode = (await stat(google.description.origin)).mode & 0o777;
    if ((mode & 0o077) !== 0) {
      status.notes.push(
        `${google.description.origin} is readable by others (mode ${mode.toString(8)}): run chmod 600 on it.`,
      );
    }
  }
  if (options.offline !== true) {
    const token = await google.auth();
    const expiry = google.expiryDate();
    if (expiry !== undefined) status.expiresAt = new Date(expiry).toISOString();
    const endpoints = resolveEndpoints(env, options.endpoints);
    const info = await tokenInfo(token, endpoints, options.fetch ?? fetch);
    if ('note' in info) {
      status.notes.push(info.note);
    } else {
      status.verified = true;
      status.scopes = info.scopes;
      if (info.email !== undefined) status.account ??= info.email;
      if (info.expiresAt !== undefined) status.expiresAt = info.expiresAt;
    }
  }
  if (status.scopes !== undefined) {
    const missing = APPS_SCRIPT_SCOPES.filter((scope) => !status.scopes?.includes(scope));
    if (missing.length > 0) status.missingScopes = missing;
  }
  return status;
}

function shadowedSources(
  description: GoogleAuthDescription,
  env: Record<string, string | undefined>,
): string[] {
  const set = (name: string) => (env[name] ?? '').trim() !== '';
  const notes: string[] = [];
  const later: string[] = [];
  if (description.source === 'env-token') {
    if (set('SPECBOUND_GOOGLE_CREDENTIALS')) later.push('SPECBOUND_GOOGLE_CREDENTIALS');
    if (set('GOOGLE_APPLICATION_CREDENTIALS')) later.push('GOOGLE_APPLICATION_CREDENTIALS');
  }
  if (description.source === 'env-credentials' && set('GOOGLE_APPLICATION_CREDENTIALS')) {
    later.push('GOOGLE_APPLICATION_CREDENTIALS');
  }
  if (later.length > 0) notes.push(`${description.origin} takes precedence over ${later.join(' and ')}.`);
  if (description.source !== 'stored-login') {
    notes.push(
      `${description.origin} takes precedence over any stored login (unset it to use \`specbound login\`).`,
    );
  }
  return notes;
}

type TokenInfo =
  | { scopes: string[]; email?: string | undefined; expiresAt?: string | undefined }
  | { note: string; invalid: boolean };

async function tokenInfo(
  token: string,
  endpoints: GoogleOAuthEndpoints,
  fetchImpl: typeof fetch,
): Promise<TokenInfo> {
  let response: Response;
  try {
    // As google-auth-library's getTokenInfo asks: POST with the token in the Authorization header,
    // never in the URL (?access_token=…), which proxies and logs keep.
    response = await fetchImpl(endpoints.tokenInfo, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
        authorization: `Bearer ${token}`,
      },
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    return {
      note: `tokeninfo (${endpoints.tokenInfo}) did not answer (${(error as Error).name}); scopes unknown.`,
      invalid: false,
    };
  }
  const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  if (response.status === 400 && body?.error === 'invalid_token') {
    return { note: 'Google does not accept the access token (expired or revoked).', invalid: true };
  }
  if (!response.ok || body === undefined || typeof body.scope !== 'string') {
    return {
      note: `tokeninfo (${endpoints.tokenInfo}) answered ${response.status}; scopes unknown.`,
      invalid: false,
    };
  }
  const expiresIn = Number(body.expires_in);
  return {
    scopes: body.scope.split(' ').filter(Boolean),
    email: typeof body.email === 'string' ? body.email : undefined,
    expiresAt: Number.isFinite(expiresIn) ? new Date(Date.now() + expiresIn * 1000).toISOString() : undefined,
  };
}

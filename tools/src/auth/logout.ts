// `specbound logout`: revokes the stored login's grant at Google (when it is ours to revoke) and
// deletes the file.
import { ToolsError } from '../errors.js';
import { type GoogleOAuthEndpoints, resolveEndpoints } from './endpoints.js';
import { checkProfile, DEFAULT_PROFILE, deleteLogin, loginFile, readLogin } from './store.js';

export interface LogoutOptions {
  profile?: string | undefined;
  /**
   * Revoke the grant at Google. Default: yes for a `specbound login`, no for a login imported from
   * clasp, whose refresh token clasp still uses (revoking it would log clasp out too).
   */
  revoke?: boolean | undefined;
  env?: Record<string, string | undefined> | undefined;
  configDir?: string | undefined;
  endpoints?: Partial<GoogleOAuthEndpoints> | undefined;
  fetch?: typeof fetch | undefined;
}

export interface LogoutResult {
  profile: string;
  file: string;
  /** Whether there was a stored login to delete. */
  removed: boolean;
  /** `revoked`, `skipped` (not asked, or clasp's), `failed` (deleted anyway; see `revokeError`). */
  revocation: 'revoked' | 'skipped' | 'failed' | 'none';
  revokeError?: string | undefined;
  account?: string | undefined;
}

export async function logout(options: LogoutOptions = {}): Promise<LogoutResult> {
  const env = options.env ?? process.env;
  const profile = checkProfile(options.profile ?? DEFAULT_PROFILE);
  const location = { env, configDir: options.configDir };
  const file = loginFile(profile, location);
  const stored = await readLogin(profile, location);
  if (stored === undefined) return { profile, file, removed: false, revocation: 'none' };

  const revoke = options.revoke ?? stored.origin === 'login';
  let revocation: LogoutResult['revocation'] = 'skipped';
  let revokeError: string | undefined;
  if (revoke) {
    const endpoints = resolveEndpoints(env, options.endpoints);
    try {
      await revokeToken(stored.refresh_token, endpoints.revoke, options.fetch ?? fetch);
      revocation = 'revoked';
    } catch (error) {
      revocation = 'failed';
      revokeError = (error as Error).message;
    }
  }
  // Deleted even when revoking failed: the user asked to be logged out here.
  await deleteLogin(profile, location);
  return { profile, file, removed: true, revocation, revokeError, account: stored.account };
}

/**
 * RFC 7009 revocation, the token in the POST body (never in the URL, which proxies log). Google answers
 * 400 `invalid_token` for a token that is already revoked or expired: that counts as revoked.
 */
export async function revokeToken(
  token: string,
  url: string,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new ToolsError(`could not reach ${url} (${(error as Error).name})`);
  }
  if (response.ok) return;
  const body = (await response.json().catch(() => ({}))) as { error?: unknown };
  if (response.status === 400 && body.error === 'invalid_token') return;
  throw new ToolsError(
    `${url} answered ${response.status}${typeof body.error === 'string' ? ` ${body.error}` : ''}`,
  );
}

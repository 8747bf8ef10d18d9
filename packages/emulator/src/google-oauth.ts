// A stand-in for Google's OAuth 2.0 token endpoint (`https://oauth2.googleapis.com/token`), served at
// `/oauth2/token`. Tools that hold a refresh token (clasp's ~/.clasprc.json, google-auth-library's
// `authorized_user` credentials) refresh it before their first call; the redirect preload sends that
// refresh here, and the emulator answers with a local access token for ANY refresh token, so an
// expired or dummy credentials file works offline.
//
// The access token is derived from the refresh token (a hash, never the token itself): every refresh
// of one credential yields the same bearer token, so the emulator sees the same user across runs
// (what the creator-only checks of `devMode` and `executionApi.access: MYSELF` rely on).
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mediaTypeOf, readBody } from './core/body.ts';
import { send } from './core/pipeline.ts';

/** Where the emulator serves Google's OAuth 2.0 endpoints; the redirect maps `oauth2.googleapis.com` here. */
const GOOGLE_OAUTH_PREFIX = '/oauth2';

/** Lifetime the token endpoint announces, as Google does (one hour, less a second). */
const EXPIRES_IN_SECONDS = 3599;

export function isGoogleOAuthPath(pathname: string): boolean {
  return pathname === GOOGLE_OAUTH_PREFIX || pathname.startsWith(`${GOOGLE_OAUTH_PREFIX}/`);
}

/** The local access token the emulator gives for a refresh token: stable, and never the refresh token. */
function localAccessToken(refreshToken: string): string {
  const digest = createHash('sha256').update(`specbound-emulator:${refreshToken}`).digest('base64url');
  return `ya29.local-${digest.slice(0, 32)}`;
}

/** Google's error body for the token endpoint: `{ error, error_description }`, HTTP 400. */
function oauthError(res: ServerResponse, status: number, error: string, description: string): void {
  send(res, { status, body: { error, error_description: description } });
}

async function readParams(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  const raw = (await readBody(req, 64 * 1024)).toString('utf8');
  const type = mediaTypeOf(req.headers['content-type']);
  if (type === 'application/json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return undefined;
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(parsed)) if (typeof value === 'string') params.set(key, value);
    return params;
  }
  return new URLSearchParams(raw);
}

/** Answers a request under `/oauth2/`: `POST /oauth2/token` with `grant_type=refresh_token`. */
export async function handleGoogleOAuth(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const path = url.pathname.slice(GOOGLE_OAUTH_PREFIX.length);
  if (path !== '/token') {
    req.resume();
    return send(res, {
      status: 404,
      body: { error: 'not_found', error_description: `No such endpoint ${url.pathname}` },
    });
  }
  if (req.method !== 'POST') {
    req.resume();
    return oauthError(res, 405, 'invalid_request', 'The token endpoint accepts POST only.');
  }
  const params = await readParams(req);
  if (params === undefined)
    return oauthError(res, 400, 'invalid_request', 'The request body is not a JSON object.');
  const grantType = params.get('grant_type');
  if (grantType === null || grantType === '') {
    return oauthError(res, 400, 'unsupported_grant_type', 'Invalid grant_type: ');
  }
  if (grantType !== 'refresh_token') {
    return oauthError(
      res,
      400,
      'unsupported_grant_type',
      `Invalid grant_type: ${grantType} (the emulator refreshes tokens only; any refresh_token is accepted)`,
    );
  }
  const refreshToken = params.get('refresh_token');
  if (refreshToken === null || refreshToken === '') {
    return oauthError(res, 400, 'invalid_request', 'Missing required parameter: refresh_token');
  }
  const body: Record<string, string | number> = {
    access_token: localAccessToken(refreshToken),
    expires_in: EXPIRES_IN_SECONDS,
    token_type: 'Bearer',
  };
  const scope = params.get('scope');
  if (scope !== null && scope !== '') body.scope = scope;
  send(res, {
    status: 200,
    body,
    headers: { 'cache-control': 'no-cache, no-store, max-age=0, must-revalidate' },
  });
}

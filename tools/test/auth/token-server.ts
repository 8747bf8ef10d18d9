// A stand-in for Google's OAuth endpoints on 127.0.0.1, strict about every grant: it checks the client,
// the refresh token, the PKCE verifier against the challenge of the authorization request, and a
// service account's JWT (signature with the account's public key, iss, sub, aud, scope, expiry).
import { createHash, generateKeyPairSync, type KeyObject, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const CLIENT = {
  clientId: 'test-client.apps.googleusercontent.com',
  clientSecret: 'test-client-secret-5up3r',
};
export const USER_EMAIL = 'ada@example.com';
export const GOOGLE_TOKEN_AUD = 'https://oauth2.googleapis.com/token';

export interface ServiceAccount {
  email: string;
  clientId: string;
  privateKeyPem: string;
  publicKey: KeyObject;
  /** The credentials JSON as the Cloud console downloads it. */
  json: string;
}

export function createServiceAccount(email = 'deployer@proj.iam.gserviceaccount.com'): ServiceAccount {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const clientId = '109876543210987654321';
  const json = JSON.stringify({
    type: 'service_account',
    project_id: 'proj',
    private_key_id: 'key-1',
    private_key: privateKeyPem,
    client_email: email,
    client_id: clientId,
    token_uri: GOOGLE_TOKEN_AUD,
  });
  return { email, clientId, privateKeyPem, publicKey, json };
}

interface GrantRecord {
  grant_type: string;
  params: Record<string, string>;
  /** The verified JWT claims (jwt-bearer grants). */
  claims?: Record<string, unknown>;
}

export interface TokenServer {
  url: string;
  tokenUrl: string;
  authUrl: string;
  /** Every grant the token endpoint accepted or refused, in order. */
  grants: GrantRecord[];
  /** Revoked tokens, in order. */
  revoked: string[];
  /** Access tokens issued, in order. */
  issued: string[];
  /** Refresh tokens the server knows (add one to make it valid). */
  refreshTokens: Set<string>;
  /** Users a service account may act for (its domain-wide delegation). */
  delegated: Map<string, Set<string>>;
  /** Seconds each issued access token lives. */
  expiresIn: number;
  /** Scopes granted at consent (default: all asked for); set to drop some. */
  grantScopes?: (asked: string[]) => string[];
  close(): Promise<void>;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  scope: string;
}

export async function startTokenServer(
  options: { serviceAccounts?: ServiceAccount[] } = {},
): Promise<TokenServer> {
  const accounts = new Map((options.serviceAccounts ?? []).map((sa) => [sa.email, sa]));
  const codes = new Map<string, PendingCode>();
  const tokenScopes = new Map<string, string>();
  let counter = 0;
  const state: Omit<TokenServer, 'url' | 'tokenUrl' | 'authUrl' | 'close'> = {
    grants: [],
    revoked: [],
    issued: [],
    refreshTokens: new Set(),
    delegated: new Map(),
    expiresIn: 3600,
  };

  const issue = (scope: string) => {
    counter += 1;
    const token = `ya29.test-access-${counter}-${'x'.repeat(16)}`;
    state.issued.push(token);
    tokenScopes.set(token, scope);
    return token;
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = req.method === 'POST' ? new URLSearchParams(await readBody(req)) : new URLSearchParams();
    const params = Object.fromEntries(body);
    if (req.method === 'GET' && url.pathname === '/auth') return authorize(url.searchParams, res);
    if (req.method === 'POST' && url.pathname === '/token') return token(req, params, res);
    if (req.method === 'POST' && url.pathname === '/revoke') {
      const value = params.token ?? '';
      if (!state.refreshTokens.has(value) && !state.issued.includes(value)) {
        return json(res, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
      }
      state.revoked.push(value);
      state.refreshTokens.delete(value);
      return json(res, 200, {});
    }
    if (req.method === 'POST' && url.pathname === '/tokeninfo') {
      const bearer = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
      if (params.access_token !== undefined || req.url?.includes('access_token')) {
        return json(res, 400, { error: 'invalid_request', error_description: 'token outside the header' });
      }
      const scope = tokenScopes.get(bearer ?? '');
      if (scope === undefined)
        return json(res, 400, { error: 'invalid_token', error_description: 'Invalid Value' });
      return json(res, 200, {
        scope,
        expires_in: String(state.expiresIn),
        email: USER_EMAIL,
        email_verified: 'true',
      });
    }
    json(res, 404, { error: 'not_found' });
  });

  function authorize(query: URLSearchParams, res: ServerResponse) {
    const redirectUri = query.get('redirect_uri') ?? '';
    const problems: string[] = [];
    if (query.get('client_id') !== CLIENT.clientId) problems.push('client_id');
    if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(redirectUri)) problems.push('redirect_uri');
    if (query.get('response_type') !== 'code') problems.push('response_type');
    if (query.get('code_challenge_method') !== 'S256') problems.push('code_challenge_method');
    if (!/^[\w-]{43}$/.test(query.get('code_challenge') ?? '')) problems.push('code_challenge');
    if ((query.get('state') ?? '').length < 16) problems.push('state');
    if (query.get('access_type') !== 'offline') problems.push('access_type');
    if (problems.length > 0) return json(res, 400, { error: 'invalid_request', fields: problems });
    const asked = (query.get('scope') ?? '').split(' ');
    const scope = (state as TokenServer).grantScopes?.(asked) ?? asked;
    const code = `4/test-code-${++counter}`;
    codes.set(code, {
      clientId: CLIENT.clientId,
      redirectUri,
      challenge: query.get('code_challenge') ?? '',
      scope: scope.join(' '),
    });
    const target = new URL(redirectUri);
    target.searchParams.set('state', query.get('state') ?? '');
    target.searchParams.set('code', code);
    res.writeHead(302, { location: target.toString() });
    res.end();
  }

  function clientOk(req: IncomingMessage, params: Record<string, string>): boolean {
    const basic = req.headers.authorization?.match(/^Basic (.+)$/)?.[1];
    const [id, secret] = basic
      ? Buffer.from(basic, 'base64').toString('utf8').split(':')
      : [params.client_id, params.client_secret];
    return id === CLIENT.clientId && secret === CLIENT.clientSecret;
  }

  function token(req: IncomingMessage, params: Record<string, string>, res: ServerResponse) {
    const grant_type = params.grant_type ?? '';
    const record: GrantRecord = { grant_type, params };
    state.grants.push(record);
    if (grant_type === 'refresh_token') {
      if (!clientOk(req, params))
        return json(res, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
      if (!state.refreshTokens.has(params.refresh_token ?? '')) {
        return json(res, 400, {
          error: 'invalid_grant',
          error_description: 'Token has been expired or revoked.',
        });
      }
      const scope =
        'https://www.googleapis.com/auth/script.projects https://www.googleapis.com/auth/script.deployments https://www.googleapis.com/auth/script.processes https://www.googleapis.com/auth/script.metrics';
      return json(res, 200, {
        access_token: issue(scope),
        expires_in: state.expiresIn,
        token_type: 'Bearer',
        scope,
      });
    }
    if (grant_type === 'authorization_code') {
      const pending = codes.get(params.code ?? '');
      codes.delete(params.code ?? '');
      if (pending === undefined)
        return json(res, 400, { error: 'invalid_grant', error_description: 'Malformed auth code.' });
      if (!clientOk(req, params)) return json(res, 401, { error: 'invalid_client' });
      if (params.redirect_uri !== pending.redirectUri) {
        return json(res, 400, { error: 'redirect_uri_mismatch', error_description: 'Bad Request' });
      }
      const verifier = params.code_verifier ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (challenge !== pending.challenge) {
        return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid code verifier.' });
      }
      const refresh = `1//test-refresh-${++counter}-${'r'.repeat(20)}`;
      state.refreshTokens.add(refresh);
      const idToken = [
        b64({ alg: 'RS256', typ: 'JWT' }),
        b64({ iss: 'https://accounts.google.com', email: USER_EMAIL, email_verified: true, sub: '1234' }),
        'c2lnbmF0dXJl',
      ].join('.');
      return json(res, 200, {
        access_token: issue(pending.scope),
        refresh_token: refresh,
        expires_in: state.expiresIn,
        token_type: 'Bearer',
        scope: pending.scope,
        id_token: idToken,
      });
    }
    if (grant_type === 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      const claims = verifyAssertion(params.assertion ?? '');
      if (typeof claims === 'string')
        return json(res, 400, { error: 'invalid_grant', error_description: claims });
      record.claims = claims;
      const allowed = state.delegated.get(String(claims.iss));
      if (claims.sub === undefined) {
        // What Google gives a plain service-account token; the Apps Script API would refuse it anyway.
        return json(res, 400, {
          error: 'invalid_request',
          error_description: 'sub required by this test server',
        });
      }
      if (allowed === undefined || !allowed.has(String(claims.sub))) {
        return json(res, 401, {
          error: 'unauthorized_client',
          error_description:
            'Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested.',
        });
      }
      const scope = String(claims.scope);
      return json(res, 200, {
        access_token: issue(scope),
        expires_in: state.expiresIn,
        token_type: 'Bearer',
      });
    }
    return json(res, 400, {
      error: 'unsupported_grant_type',
      error_description: `Invalid grant_type: ${grant_type}`,
    });
  }

  function verifyAssertion(assertion: string): Record<string, unknown> | string {
    const [header, payload, signature] = assertion.split('.');
    if (header === undefined || payload === undefined || signature === undefined) return 'malformed JWT';
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const account = accounts.get(String(claims.iss));
    if (account === undefined) return 'unknown issuer';
    const ok = verify(
      'RSA-SHA256',
      Buffer.from(`${header}.${payload}`),
      account.publicKey,
      Buffer.from(signature, 'base64url'),
    );
    if (!ok) return 'Invalid JWT Signature.';
    if (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')).alg !== 'RS256') return 'alg';
    if (claims.aud !== GOOGLE_TOKEN_AUD) return 'Invalid JWT: aud';
    const now = Date.now() / 1000;
    if (
      typeof claims.iat !== 'number' ||
      typeof claims.exp !== 'number' ||
      claims.exp < now ||
      claims.exp - claims.iat > 3600
    ) {
      return 'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.';
    }
    if (typeof claims.scope !== 'string' || claims.scope === '') return 'Invalid JWT: scope';
    return claims;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return Object.assign(state, {
    url,
    tokenUrl: `${url}/token`,
    authUrl: `${url}/auth`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as TokenServer;
}

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_OAUTH_CLIENT, login, parseClientCredentials } from '../../src/auth/login.js';
import { pkceChallenge } from '../../src/auth/pkce.js';
import { readLogin } from '../../src/auth/store.js';
import { describeError } from '../../src/cli/report.js';
import { ToolsError, UsageError } from '../../src/errors.js';
import { useTempDir } from '../support/temp-dir.js';
import { CLIENT, startTokenServer, type TokenServer, USER_EMAIL } from './token-server.js';

let server: TokenServer;
let dir: string;
beforeAll(async () => {
  server = await startTokenServer();
});
afterAll(async () => {
  await server.close();
});
useTempDir('specbound-login-', (path) => {
  dir = path;
});
beforeEach(() => {
  server.grants.length = 0;
  delete server.grantScopes;
});

const base = () => ({
  client: CLIENT,
  env: {
    SPECBOUND_CONFIG_DIR: dir,
    SPECBOUND_GOOGLE_TOKEN_URL: server.tokenUrl,
    SPECBOUND_GOOGLE_AUTH_URL: server.authUrl,
  },
  timeoutMs: 10_000,
});

/** Plays the browser: the consent screen redirects to the loopback address, which the browser follows. */
async function browser(url: string): Promise<Response> {
  return fetch(url);
}

/** Plays a browser on another machine: returns where the consent screen redirects, without following. */
async function consent(url: string): Promise<string> {
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return response.headers.get('location') ?? '';
}

describe('pkce', () => {
  it('computes the S256 challenge of RFC 7636 appendix B', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });
});

describe('login (PKCE on a 127.0.0.1 loopback port)', () => {
  it('runs the whole flow: auth URL → redirect with code → code + verifier exchange → stored login', async () => {
    let authUrl = '';
    let page: Response | undefined;
    const result = await login({
      ...base(),
      scopes: ['spreadsheets'],
      onAuthUrl: async (url) => {
        authUrl = url;
        page = await browser(url);
      },
    });
    const params = new URL(authUrl).searchParams;
    expect(authUrl.startsWith(server.authUrl)).toBe(true);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(params.get('access_type')).toBe('offline');
    expect(params.get('scope')?.split(' ')).toEqual([
      'https://www.googleapis.com/auth/script.projects',
      'https://www.googleapis.com/auth/script.deployments',
      'https://www.googleapis.com/auth/script.processes',
      'https://www.googleapis.com/auth/script.metrics',
      'https://www.googleapis.com/auth/drive.metadata.readonly',
      'https://www.googleapis.com/auth/drive.file',
      'openid',
      'https://www.googleapis.com/auth/userinfo.email',
      'https://www.googleapis.com/auth/spreadsheets',
    ]);
    expect(page?.status).toBe(200);
    expect(await page?.text()).toContain('Signed in to specbound');

    // The token endpoint got the verifier whose S256 hash is the challenge of the auth URL.
    const grant = server.grants.find((g) => g.grant_type === 'authorization_code');
    expect(pkceChallenge(grant?.params.code_verifier ?? '')).toBe(params.get('code_challenge'));
    expect(grant?.params.redirect_uri).toBe(params.get('redirect_uri'));
    expect(authUrl).not.toContain(grant?.params.code_verifier ?? 'missing');

    expect(result).toMatchObject({
      profile: 'default',
      account: USER_EMAIL,
      missingScopes: [],
      clientId: CLIENT.clientId,
      defaultClient: false,
      file: join(dir, 'auth', 'default.json'),
    });
    const stored = await readLogin('default', { configDir: dir });
    expect(stored).toMatchObject({ origin: 'login', account: USER_EMAIL, client_id: CLIENT.clientId });
    expect(server.refreshTokens.has(stored?.refresh_token ?? '')).toBe(true);
    if (process.platform !== 'win32') {
      expect((await stat(result.file)).mode & 0o777).toBe(0o600);
      expect((await stat(join(dir, 'auth'))).mode & 0o777).toBe(0o700);
    }
    expect(await readdir(join(dir, 'auth'))).toEqual(['default.json']); // no temporary file left
  });

  it('a redirect with another state is refused and the login keeps waiting for its own', async () => {
    const warnings: string[] = [];
    const result = await login({
      ...base(),
      profile: 'p2',
      onWarning: (w) => warnings.push(w),
      onAuthUrl: async (url) => {
        const redirect = new URL(await consent(url));
        const forged = new URL(redirect);
        forged.searchParams.set('state', 'attacker-state-attacker');
        forged.searchParams.set('code', '4/attacker-code');
        const refused = await fetch(forged);
        expect(refused.status).toBe(400);
        expect((await fetch(redirect)).status).toBe(200);
      },
    });
    expect(result.profile).toBe('p2');
    expect(warnings).toEqual(['ignored a redirect whose state does not match this login']);
    expect(
      server.grants.filter((g) => g.grant_type === 'authorization_code').map((g) => g.params.code),
    ).not.toContain('4/attacker-code');
  });

  it('denied consent fails with the way forward', async () => {
    const error = await login({
      ...base(),
      onAuthUrl: async (url) => {
        const redirect = new URL(await consent(url));
        redirect.searchParams.delete('code');
        redirect.searchParams.set('error', 'access_denied');
        expect((await fetch(redirect)).status).toBe(400);
      },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolsError);
    expect((error as ToolsError).message).toBe('Sign-in failed: access was denied at the consent screen.');
    expect(await readLogin('default', { configDir: dir })).toBeUndefined();
  });

  it('--no-browser: the pasted redirect address completes the login', async () => {
    const input = new PassThrough();
    const result = await login({
      ...base(),
      input,
      onAuthUrl: async (url) => {
        input.write(`  ${await consent(url)}  \n`);
      },
    });
    expect(result.account).toBe(USER_EMAIL);
  });

  it('--no-browser: a pasted bare code works too (PKCE binds it to this login)', async () => {
    const input = new PassThrough();
    await login({
      ...base(),
      input,
      onAuthUrl: async (url) => {
        input.write(`${new URL(await consent(url)).searchParams.get('code')}\n`);
      },
    });
    expect(server.grants.at(-1)?.grant_type).toBe('authorization_code');
  });

  it('--no-browser: a pasted address of another login is refused', async () => {
    const input = new PassThrough();
    const error = await login({
      ...base(),
      input,
      onAuthUrl: async (url) => {
        const redirect = new URL(await consent(url));
        redirect.searchParams.set('state', 'another-login-state');
        input.write(`${redirect}\n`);
      },
    }).catch((e: unknown) => e);
    expect((error as ToolsError).message).toBe(
      'Sign-in failed: the pasted address belongs to another sign-in (its state does not match).',
    );
  });

  it('a code exchanged with the wrong verifier is refused by the token endpoint', async () => {
    // Replay: the first login's code, exchanged by a second login (another verifier).
    let stolen = '';
    let port = 0;
    await login({
      ...base(),
      onAuthUrl: async (url) => {
        const redirect = await consent(url);
        stolen = new URL(redirect).searchParams.get('code') ?? '';
        port = Number(new URL(redirect).port);
        // A new code for the same challenge, so the first login still completes.
        await fetch(await consent(url));
      },
    });
    const input = new PassThrough();
    // Same loopback port, so only the verifier differs.
    const error = await login({
      ...base(),
      port,
      input,
      onAuthUrl: () => void input.write(`${stolen}\n`),
    }).catch((e: unknown) => e);
    expect((error as ToolsError).message).toBe(
      'Google refused the sign-in: invalid_grant (Invalid code verifier.).',
    );
  });

  it('times out with a hint', async () => {
    const error = await login({ ...base(), timeoutMs: 200, onAuthUrl: () => {} }).catch((e: unknown) => e);
    expect((error as ToolsError).message).toBe('No sign-in within 0 s.');
    expect((error as ToolsError).code).toBe('login-timeout');
    expect(describeError(error).hint).toContain('--no-browser');
  });

  it('reports scopes the user did not grant', async () => {
    server.grantScopes = (asked) => asked.filter((s) => !s.endsWith('script.metrics'));
    const result = await login({
      ...base(),
      onAuthUrl: async (url) => {
        await browser(url);
      },
    });
    expect(result.missingScopes).toEqual(['https://www.googleapis.com/auth/script.metrics']);
  });

  it('defaults to clasp’s public installed-app client', async () => {
    let clientId = '';
    await login({
      ...base(),
      client: undefined,
      timeoutMs: 100,
      onAuthUrl: (url) => {
        clientId = new URL(url).searchParams.get('client_id') ?? '';
      },
    }).catch(() => {});
    expect(clientId).toBe(DEFAULT_OAUTH_CLIENT.clientId);
  });
});

describe('--client-credentials', () => {
  it('reads an installed-app client', () => {
    const json = JSON.stringify({
      installed: {
        client_id: 'id.apps.googleusercontent.com',
        client_secret: 's',
        redirect_uris: ['http://localhost'],
      },
    });
    expect(parseClientCredentials(json, 'c.json')).toEqual({
      clientId: 'id.apps.googleusercontent.com',
      clientSecret: 's',
    });
  });

  it('refuses a web client and other JSON with the fix', async () => {
    expect(() => parseClientCredentials('{"web":{"client_id":"a","client_secret":"b"}}', 'w.json')).toThrow(
      '--client-credentials: w.json is a "Web application" client, which cannot use the loopback redirect.',
    );
    expect(() => parseClientCredentials('{}', 'x.json')).toThrow(UsageError);
    expect(() => parseClientCredentials('nope', 'x.json')).toThrow(
      '--client-credentials: x.json is not JSON.',
    );
    const file = join(dir, 'client.json');
    await writeFile(file, '{"installed":{"client_id":"i","client_secret":"s"}}');
    const { readClientCredentials } = await import('../../src/auth/login.js');
    expect(await readClientCredentials(file)).toEqual({ clientId: 'i', clientSecret: 's' });
    await expect(readClientCredentials(join(dir, 'missing.json'))).rejects.toThrow('cannot read');
    expect(await readFile(file, 'utf8')).toContain('installed');
  });
});

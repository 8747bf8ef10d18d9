import { chmod, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolveGoogleAuth } from '../../src/auth/resolve.js';
import { type AuthStatus, authStatus } from '../../src/auth/status.js';
import { readLogin, type StoredLogin, writeLogin } from '../../src/auth/store.js';
import { describeError } from '../../src/cli/report.js';
import { AuthRequiredError, ToolsError, UsageError } from '../../src/errors.js';
import { useTempDir } from '../support/temp-dir.js';
import {
  CLIENT,
  createServiceAccount,
  GOOGLE_TOKEN_AUD,
  type ServiceAccount,
  startTokenServer,
  type TokenServer,
} from './token-server.js';

const APPS_SCRIPT = [
  'https://www.googleapis.com/auth/script.projects',
  'https://www.googleapis.com/auth/script.deployments',
  'https://www.googleapis.com/auth/script.processes',
  'https://www.googleapis.com/auth/script.metrics',
];

let server: TokenServer;
let sa: ServiceAccount;
let dir: string;
beforeAll(async () => {
  sa = createServiceAccount();
  server = await startTokenServer({ serviceAccounts: [sa] });
});
afterAll(async () => {
  await server.close();
});
useTempDir('specbound-auth-', (path) => {
  dir = path;
});
beforeEach(() => {
  server.grants.length = 0;
});

const refreshToken = (name: string) => {
  const token = `1//refresh-${name}-${'z'.repeat(24)}`;
  server.refreshTokens.add(token);
  return token;
};
const authorizedUser = (token: string) =>
  JSON.stringify({
    type: 'authorized_user',
    client_id: CLIENT.clientId,
    client_secret: CLIENT.clientSecret,
    refresh_token: token,
  });
const env = (vars: Record<string, string> = {}) => ({
  SPECBOUND_CONFIG_DIR: dir,
  SPECBOUND_GOOGLE_TOKEN_URL: server.tokenUrl,
  ...vars,
});

/** Everything a failure shows a user. */
async function failure(promise: Promise<unknown>): Promise<ToolsError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ToolsError);
  return error as ToolsError;
}
const shown = (error: ToolsError) =>
  `${error.message}\n${describeError(error).hint}\n${error.stack}\n${String(error.cause)}`;

describe('resolveGoogleAuth: SPECBOUND_GOOGLE_TOKEN', () => {
  it('uses the access token as is, without any request', async () => {
    const google = await resolveGoogleAuth({
      env: env({ SPECBOUND_GOOGLE_TOKEN: ' ya29.env-token-abcdef ' }),
    });
    expect(await google.auth()).toBe('ya29.env-token-abcdef');
    expect(google.description).toEqual({
      source: 'env-token',
      origin: 'SPECBOUND_GOOGLE_TOKEN',
      credentialType: 'access_token',
    });
    expect(google.secrets()).toEqual(['ya29.env-token-abcdef']);
    expect(server.grants).toEqual([]);
  });

  it('comes before credentials JSON and a stored login', async () => {
    const google = await resolveGoogleAuth({
      env: env({
        SPECBOUND_GOOGLE_TOKEN: 'ya29.first-choice',
        SPECBOUND_GOOGLE_CREDENTIALS: authorizedUser('x'),
      }),
    });
    expect(google.description.source).toBe('env-token');
  });

  it('refuses --impersonate with a plain access token', async () => {
    const error = await failure(
      resolveGoogleAuth({ env: env({ SPECBOUND_GOOGLE_TOKEN: 'ya29.t' }), impersonate: 'a@b.co' }),
    );
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toContain('--impersonate needs service-account credentials');
  });
});

describe('resolveGoogleAuth: authorized_user credentials (refresh)', () => {
  it('refreshes through the token endpoint with the refresh_token grant and caches the token', async () => {
    const rt = refreshToken('inline');
    const google = await resolveGoogleAuth({
      env: env({ SPECBOUND_GOOGLE_CREDENTIALS: authorizedUser(rt) }),
    });
    expect(google.description).toEqual({
      source: 'env-credentials',
      origin: 'SPECBOUND_GOOGLE_CREDENTIALS',
      credentialType: 'authorized_user',
    });
    const first = await google.auth();
    expect(first).toBe(server.issued.at(-1));
    expect(await google.auth()).toBe(first);
    expect(server.grants).toHaveLength(1);
    expect(server.grants[0]?.grant_type).toBe('refresh_token');
    expect(server.grants[0]?.params.refresh_token).toBe(rt);
    expect(google.secrets()).toEqual(expect.arrayContaining([rt, CLIENT.clientSecret, first]));
    expect(google.expiryDate()).toBeGreaterThan(Date.now() + 3000_000);
  });

  it('refreshes again when the token is about to expire', async () => {
    const rt = refreshToken('short');
    server.expiresIn = 60; // inside google-auth-library's 5-minute eager-refresh window
    try {
      const google = await resolveGoogleAuth({
        env: env({ SPECBOUND_GOOGLE_CREDENTIALS: authorizedUser(rt) }),
      });
      const first = await google.auth();
      const second = await google.auth();
      expect(second).not.toBe(first);
      expect(server.grants.map((g) => g.grant_type)).toEqual(['refresh_token', 'refresh_token']);
    } finally {
      server.expiresIn = 3600;
    }
  });

  it('accepts the JSON base64-encoded (a CI secret) and from GOOGLE_APPLICATION_CREDENTIALS', async () => {
    const rt = refreshToken('b64');
    const b64 = Buffer.from(authorizedUser(rt)).toString('base64');
    expect(
      await (await resolveGoogleAuth({ env: env({ SPECBOUND_GOOGLE_CREDENTIALS: b64 }) })).auth(),
    ).toMatch(/^ya29\./);
    const file = join(dir, 'adc.json');
    await writeFile(file, authorizedUser(rt));
    const google = await resolveGoogleAuth({ env: env({ GOOGLE_APPLICATION_CREDENTIALS: file }) });
    expect(google.description).toMatchObject({ source: 'credentials-file', origin: file });
    expect(await google.auth()).toMatch(/^ya29\./);
  });

  it('a revoked refresh token is AuthRequiredError naming the fix, without the token', async () => {
    const rt = '1//revoked-refresh-token-0000000000';
    const google = await resolveGoogleAuth({
      env: env({ SPECBOUND_GOOGLE_CREDENTIALS: authorizedUser(rt) }),
    });
    const error = await failure(google.auth());
    expect(error).toBeInstanceOf(AuthRequiredError);
    expect(error.message).toBe(
      'Google refused the authorized_user credentials in SPECBOUND_GOOGLE_CREDENTIALS: invalid_grant (Token has been expired or revoked.).',
    );
    expect(error.hint).toContain('create new credentials');
    expect(shown(error)).not.toContain(rt);
    expect(shown(error)).not.toContain(CLIENT.clientSecret);
  });

  it('an unreachable token endpoint says so and names the URL', async () => {
    const rt = refreshToken('down');
    const google = await resolveGoogleAuth({
      env: env({
        SPECBOUND_GOOGLE_CREDENTIALS: authorizedUser(rt),
        SPECBOUND_GOOGLE_TOKEN_URL: 'http://127.0.0.1:9/token',
      }),
    });
    const error = await failure(google.auth());
    expect(error.message).toMatch(
      /^Could not reach the token endpoint http:\/\/127\.0\.0\.1:9\/token for .*: ECONNREFUSED\.$/,
    );
    expect(shown(error)).not.toContain(rt);
  });

  it('bad credentials JSON is AuthRequiredError that never echoes the value', async () => {
    const secret = 'not-json-but-secret-looking-value-123';
    const error = await failure(resolveGoogleAuth({ env: env({ SPECBOUND_GOOGLE_CREDENTIALS: secret }) }));
    expect(error).toBeInstanceOf(AuthRequiredError);
    expect(error.message).toBe(
      'SPECBOUND_GOOGLE_CREDENTIALS does not hold Google credentials JSON (nor base64 of it).',
    );
    expect(shown(error)).not.toContain(secret);
    const partial = await failure(
      resolveGoogleAuth({
        env: env({ SPECBOUND_GOOGLE_CREDENTIALS: '{"type":"authorized_user","client_id":"c"}' }),
      }),
    );
    expect(partial.message).toBe(
      'SPECBOUND_GOOGLE_CREDENTIALS: authorized_user credentials lack client_secret, refresh_token.',
    );
  });

  it('a missing credentials file is an error, not a silent fall-through', async () => {
    const file = join(dir, 'nope.json');
    const error = await failure(resolveGoogleAuth({ env: env({ GOOGLE_APPLICATION_CREDENTIALS: file }) }));
    expect(error).toBeInstanceOf(AuthRequiredError);
    expect(error.message).toBe(
      `GOOGLE_APPLICATION_CREDENTIALS names ${file}, which cannot be read (ENOENT).`,
    );
  });
});

describe('resolveGoogleAuth: service account with domain-wide delegation', () => {
  it('without --impersonate: a clear AuthRequiredError with the fix', async () => {
    const error = await failure(resolveGoogleAuth({ env: env({ SPECBOUND_GOOGLE_CREDENTIALS: sa.json }) }));
    expect(error).toBeInstanceOf(AuthRequiredError);
    expect(error.message).toContain("the Apps Script API refuses a service account's own tokens");
    // The library carries what failed; the CLI words the fix with its flags.
    expect(error.code).toBe('service-account-needs-impersonation');
    expect(error.hint).toBeUndefined();
    expect(describeError(error).hint).toContain('--impersonate user@your-domain');
    expect(shown(error)).not.toContain('PRIVATE KEY');
  });

  it('signs a JWT-bearer grant with sub = the impersonated user, checked against the public key', async () => {
    server.delegated.set(sa.email, new Set(['ada@example.com']));
    const google = await resolveGoogleAuth({
      env: env({ SPECBOUND_GOOGLE_CREDENTIALS: sa.json, SPECBOUND_GOOGLE_SCOPES: 'spreadsheets' }),
      impersonate: 'ada@example.com',
    });
    expect(google.description).toEqual({
      source: 'env-credentials',
      origin: 'SPECBOUND_GOOGLE_CREDENTIALS',
      credentialType: 'service_account',
      account: 'ada@example.com',
      serviceAccount: sa.email,
      scopes: [...APPS_SCRIPT, 'https://www.googleapis.com/auth/spreadsheets'],
    });
    const token = await google.auth();
    expect(token).toBe(server.issued.at(-1));
    expect(await google.auth()).toBe(token);
    expect(server.grants).toHaveLength(1);
    const grant = server.grants[0];
    expect(grant?.grant_type).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(grant?.claims).toMatchObject({
      iss: sa.email,
      sub: 'ada@example.com',
      aud: GOOGLE_TOKEN_AUD,
      scope: [...APPS_SCRIPT, 'https://www.googleapis.com/auth/spreadsheets'].join(' '),
    });
    expect(google.secrets()).toEqual(expect.arrayContaining([sa.privateKeyPem, token]));
  });

  it('SPECBOUND_GOOGLE_IMPERSONATE works like --impersonate, from a file too', async () => {
    server.delegated.set(sa.email, new Set(['ada@example.com']));
    const file = join(dir, 'sa.json');
    await writeFile(file, sa.json);
    const google = await resolveGoogleAuth({
      env: env({ GOOGLE_APPLICATION_CREDENTIALS: file, SPECBOUND_GOOGLE_IMPERSONATE: 'ada@example.com' }),
    });
    expect(await google.auth()).toMatch(/^ya29\./);
    expect(server.grants[0]?.claims?.sub).toBe('ada@example.com');
  });

  it('delegation not granted: unauthorized_client names the Admin console fix and the client id', async () => {
    server.delegated.set(sa.email, new Set(['ada@example.com']));
    const google = await resolveGoogleAuth({
      env: env({ SPECBOUND_GOOGLE_CREDENTIALS: sa.json }),
      impersonate: 'bob@example.com',
    });
    const error = await failure(google.auth());
    expect(error).toBeInstanceOf(AuthRequiredError);
    expect(error.message).toMatch(
      /^Google refused the service account .* acting for bob@example\.com: unauthorized_client/,
    );
    expect(error.hint).toContain(
      `Authorise client id ${sa.clientId} for script.projects, script.deployments`,
    );
    expect(error.hint).toContain('Domain-wide delegation');
    expect(shown(error)).not.toContain('PRIVATE KEY');
    expect(shown(error)).not.toContain(sa.privateKeyPem.split('\n')[1]);
  });

  it('--impersonate must be an e-mail address, and needs a service account', async () => {
    expect(
      await failure(
        resolveGoogleAuth({ env: env({ SPECBOUND_GOOGLE_CREDENTIALS: sa.json }), impersonate: 'ada' }),
      ),
    ).toBeInstanceOf(UsageError);
    const error = await failure(
      resolveGoogleAuth({
        env: env({ SPECBOUND_GOOGLE_CREDENTIALS: authorizedUser('r') }),
        impersonate: 'ada@example.com',
      }),
    );
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe(
      '--impersonate needs service-account credentials, but SPECBOUND_GOOGLE_CREDENTIALS holds authorized_user credentials.',
    );
  });
});

describe('resolveGoogleAuth: the stored login', () => {
  const stored = (rt: string, extra: Partial<StoredLogin> = {}): StoredLogin => ({
    version: 1,
    type: 'authorized_user',
    client_id: CLIENT.clientId,
    client_secret: CLIENT.clientSecret,
    refresh_token: rt,
    account: 'ada@example.com',
    scopes: APPS_SCRIPT,
    origin: 'login',
    created: '2026-01-01T00:00:00.000Z',
    ...extra,
  });

  it('uses a cached access token that is still valid, without a request', async () => {
    await writeLogin(
      'default',
      stored('1//r', { access_token: 'ya29.cached-token-123', expiry_date: Date.now() + 3_000_000 }),
      {
        configDir: dir,
      },
    );
    const google = await resolveGoogleAuth({ env: env() });
    expect(google.description).toEqual({
      source: 'stored-login',
      origin: join(dir, 'auth', 'default.json'),
      credentialType: 'authorized_user',
      account: 'ada@example.com',
      scopes: APPS_SCRIPT,
      profile: 'default',
    });
    expect(await google.auth()).toBe('ya29.cached-token-123');
    expect(server.grants).toEqual([]);
  });

  it('refreshes an expired token and keeps the new one in the file (still 0600)', async () => {
    const rt = refreshToken('stored');
    await writeLogin('work', stored(rt, { access_token: 'ya29.old', expiry_date: Date.now() - 1000 }), {
      configDir: dir,
    });
    const google = await resolveGoogleAuth({ env: env(), profile: 'work' });
    const token = await google.auth();
    expect(token).toBe(server.issued.at(-1));
    // Written after the token is handed back; vitest's 1 s default for a poll is too short under load.
    await expect
      .poll(async () => (await readLogin('work', { configDir: dir }))?.access_token, { timeout: 5_000 })
      .toBe(token);
    const after = await readLogin('work', { configDir: dir });
    expect(after?.refresh_token).toBe(rt);
    expect(after?.expiry_date).toBeGreaterThan(Date.now());
    if (process.platform !== 'win32')
      expect((await stat(join(dir, 'auth', 'work.json'))).mode & 0o777).toBe(0o600);
  });

  it('a revoked login tells the user to log in again for that profile', async () => {
    await writeLogin('work', stored('1//gone-gone-gone-gone'), { configDir: dir });
    const google = await resolveGoogleAuth({ env: env(), profile: 'work' });
    const error = await failure(google.auth());
    expect(error).toBeInstanceOf(AuthRequiredError);
    expect(error).toMatchObject({ code: 'stored-login-refused', details: { profile: 'work' } });
    expect(describeError(error).hint).toBe(
      'The login was revoked or expired: run `specbound login --profile work` again.',
    );
    expect(shown(error)).not.toContain('1//gone');
  });

  it('nothing anywhere: AuthRequiredError with every way in', async () => {
    const error = await failure(resolveGoogleAuth({ env: env(), profile: 'ci' }));
    expect(error).toBeInstanceOf(AuthRequiredError);
    expect(error.message).toContain('profile "ci" has no stored login');
    expect(error).toMatchObject({ code: 'google-credentials-missing', details: { profile: 'ci' } });
    expect(describeError(error).hint).toBe(
      'Run `specbound login --profile ci` (or `specbound login --profile ci --from-clasp`); in CI set SPECBOUND_GOOGLE_CREDENTIALS to authorized_user credentials JSON.',
    );
  });

  it('a profile name cannot leave the directory', async () => {
    expect(await failure(resolveGoogleAuth({ env: env(), profile: '../etc' }))).toBeInstanceOf(UsageError);
  });

  it('a corrupt login file is reported with the way out', async () => {
    await writeLogin('default', stored('1//r'), { configDir: dir });
    await writeFile(join(dir, 'auth', 'default.json'), '{"version":1');
    const error = await failure(resolveGoogleAuth({ env: env() }));
    expect(error.message).toBe(`The stored login ${join(dir, 'auth', 'default.json')} is not valid.`);
  });
});

describe('authStatus', () => {
  it('refreshes, asks tokeninfo, and reports account, scopes and expiry without the token', async () => {
    const rt = refreshToken('status');
    const status: AuthStatus = await authStatus({
      env: env({ SPECBOUND_GOOGLE_CREDENTIALS: authorizedUser(rt) }),
    });
    expect(status).toMatchObject({
      source: 'env-credentials',
      verified: true,
      account: 'ada@example.com',
      scopes: APPS_SCRIPT,
    });
    expect(status.missingScopes).toBeUndefined();
    expect(Date.parse(status.expiresAt ?? '')).toBeGreaterThan(Date.now());
    const text = JSON.stringify(status);
    for (const secret of [rt, CLIENT.clientSecret, ...server.issued]) expect(text).not.toContain(secret);
  });

  it('an env token Google does not accept is reported as not verified', async () => {
    const status = await authStatus({ env: env({ SPECBOUND_GOOGLE_TOKEN: 'ya29.stale-token-zzz' }) });
    expect(status.verified).toBe(false);
    expect(status.notes).toContain('Google does not accept the access token (expired or revoked).');
  });

  it('an env token is not reported verified when tokeninfo does not answer (issue #22, defect 10)', async () => {
    const unreachable = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    const status = await authStatus({
      env: env({ SPECBOUND_GOOGLE_TOKEN: 'ya29.never-checked-token' }),
      fetch: unreachable,
    });
    expect(status.verified).toBe(false);
    expect(status.notes.join(' ')).toContain('did not answer');
  });

  it('--offline makes no request', async () => {
    const status = await authStatus({
      env: env({ SPECBOUND_GOOGLE_CREDENTIALS: authorizedUser('1//x') }),
      offline: true,
    });
    expect(status).toMatchObject({ source: 'env-credentials', verified: false });
    expect(server.grants).toEqual([]);
  });

  it('warns when the stored login is readable by others (POSIX modes)', async () => {
    if (process.platform === 'win32') return;
    const rt = refreshToken('loose');
    const file = await writeLogin('default', stored(rt), { configDir: dir });
    await chmod(file, 0o644);
    const status = await authStatus({ env: env(), offline: true });
    expect(status.notes).toEqual([`${file} is readable by others (mode 644): run chmod 600 on it.`]);
    await chmod(file, 0o600);
    expect((await authStatus({ env: env(), offline: true })).notes).toEqual([]);
  });

  it('the stored login file holds no more than it should', async () => {
    const rt = refreshToken('peek');
    await writeLogin('default', { ...stored(rt) }, { configDir: dir });
    const text = await readFile(join(dir, 'auth', 'default.json'), 'utf8');
    expect(JSON.parse(text)).toMatchObject({ version: 1, type: 'authorized_user', origin: 'login' });
  });

  function stored(rt: string): StoredLogin {
    return {
      version: 1,
      type: 'authorized_user',
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      refresh_token: rt,
      scopes: [],
      origin: 'login',
      created: '2026-01-01T00:00:00.000Z',
    };
  }
});

import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importClaspLogin, parseClasprc } from '../../src/auth/clasp.js';
import { resolveEndpoints } from '../../src/auth/endpoints.js';
import { DEFAULT_OAUTH_CLIENT } from '../../src/auth/login.js';
import { logout } from '../../src/auth/logout.js';
import { normalizeScope, parseScopeList } from '../../src/auth/scopes.js';
import {
  configDir,
  deleteLogin,
  loginFile,
  readLogin,
  type StoredLogin,
  writeLogin,
} from '../../src/auth/store.js';
import { AuthRequiredError, UsageError } from '../../src/errors.js';
import { useTempDir } from '../support/temp-dir.js';
import { CLIENT, startTokenServer, type TokenServer } from './token-server.js';

let dir: string;
let server: TokenServer;
beforeAll(async () => {
  server = await startTokenServer();
});
afterAll(async () => {
  await server.close();
});
useTempDir('specbound-store-', (path) => {
  dir = path;
});

const login = (rt: string, origin: StoredLogin['origin'] = 'login'): StoredLogin => ({
  version: 1,
  type: 'authorized_user',
  client_id: CLIENT.clientId,
  client_secret: CLIENT.clientSecret,
  refresh_token: rt,
  scopes: [],
  origin,
  created: '2026-01-01T00:00:00.000Z',
});
const idToken = (email: string) => `e30.${Buffer.from(JSON.stringify({ email })).toString('base64url')}.c2ln`;

describe('configDir', () => {
  it('follows each platform’s convention, XDG on Linux', () => {
    expect(configDir({ env: {}, platform: 'linux', home: '/home/ada' })).toBe('/home/ada/.config/specbound');
    expect(configDir({ env: { XDG_CONFIG_HOME: '/xdg' }, platform: 'linux', home: '/home/ada' })).toBe(
      '/xdg/specbound',
    );
    // A relative XDG_CONFIG_HOME is invalid per the XDG spec and ignored.
    expect(configDir({ env: { XDG_CONFIG_HOME: 'rel' }, platform: 'linux', home: '/home/ada' })).toBe(
      '/home/ada/.config/specbound',
    );
    expect(configDir({ env: {}, platform: 'darwin', home: '/Users/ada' })).toBe(
      '/Users/ada/Library/Application Support/specbound',
    );
    expect(
      configDir({ env: { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, platform: 'win32', home: '/h' }),
    ).toContain('specbound');
    expect(configDir({ env: { SPECBOUND_CONFIG_DIR: '/custom' }, platform: 'linux', home: '/h' })).toBe(
      '/custom',
    );
  });

  it('one file per profile; names that could escape the directory are usage errors', () => {
    expect(loginFile('work', { configDir: '/c' })).toBe('/c/auth/work.json');
    for (const bad of ['../x', 'a/b', '.hidden', '', 'x'.repeat(65)]) {
      expect(() => loginFile(bad, { configDir: '/c' })).toThrow(UsageError);
    }
  });
});

describe('writeLogin', () => {
  it('writes 0600 in a 0700 directory, atomically, and replaces a previous login', async () => {
    const file = await writeLogin('default', login('1//first'), { configDir: dir });
    await writeLogin('default', login('1//second'), { configDir: dir });
    expect((await readLogin('default', { configDir: dir }))?.refresh_token).toBe('1//second');
    expect(await readdir(join(dir, 'auth'))).toEqual(['default.json']);
    if (process.platform !== 'win32') {
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await stat(join(dir, 'auth'))).mode & 0o777).toBe(0o700);
    }
    expect(await deleteLogin('default', { configDir: dir })).toBe(true);
    expect(await deleteLogin('default', { configDir: dir })).toBe(false);
  });
});

describe('scopes and endpoints', () => {
  it('expands short scope names', () => {
    expect(normalizeScope('spreadsheets')).toBe('https://www.googleapis.com/auth/spreadsheets');
    expect(normalizeScope('https://mail.google.com/')).toBe('https://mail.google.com/');
    expect(parseScopeList('drive, openid  forms')).toEqual([
      'https://www.googleapis.com/auth/drive',
      'openid',
      'https://www.googleapis.com/auth/forms',
    ]);
  });

  it('one variable moves the token, revoke and tokeninfo endpoints together', () => {
    expect(resolveEndpoints({ SPECBOUND_GOOGLE_TOKEN_URL: 'http://127.0.0.1:8787/oauth2/token' })).toEqual({
      auth: 'https://accounts.google.com/o/oauth2/v2/auth',
      token: 'http://127.0.0.1:8787/oauth2/token',
      revoke: 'http://127.0.0.1:8787/oauth2/revoke',
      tokenInfo: 'http://127.0.0.1:8787/oauth2/tokeninfo',
    });
    expect(resolveEndpoints({}).token).toBe('https://oauth2.googleapis.com/token');
    expect(() => resolveEndpoints({ SPECBOUND_GOOGLE_TOKEN_URL: 'ftp://x' })).toThrow(UsageError);
  });
});

describe('login --from-clasp', () => {
  const v3 = {
    tokens: {
      default: {
        type: 'authorized_user',
        client_id: 'clasp-own-client',
        client_secret: 'clasp-own-secret',
        refresh_token: '1//clasp-v3-refresh',
        access_token: 'ya29.clasp-v3-access',
        expiry_date: 1_900_000_000_000,
        id_token: idToken('grace@example.com'),
        scope:
          'https://www.googleapis.com/auth/script.projects https://www.googleapis.com/auth/script.deployments',
      },
      work: { type: 'authorized_user', client_id: 'c', client_secret: 's', refresh_token: '1//work' },
    },
  };

  it('reads clasp 3’s { tokens: { <user>: … } }, for any --user', () => {
    expect(parseClasprc(JSON.stringify(v3), 'rc')).toEqual({
      clientId: 'clasp-own-client',
      clientSecret: 'clasp-own-secret',
      refreshToken: '1//clasp-v3-refresh',
      accessToken: 'ya29.clasp-v3-access',
      expiryDate: 1_900_000_000_000,
      account: 'grace@example.com',
      scopes: [
        'https://www.googleapis.com/auth/script.projects',
        'https://www.googleapis.com/auth/script.deployments',
      ],
      format: 'v3',
    });
    expect(parseClasprc(JSON.stringify(v3), 'rc', 'work').refreshToken).toBe('1//work');
    expect(() => parseClasprc(JSON.stringify(v3), 'rc', 'nobody')).toThrow(
      'rc has no clasp login for user "nobody".',
    );
  });

  it('reads clasp 2’s { token, oauth2ClientSettings } and clasp 1’s flat file (clasp’s own client)', () => {
    const v2 = {
      token: {
        access_token: 'ya29.v2',
        refresh_token: '1//v2',
        scope: 'a b',
        token_type: 'Bearer',
        expiry_date: 5,
      },
      oauth2ClientSettings: {
        clientId: 'v2-client',
        clientSecret: 'v2-secret',
        redirectUri: 'http://localhost',
      },
      isLocalCreds: false,
    };
    expect(parseClasprc(JSON.stringify(v2), 'rc')).toMatchObject({
      clientId: 'v2-client',
      clientSecret: 'v2-secret',
      refreshToken: '1//v2',
      scopes: ['a', 'b'],
      format: 'v2',
    });
    const v1 = { access_token: 'ya29.v1', refresh_token: '1//v1', token_type: 'Bearer', exprity_date: 7 };
    expect(parseClasprc(JSON.stringify(v1), 'rc')).toMatchObject({
      clientId: DEFAULT_OAUTH_CLIENT.clientId,
      refreshToken: '1//v1',
      expiryDate: 7,
      format: 'v1',
    });
  });

  it('refuses files without a usable login, never echoing them', () => {
    expect(() => parseClasprc('{"tokens":{}}', 'rc')).toThrow(AuthRequiredError);
    expect(() =>
      parseClasprc('{"token":{"access_token":"ya29.only-access"},"oauth2ClientSettings":{}}', 'rc'),
    ).toThrow('rc has no usable clasp login: the login has no refresh token.');
    expect(() => parseClasprc('not json 1//secret', 'rc')).toThrow(
      'rc has no usable clasp login: it is not JSON.',
    );
  });

  it('imports into a profile (0600), leaving ~/.clasprc.json as it was', async () => {
    const rc = join(dir, '.clasprc.json');
    const text = JSON.stringify(v3);
    await writeFile(rc, text);
    const result = await importClaspLogin({ file: rc, profile: 'clasp', configDir: dir });
    expect(result).toEqual({
      profile: 'clasp',
      file: join(dir, 'auth', 'clasp.json'),
      from: rc,
      format: 'v3',
      account: 'grace@example.com',
      scopes: v3.tokens.default.scope.split(' '),
      clientId: 'clasp-own-client',
    });
    expect(await readLogin('clasp', { configDir: dir })).toMatchObject({
      origin: 'clasp',
      refresh_token: '1//clasp-v3-refresh',
      access_token: 'ya29.clasp-v3-access',
    });
    if (process.platform !== 'win32') expect((await stat(result.file)).mode & 0o777).toBe(0o600);
    expect(await readFile(rc, 'utf8')).toBe(text);
    await expect(importClaspLogin({ file: join(dir, 'none.json'), configDir: dir })).rejects.toThrow(
      /Cannot read clasp's login .*none\.json \(ENOENT\)/,
    );
  });
});

describe('logout', () => {
  const env = () => ({ SPECBOUND_GOOGLE_TOKEN_URL: server.tokenUrl });

  it('revokes a specbound login (token in the POST body) and deletes the file', async () => {
    server.refreshTokens.add('1//to-revoke');
    await writeLogin('default', login('1//to-revoke'), { configDir: dir });
    const result = await logout({ env: env(), configDir: dir });
    expect(result).toMatchObject({ profile: 'default', removed: true, revocation: 'revoked' });
    expect(server.revoked).toContain('1//to-revoke');
    expect(await readLogin('default', { configDir: dir })).toBeUndefined();
  });

  it('does not revoke a login imported from clasp (clasp still uses it) unless asked', async () => {
    server.refreshTokens.add('1//shared-with-clasp');
    await writeLogin('default', login('1//shared-with-clasp', 'clasp'), { configDir: dir });
    expect(await logout({ env: env(), configDir: dir })).toMatchObject({
      removed: true,
      revocation: 'skipped',
    });
    expect(server.revoked).not.toContain('1//shared-with-clasp');
    await writeLogin('default', login('1//shared-with-clasp', 'clasp'), { configDir: dir });
    expect(await logout({ env: env(), configDir: dir, revoke: true })).toMatchObject({
      revocation: 'revoked',
    });
  });

  it('an already revoked token counts as revoked; an unreachable endpoint still logs out', async () => {
    await writeLogin('default', login('1//unknown-to-server'), { configDir: dir });
    expect(await logout({ env: env(), configDir: dir })).toMatchObject({ revocation: 'revoked' });
    await writeLogin('default', login('1//x'), { configDir: dir });
    const result = await logout({
      env: { SPECBOUND_GOOGLE_TOKEN_URL: 'http://127.0.0.1:9/token' },
      configDir: dir,
    });
    expect(result).toMatchObject({ removed: true, revocation: 'failed' });
    expect(result.revokeError).toBe('could not reach http://127.0.0.1:9/revoke (TypeError)');
    expect(await readLogin('default', { configDir: dir })).toBeUndefined();
  });

  it('nothing stored: nothing to do', async () => {
    expect(await logout({ env: env(), configDir: dir, profile: 'ghost' })).toMatchObject({
      removed: false,
      revocation: 'none',
    });
  });
});

describe('opening the browser', () => {
  it('only where there is a desktop', async () => {
    const { hasDesktop, openCommand } = await import('../../src/auth/browser.js');
    expect(hasDesktop({}, 'linux')).toBe(false);
    expect(hasDesktop({ DISPLAY: ':0' }, 'linux')).toBe(true);
    expect(hasDesktop({ WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toBe(true);
    expect(hasDesktop({ DISPLAY: ':0', SSH_CONNECTION: '1.2.3.4 5 6.7.8.9 22' }, 'linux')).toBe(false);
    expect(hasDesktop({}, 'darwin')).toBe(true);
    expect(hasDesktop({ SSH_TTY: '/dev/pts/1' }, 'win32')).toBe(false);
    // The URL is one argument, never through a shell (its `&` would split a cmd.exe line).
    const url = 'https://accounts.google.com/o/oauth2/v2/auth?a=1&b=2';
    expect(openCommand(url, 'linux')).toEqual(['xdg-open', [url]]);
    expect(openCommand(url, 'darwin')).toEqual(['open', [url]]);
    expect(openCommand(url, 'win32')).toEqual(['rundll32', ['url.dll,FileProtocolHandler', url]]);
  });
});

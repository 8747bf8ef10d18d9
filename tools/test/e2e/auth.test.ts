// The auth commands as a user runs them: the built CLI (and, for login and module loading, the bin) against a strict local token endpoint
// (test/auth/token-server.ts) and the emulator, with no token or secret ever in the output.
import { spawn } from 'node:child_process';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CLIENT,
  createServiceAccount,
  type ServiceAccount,
  startTokenServer,
  type TokenServer,
  USER_EMAIL,
} from '../auth/token-server.js';
import { BIN, type Harness, type RunResult, startHarness } from './harness.js';

let h: Harness;
let server: TokenServer;
let sa: ServiceAccount;
let clientFile: string;

beforeAll(async () => {
  sa = createServiceAccount();
  [h, server] = await Promise.all([startHarness(), startTokenServer({ serviceAccounts: [sa] })]);
  clientFile = join(await h.tempDir(), 'client.json');
  await writeFile(
    clientFile,
    JSON.stringify({ installed: { client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret } }),
  );
});
afterAll(async () => {
  await Promise.all([h?.close(), server?.close()]);
});

let config: string;
let home: string;
beforeEach(async () => {
  config = await h.tempDir();
  home = await h.tempDir();
  server.grants.length = 0;
});

/** The environment of a user with no Google token: auth comes from what each test sets up. */
const authEnv = (extra: Record<string, string | undefined> = {}) => ({
  SPECBOUND_GOOGLE_TOKEN: undefined,
  SPECBOUND_CONFIG_DIR: config,
  HOME: home,
  SPECBOUND_GOOGLE_TOKEN_URL: server.tokenUrl,
  SPECBOUND_GOOGLE_AUTH_URL: server.authUrl,
  ...extra,
});
const run = (args: string[], env: Record<string, string | undefined> = {}) =>
  h.run(args, { env: authEnv(env), cwd: home });
/**
 * The bin as a subprocess: for the secret checks of --debug runs that go through google-auth-library,
 * so that whatever a dependency writes to the process's own stderr is in the output checked too.
 */
const runBin = (args: string[], env: Record<string, string | undefined> = {}) =>
  h.runBin(args, { env: authEnv(env), cwd: home });

/** Every credential value the test world knows: none may ever be printed. */
async function secrets(): Promise<string[]> {
  const values = [CLIENT.clientSecret, ...server.issued, ...server.refreshTokens, ...server.revoked];
  values.push(...sa.privateKeyPem.split('\n').filter((line) => line.length > 20));
  return values;
}
async function expectNoSecret(result: RunResult): Promise<void> {
  const output = result.stdout + result.stderr;
  for (const secret of await secrets()) expect(output).not.toContain(secret);
  expect(output).not.toMatch(/ya29\.|1\/\/|PRIVATE KEY/);
}

/** Runs `specbound login …` and lets the test act on the sign-in URL it prints, as a browser would. */
function interactiveLogin(
  args: string[],
  browser: (url: string, stdin: NodeJS.WritableStream) => Promise<void>,
) {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries({
    PATH: process.env.PATH,
    NO_COLOR: '1',
    ...authEnv(),
  })) {
    if (value !== undefined) env[key] = value;
  }
  const child = spawn(process.execPath, [BIN, 'login', ...args], {
    cwd: home,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let acted = false;
  const acting: Promise<void>[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    const url = stderr.match(/^ {2}(http:\/\/127\.0\.0\.1:\d+\/auth\?\S+)$/m)?.[1];
    if (url !== undefined && !acted) {
      acted = true;
      acting.push(browser(url, child.stdin));
    }
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise<RunResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', async (code) => {
      clearTimeout(timer);
      await Promise.all(acting);
      resolve({
        code,
        stdout,
        stderr,
        json: <T>() => JSON.parse(stdout) as T,
      });
    });
  });
}

async function consent(url: string): Promise<string> {
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return response.headers.get('location') ?? '';
}

describe('specbound auth status', () => {
  it('without any credentials: exit 4 with the fix, nothing on stdout', async () => {
    const result = await run(['auth', 'status', '--json']);
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    // --json: the error too is JSON, one object on stderr.
    const { error } = JSON.parse(result.stderr) as {
      error: { message: string; hint: string; exitCode: number };
    };
    expect(error.message).toContain('No Google credentials');
    expect(error.hint).toContain('Run `specbound login`');
    expect(error.exitCode).toBe(4);
  });

  it('an Apps Script command without credentials exits 4 before any request', async () => {
    const result = await run(['gas', 'versions', '--script-id', 'abc']);
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('hint: Run `specbound login`');
  });
});

describe("clasp's -A <file>", () => {
  it("uses that clasp file's login (its -u user) ahead of an env token, and stores nothing", async () => {
    const rt = '1//clasp-a-refresh-token-0000';
    server.refreshTokens.add(rt);
    const token = (refresh: string) => ({
      type: 'authorized_user',
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      refresh_token: refresh,
    });
    const file = join(home, 'ci-clasprc.json');
    await writeFile(file, JSON.stringify({ tokens: { default: token('1//not-this-one'), ci: token(rt) } }));
    const status = await run(['auth', 'status', '--json', '-A', file, '-u', 'ci'], {
      SPECBOUND_GOOGLE_TOKEN: 'ya29.env-token-would-win-otherwise',
    });
    expect(status.code, status.stderr).toBe(0);
    expect(status.json()).toMatchObject({ source: 'env-credentials', verified: true, account: USER_EMAIL });
    await expectNoSecret(status);
    const missing = await run(['auth', 'status', '-A', join(home, 'nope.json')]);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toContain('nope.json');
  });
});

describe('google-auth-library is loaded lazily', () => {
  it('only when a token is needed from credentials, never for an env token or --offline', async () => {
    const hook = join(home, 'trace.cjs');
    await writeFile(
      hook,
      `const Module = require('node:module'); const load = Module._load;
Module._load = function (request, ...rest) {
  if (request.includes('google-auth-library')) process.stderr.write('LOADED google-auth-library\\n');
  return load.call(this, request, ...rest);
};`,
    );
    const rt = '1//lazy-refresh-token-00000000';
    server.refreshTokens.add(rt);
    const credentials = JSON.stringify({
      type: 'authorized_user',
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      refresh_token: rt,
    });
    // Module loading is per process: these run the bin.
    const traced = (args: string[], env: Record<string, string>) =>
      h.runBin(args, { env: authEnv({ NODE_OPTIONS: `--require ${hook}`, ...env }), cwd: home });
    const envToken = await traced(['auth', 'status'], { SPECBOUND_GOOGLE_TOKEN: 'ya29.lazy-env-token-0000' });
    expect(envToken.stderr).not.toContain('LOADED');
    const offline = await traced(['auth', 'status', '--offline'], {
      SPECBOUND_GOOGLE_CREDENTIALS: credentials,
    });
    expect(offline.code).toBe(0);
    expect(offline.stderr).not.toContain('LOADED');
    const online = await traced(['auth', 'status'], { SPECBOUND_GOOGLE_CREDENTIALS: credentials });
    expect(online.code).toBe(0);
    expect(online.stderr).toContain('LOADED google-auth-library');
  });
});

describe('specbound login (PKCE, loopback)', () => {
  it('the browser flow: the redirect reaches the loopback port, the login is stored 0600, status shows who', async () => {
    const result = await interactiveLogin(['--client-credentials', clientFile, '--json'], async (url) => {
      const page = await fetch(url); // follows the redirect to http://127.0.0.1:<port>/?code=…
      expect(page.status).toBe(200);
    });
    expect(result.code).toBe(0);
    const login = result.json<{ account: string; profile: string; file: string; defaultClient: boolean }>();
    expect(login).toMatchObject({ account: USER_EMAIL, profile: 'default', defaultClient: false });
    expect(login.file).toBe(join(config, 'auth', 'default.json'));
    if (process.platform !== 'win32') expect((await stat(login.file)).mode & 0o777).toBe(0o600);
    const grant = server.grants.find((g) => g.grant_type === 'authorization_code');
    expect(grant?.params.code_verifier).toMatch(/^[\w-]{43}$/);
    await expectNoSecret(result);

    for (const debug of [[], ['--debug']]) {
      const status = await run(['auth', 'status', '--json', ...debug]);
      expect(status.code).toBe(0);
      expect(status.json()).toMatchObject({
        source: 'stored-login',
        profile: 'default',
        account: USER_EMAIL,
        verified: true,
        scopes: expect.arrayContaining(['https://www.googleapis.com/auth/script.projects']),
      });
      await expectNoSecret(status);
    }
    const human = await run(['auth', 'status']);
    expect(human.stdout).toMatch(/^source {4}stored login \(profile "default"\)$/m);
    expect(human.stdout).toMatch(/^account {3}ada@example\.com$/m);
    expect(human.stdout).toMatch(
      /^scopes {4}script\.projects script\.deployments script\.processes script\.metrics/m,
    );
    await expectNoSecret(human);
  });

  it('--no-browser: the pasted redirect address completes the login; the stored login drives gas commands', async () => {
    const result = await interactiveLogin(
      ['--no-browser', '--client-credentials', clientFile, '--profile', 'headless'],
      async (url, stdin) => {
        stdin.write(`${await consent(url)}\n`);
      },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Paste that whole address here');
    expect(result.stdout).toContain(`Logged in as ${USER_EMAIL} (profile "headless"`);
    await expectNoSecret(result);

    const created = await run([
      'gas',
      'create',
      '--title',
      'Via login',
      '--json',
      '--profile',
      'headless',
      '--debug',
    ]);
    expect(created.code).toBe(0);
    expect(created.json<{ scriptId: string }>().scriptId).toBeTruthy();
    await expectNoSecret(created);
  });

  it('denied consent exits 1 with the way forward; nothing is stored', async () => {
    const result = await interactiveLogin(
      ['--no-browser', '--client-credentials', clientFile],
      async (url, stdin) => {
        const redirect = new URL(await consent(url));
        redirect.searchParams.delete('code');
        redirect.searchParams.set('error', 'access_denied');
        stdin.write(`${redirect}\n`);
      },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: Sign-in failed: access was denied at the consent screen.');
    expect((await run(['auth', 'status'])).code).toBe(4);
  });

  it('--no-browser with stdin closed exits 2 at once, not after the timeout (issue #22, defect 11)', async () => {
    // About the process's own stdin, so the bin runs (its stdin is ended at once).
    const started = Date.now();
    const result = await runBin(['login', '--no-browser', '--client-credentials', clientFile]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('the input ended without one');
    expect(result.stderr).toContain('hint: Run `specbound login --no-browser` in a terminal');
    expect(Date.now() - started).toBeLessThan(10_000);
    // clasp's spelling: `gas login --no-localhost --creds`.
    const clasp = await runBin(['gas', 'login', '--no-localhost', '--creds', clientFile]);
    expect(clasp.code, clasp.stderr).toBe(2);
    expect(clasp.stderr).toContain('the input ended without one');
  });

  it('bad flags are usage errors (exit 2)', async () => {
    const web = join(home, 'web.json');
    await writeFile(web, '{"web":{"client_id":"a","client_secret":"b"}}');
    const result = await run(['login', '--client-credentials', web]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('is a "Web application" client');
    expect((await run(['login', '--profile', '../x'])).code).toBe(2);
    expect((await run(['login', '--from-clasp', '--no-browser'])).code).toBe(2);
  });
});

describe('specbound login --from-clasp, logout', () => {
  it('imports ~/.clasprc.json (clasp 3), keeps it as it was, and logout leaves clasp’s grant alone', async () => {
    server.refreshTokens.add('1//clasp-refresh-token-e2e');
    const rc = JSON.stringify({
      tokens: {
        default: {
          type: 'authorized_user',
          client_id: CLIENT.clientId,
          client_secret: CLIENT.clientSecret,
          refresh_token: '1//clasp-refresh-token-e2e',
          access_token: 'ya29.clasp-expired',
          expiry_date: 1000,
        },
      },
    });
    await writeFile(join(home, '.clasprc.json'), rc);
    const imported = await run(['login', '--from-clasp']);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain(`Imported clasp's login into profile "default"`);
    expect(await readFile(join(home, '.clasprc.json'), 'utf8')).toBe(rc);
    if (process.platform !== 'win32') {
      expect((await stat(join(config, 'auth', 'default.json'))).mode & 0o777).toBe(0o600);
    }
    await expectNoSecret(imported);

    // The imported access token has expired: the first command refreshes with clasp's refresh token.
    const status = await runBin(['auth', 'status', '--json', '--debug']);
    expect(status.code).toBe(0);
    expect(server.grants.map((g) => g.params.refresh_token)).toContain('1//clasp-refresh-token-e2e');
    await expectNoSecret(status);

    const out = await run(['logout']);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('Deleted the login of profile "default" and kept its grant.');
    expect(out.stderr).toContain('logout --revoke');
    expect(server.revoked).not.toContain('1//clasp-refresh-token-e2e');
    const again = await run(['logout']);
    expect(again.stdout).toContain('Not logged in (profile "default"): nothing to do.');
  });

  it('logout revokes a specbound login at the revoke endpoint', async () => {
    const login = await interactiveLogin(['--client-credentials', clientFile], async (url) => {
      await fetch(url);
    });
    expect(login.code).toBe(0);
    const stored = JSON.parse(await readFile(join(config, 'auth', 'default.json'), 'utf8')) as {
      refresh_token: string;
    };
    const out = await run(['logout', '--json']);
    expect(out.code).toBe(0);
    expect(out.json()).toMatchObject({ removed: true, revocation: 'revoked', account: USER_EMAIL });
    expect(server.revoked).toContain(stored.refresh_token);
    await expectNoSecret(out);
  });
});

describe('credentials from the environment (CI)', () => {
  it('authorized_user in GOOGLE_APPLICATION_CREDENTIALS: refreshed, then used against the API', async () => {
    const rt = '1//ci-refresh-token-0000000000';
    server.refreshTokens.add(rt);
    const file = join(home, 'adc.json');
    await writeFile(
      file,
      JSON.stringify({
        type: 'authorized_user',
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
        refresh_token: rt,
      }),
    );
    const created = await run(['gas', 'create', '--title', 'From CI', '--json', '--debug'], {
      GOOGLE_APPLICATION_CREDENTIALS: file,
    });
    expect(created.code).toBe(0);
    expect(server.grants.map((g) => g.grant_type)).toEqual(['refresh_token']);
    await expectNoSecret(created);
  });

  it('a revoked refresh token: exit 4 with the fix, no secret', async () => {
    const creds = JSON.stringify({
      type: 'authorized_user',
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      refresh_token: '1//revoked-in-ci-000000000',
    });
    const result = await run(['gas', 'versions', '--script-id', 'x', '--debug'], {
      SPECBOUND_GOOGLE_CREDENTIALS: creds,
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('invalid_grant');
    expect(result.stderr).toContain('hint: The refresh token was revoked or expired');
    expect(result.stdout + result.stderr).not.toContain('1//revoked-in-ci');
    await expectNoSecret(result);
  });

  it('a service account acts for --impersonate by domain-wide delegation', async () => {
    server.delegated.set(sa.email, new Set([USER_EMAIL]));
    const env = { SPECBOUND_GOOGLE_CREDENTIALS: sa.json };
    const created = await runBin(
      ['gas', 'create', '--title', 'Delegated', '--json', '--debug', '--impersonate', USER_EMAIL],
      env,
    );
    expect(created.code).toBe(0);
    const grant = server.grants.find((g) => g.grant_type === 'urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(grant?.claims).toMatchObject({ iss: sa.email, sub: USER_EMAIL });
    await expectNoSecret(created);

    const status = await run(['auth', 'status', '--json', '--impersonate', USER_EMAIL], env);
    expect(status.json()).toMatchObject({
      source: 'env-credentials',
      credentialType: 'service_account',
      account: USER_EMAIL,
      serviceAccount: sa.email,
    });

    const plain = await run(['gas', 'versions', '--script-id', 'x'], env);
    expect(plain.code).toBe(4);
    expect(plain.stderr).toContain("the Apps Script API refuses a service account's own tokens");
    expect(plain.stderr).toContain('--impersonate user@your-domain');
    await expectNoSecret(plain);

    const refused = await run(
      ['gas', 'versions', '--script-id', 'x', '--impersonate', 'eve@example.com'],
      env,
    );
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain('unauthorized_client');
    expect(refused.stderr).toContain(`Authorise client id ${sa.clientId}`);
    await expectNoSecret(refused);
  });
});

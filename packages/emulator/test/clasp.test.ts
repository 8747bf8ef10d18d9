// Google's own clasp, unchanged, through a whole deploy pipeline against the emulator: the only
// change is the environment (the `@specbound/emulator/redirect` preload and SPECBOUND_EMULATOR_URL),
// with a dummy ~/.clasprc.json whose access token has expired. Offline: a dead HTTPS proxy is set, so
// any request that escaped the redirect would fail instead of reaching Google.
import { mkdir, mkdtemp, readFile, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, type StateDocument, startEmulator } from '../src/index.ts';
import { strictEmulator } from './helpers.ts';
import { cleanEnv, type Outcome, PACKAGE_DIR, requireBuilt, runNode } from './subprocess.ts';

const CLASP = createRequire(import.meta.url).resolve('@google/clasp');
const REDIRECT_LINE =
  /^specbound: script\.googleapis\.com, oauth2\.googleapis\.com, and logging\.googleapis\.com requests go to the emulator at http:\/\/127\.0\.0\.1:\d+ \(SPECBOUND_EMULATOR_URL\)$/m;

const CODE = `function hello(name) {
  Logger.log('greeting ' + name);
  return 'Hello, ' + name + '!';
}
`;
const MANIFEST = JSON.stringify({
  timeZone: 'Europe/London',
  runtimeVersion: 'V8',
  executionApi: { access: 'MYSELF' },
});

let emulator: RunningEmulator;
let root: string;
let project: string;
let home: string;

function clasp(...args: string[]): Promise<Outcome> {
  return claspIn({ cwd: project, home, emulatorUrl: emulator.appsScriptUrl }, args);
}

async function claspIn(
  where: { cwd: string; home: string; emulatorUrl: string },
  args: string[],
): Promise<Outcome> {
  const outcome = await runNode([CLASP, ...args], {
    cwd: where.cwd,
    // clasp loads all of googleapis on every start: ~2 s alone, far more on a loaded 2-core CI machine.
    timeoutMs: 90_000,
    env: cleanEnv({
      HOME: where.home,
      NODE_OPTIONS: '--import @specbound/emulator/redirect',
      SPECBOUND_EMULATOR_URL: where.emulatorUrl,
      // Nothing reaches the network: a request the redirect did not take would go to this dead proxy.
      HTTPS_PROXY: 'http://127.0.0.1:9',
      https_proxy: 'http://127.0.0.1:9',
      HTTP_PROXY: 'http://127.0.0.1:9',
    }),
  });
  // Every run says once, on stderr, where its requests go.
  expect(outcome.stderr.match(new RegExp(REDIRECT_LINE.source, 'gm'))).toHaveLength(1);
  return outcome;
}

beforeAll(async () => {
  requireBuilt();
  emulator = await strictEmulator();
  root = await mkdtemp(join(tmpdir(), 'specbound-clasp-'));
  home = join(root, 'home');
  project = join(root, 'project');
  await mkdir(home);
  await mkdir(join(project, 'node_modules', '@specbound'), { recursive: true });
  // The user's project has @specbound/emulator installed; here it is this package.
  await symlink(PACKAGE_DIR, join(project, 'node_modules', '@specbound', 'emulator'), 'dir');
  // What `clasp login` leaves behind, with dummy values and an access token that expired long ago.
  await writeFile(
    join(home, '.clasprc.json'),
    JSON.stringify({
      tokens: {
        default: {
          type: 'authorized_user',
          client_id: 'dummy-client.apps.googleusercontent.com',
          client_secret: 'dummy-client-secret',
          refresh_token: 'dummy-refresh-token',
          access_token: 'expired-access-token',
          token_type: 'Bearer',
          expiry_date: 1,
        },
      },
    }),
  );
});

afterAll(async () => {
  await emulator?.close();
  if (root !== undefined) await rm(root, { recursive: true, force: true });
});

// Concurrent: the two tests share nothing but the emulator package (the second starts its own emulator,
// home and repository), and each is a chain of clasp processes, one after the other: run in turn they
// made this the longest file of the suite, the one the whole suite waited for at its end.
describe.concurrent('clasp 3.4 against the emulator with the redirect preload', () => {
  it('runs create → push → version → deploy → run → pull offline', { timeout: 400_000 }, async () => {
    // create: the expired token is refreshed at the emulator's token endpoint first.
    const created = await clasp('create-script', '--title', 'Offline pipeline', '--type', 'standalone');
    expect(created.code).toBe(0);
    const scriptId = /Created new script: https:\/\/script\.google\.com\/d\/(1[\w-]+)\/edit/.exec(
      created.stdout,
    )?.[1];
    expect(scriptId, created.stdout + created.stderr).toBeDefined();
    expect(JSON.parse(await readFile(join(project, '.clasp.json'), 'utf8')).scriptId).toBe(scriptId);
    const stored = JSON.parse(await readFile(join(home, '.clasprc.json'), 'utf8')).tokens.default;
    expect(stored.access_token).toMatch(/^ya29\.local-/);
    expect(stored.refresh_token).toBe('dummy-refresh-token');
    expect(stored.expiry_date).toBeGreaterThan(Date.now());

    // push
    await writeFile(join(project, 'Code.js'), CODE);
    await writeFile(join(project, 'appsscript.json'), MANIFEST);
    const pushed = await clasp('push', '--force');
    expect(pushed.code).toBe(0);
    expect(pushed.stdout).toContain('Pushed 2 files');
    const inEmulator = emulator.state().appsScript.projects.find((p) => p.scriptId === scriptId);
    expect(inEmulator?.title).toBe('Offline pipeline');
    expect(inEmulator?.files?.find((f) => f.name === 'Code')?.source).toBe(CODE);

    // version
    const versioned = await clasp('create-version', 'First release');
    expect(versioned.code).toBe(0);
    expect(versioned.stdout).toContain('Created version 1');
    expect(emulator.state().appsScript.projects.find((p) => p.scriptId === scriptId)?.versions).toMatchObject(
      [{ versionNumber: 1, description: 'First release' }],
    );

    // deploy
    const deployed = await clasp('create-deployment', '--versionNumber', '1', '--description', 'API');
    expect(deployed.code).toBe(0);
    const deploymentId = /Deployed (AKfycb[\w-]+) @1/.exec(deployed.stdout)?.[1];
    expect(deploymentId, deployed.stdout + deployed.stderr).toBeDefined();
    const deployment = emulator
      .state()
      .appsScript.projects.find((p) => p.scriptId === scriptId)
      ?.deployments?.find((d) => d.deploymentId === deploymentId);
    expect(deployment).toMatchObject({ versionNumber: 1, description: 'API' });

    // run: the function really runs in the emulator's sandbox and clasp prints its result.
    const ran = await clasp('run-function', 'hello', '--params', '["Ada"]');
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain('Hello, Ada!');

    // pull: the file deleted locally comes back from the emulator as pushed.
    await unlink(join(project, 'Code.js'));
    const pulled = await clasp('pull');
    expect(pulled.code).toBe(0);
    expect(pulled.stdout).toContain('Pulled 2 files');
    expect(await readFile(join(project, 'Code.js'), 'utf8')).toBe(CODE);

    expect(emulator.violations()).toEqual([]);
  });

  it("runs the README's CI recipe: an existing .clasp.json, a state document, a token clasp uses as is", {
    timeout: 300_000,
  }, async () => {
    const scriptId = '1CiScriptIdFromTheRepository0000000000000000';
    const ci = await startEmulator({
      strict: true,
      state: {
        version: 1,
        appsScript: {
          tokens: { 'ci-token': 'ci@example.com' },
          projects: [
            {
              scriptId,
              title: 'CI',
              creator: 'ci@example.com',
              createTime: '2026-01-01T00:00:00Z',
              updateTime: '2026-01-01T00:00:00Z',
            },
          ],
        },
      } as unknown as StateDocument,
    });
    try {
      const ciHome = join(root, 'ci-home');
      const repo = join(root, 'ci-repo');
      await mkdir(ciHome);
      await mkdir(join(repo, 'src'), { recursive: true });
      await mkdir(join(repo, 'node_modules', '@specbound'), { recursive: true });
      await symlink(PACKAGE_DIR, join(repo, 'node_modules', '@specbound', 'emulator'), 'dir');
      await writeFile(join(repo, '.clasp.json'), JSON.stringify({ scriptId, rootDir: 'src' }));
      await writeFile(join(repo, 'src', 'Code.js'), 'function smokeTest() { return "ok"; }\n');
      await writeFile(join(repo, 'src', 'appsscript.json'), MANIFEST);
      await writeFile(
        join(ciHome, '.clasprc.json'),
        JSON.stringify({
          tokens: {
            default: {
              type: 'authorized_user',
              client_id: 'ci',
              client_secret: 'ci',
              refresh_token: 'ci',
              access_token: 'ci-token',
              token_type: 'Bearer',
              expiry_date: 4102444800000,
            },
          },
        }),
      );
      const where = { cwd: repo, home: ciHome, emulatorUrl: ci.appsScriptUrl };
      // push and run-function: what this recipe adds to the pipeline above (version and deploy are the same calls).
      const pushed = await claspIn(where, ['push', '--force']);
      expect(pushed.code).toBe(0);
      expect(pushed.stdout).toContain('Pushed 2 files');
      const smoke = await claspIn(where, ['run-function', 'smokeTest']);
      expect(smoke.code).toBe(0);
      expect(smoke.stdout.trim()).toBe('ok');
      expect(ci.state().appsScript.projects[0]?.files?.map((f) => f.name)).toEqual(['appsscript', 'Code']);
      expect(ci.violations()).toEqual([]);
    } finally {
      await ci.close();
    }
  });
});

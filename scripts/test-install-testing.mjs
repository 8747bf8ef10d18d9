// Part of `test:install` (issue 26): in the newcomer's project, which installed the packed tarballs,
// add vitest, msw and Google's @googleapis/script from the registry and run a vitest suite that uses
// each of the emulator's test entry points (`./fetch`, `./msw`, `./vitest`) against both clients and
// @googleapis/script, and checks that a response breaking the spec (a fault registered with
// `checked: false`) is reported and thrown by both clients' `./validate` entries.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The versions the repository tests with: vitest from the catalog, msw and @googleapis/script as the emulator pins them. */
function versions(root) {
  const catalog = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const vitest = /^\s+vitest:\s*"?([^"\n]+)"?/m.exec(catalog)?.[1] ?? '^5.0.0';
  const emulator = JSON.parse(readFileSync(join(root, 'packages', 'emulator', 'package.json'), 'utf8'));
  return {
    vitest,
    msw: emulator.devDependencies.msw,
    '@googleapis/script': emulator.devDependencies['@googleapis/script'],
  };
}

const SUITE = `import { auth, script } from '@googleapis/script';
import { createAppsScriptClient } from '@specbound/apps-script';
import * as appsValidate from '@specbound/apps-script/validate';
import { createBugSmashClient } from '@specbound/bugsmash';
import * as bugsValidate from '@specbound/bugsmash/validate';
import { createEmulatorFetch } from '@specbound/emulator/fetch';
import { emulatorHandlers } from '@specbound/emulator/msw';
import { createEmulatorTest } from '@specbound/emulator/vitest';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, test as plainTest } from 'vitest';

const KEY = 'local-emulator-key';
const test = createEmulatorTest();

describe('@specbound/emulator/vitest and ./fetch', () => {
  test('both clients on their default base URLs', async ({ emulator }) => {
    const appsScript = createAppsScriptClient({ auth: 'token', fetch: emulator.fetch });
    const { scriptId } = await appsScript.projects.create({ title: 'From the tarballs' });
    expect((await appsScript.projects.get({ scriptId })).title).toBe('From the tarballs');
    const bugsmash = createBugSmashClient({ apiKey: KEY, fetch: emulator.fetch });
    expect((await bugsmash.projects.list()).data).toEqual([]);
  });

  test('a fresh state in every test', ({ emulator }) => {
    expect(emulator.emulator.state().appsScript.projects).toEqual([]);
  });

  test('Apps Script: a response breaking the spec is reported, then thrown', async ({ emulator }) => {
    const fault = { service: 'apps-script', operationId: 'getProject', status: 200, body: { title: 7 }, checked: false };
    const reports = [];
    await emulator.emulator.addFault(fault);
    const reporting = createAppsScriptClient({
      auth: 'token',
      fetch: appsValidate.validatingFetch({ mode: 'report', fetch: emulator.fetch, onReport: (r) => reports.push(r) }),
    });
    await reporting.projects.get({ scriptId: '1abc' });
    expect(reports[0].problems).toEqual([{ pointer: '/title', expected: 'string', got: 7 }]);
    await emulator.emulator.addFault(fault);
    const throwing = createAppsScriptClient({
      auth: 'token',
      fetch: appsValidate.validatingFetch({ mode: 'throw', fetch: emulator.fetch }),
    });
    await expect(throwing.projects.get({ scriptId: '1abc' })).rejects.toBeInstanceOf(appsValidate.ResponseValidationError);
  });

  test('BugSmash: a response breaking the spec is reported, then thrown', async ({ emulator }) => {
    const fault = { service: 'bugsmash', operationId: 'listProjects', status: 200, body: { status: 'yes' }, checked: false };
    const reports = [];
    await emulator.emulator.addFault(fault);
    const reporting = createBugSmashClient({
      apiKey: KEY,
      fetch: bugsValidate.validatingFetch({ mode: 'report', fetch: emulator.fetch, onReport: (r) => reports.push(r) }),
    });
    await reporting.projects.list().catch(() => {});
    expect(reports[0].operation).toBe('listProjects');
    await emulator.emulator.addFault(fault);
    const throwing = createBugSmashClient({
      apiKey: KEY,
      fetch: bugsValidate.validatingFetch({ mode: 'throw', fetch: emulator.fetch }),
    });
    await expect(throwing.projects.list()).rejects.toBeInstanceOf(bugsValidate.ResponseValidationError);
  });
});

const inProcess = await createEmulatorFetch();
const server = setupServer(...emulatorHandlers(inProcess));

describe('@specbound/emulator/msw', () => {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => inProcess.reset());
  afterAll(async () => {
    server.close();
    await inProcess.close();
  });

  plainTest('@googleapis/script, unchanged', async () => {
    const credentials = new auth.OAuth2();
    credentials.setCredentials({ access_token: 'token' });
    const api = script({ version: 'v1', auth: credentials, retry: false });
    const created = await api.projects.create({ requestBody: { title: 'Through MSW' } });
    expect((await api.projects.get({ scriptId: created.data.scriptId })).data.title).toBe('Through MSW');
  });

  plainTest('both clients through the global fetch', async () => {
    const viaGlobal = (request) => fetch(request);
    const appsScript = createAppsScriptClient({ auth: 'token', fetch: viaGlobal });
    expect((await appsScript.projects.create({ title: 'x' })).title).toBe('x');
    const bugsmash = createBugSmashClient({ apiKey: KEY, fetch: viaGlobal });
    expect((await bugsmash.projects.list()).data).toEqual([]);
  });
});
`;

/** Installs the test tools into `project` and runs the suite there; throws when it fails. */
export function runTestingSuite(project, root, step) {
  const wanted = Object.entries(versions(root)).map(([name, range]) => `${name}@${range}`);
  step(`npm install --save-dev ${wanted.join(' ')}`);
  execFileSync('npm', ['install', '--save-dev', '--ignore-scripts', ...wanted], {
    cwd: project,
    stdio: 'inherit',
    env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false' },
  });
  writeFileSync(join(project, 'testing.test.mjs'), SUITE);
  step('npx vitest run testing.test.mjs (./fetch, ./msw, ./vitest; both clients and @googleapis/script)');
  execFileSync('npx', ['--no-install', 'vitest', 'run', 'testing.test.mjs'], {
    cwd: project,
    stdio: 'inherit',
  });
}

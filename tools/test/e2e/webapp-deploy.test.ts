// `gas deploy --access/--execute-as` (clasp #1115), the warnings near Google's caps of 200 versions and
// 20 versioned deployments, and `gas open-web-app`, through the built CLI against the emulator.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createAppsScriptClient } from '@specbound/apps-script';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TOKEN, type Harness, startHarness } from './harness.js';

let h: Harness;
let dir: string;
let scriptId: string;

const MANIFEST = '{\n  "timeZone": "Etc/UTC",\n  "runtimeVersion": "V8"\n}\n';
const CODE = "function doGet() { return ContentService.createTextOutput('hello from the web app'); }\n";

const gas = (args: string[], cwd = dir) => h.run(['gas', ...args], { cwd });
const client = () => createAppsScriptClient({ baseUrl: h.emulator.appsScriptUrl, auth: E2E_TOKEN });

async function remoteManifest(versionNumber?: number) {
  const content = await client().projects.getContent({
    scriptId,
    ...(versionNumber === undefined ? {} : { versionNumber }),
  });
  const files = 'files' in content ? (content.files ?? []) : [];
  return JSON.parse(files.find((f) => f.name === 'appsscript')?.source ?? '{}') as Record<string, unknown>;
}

const versionCount = async () => (await client().projects.versions.iterate({ scriptId }).all()).length;

beforeAll(async () => {
  h = await startHarness();
  dir = await h.tempDir();
  const created = await gas(['create', '--title', 'Web app', '--json']);
  expect(created.code, created.stderr).toBe(0);
  scriptId = created.json<{ scriptId: string }>().scriptId;
  await writeFile(join(dir, 'appsscript.json'), MANIFEST);
  await writeFile(join(dir, 'Code.js'), CODE);
  const pushed = await gas(['push']);
  expect(pushed.code, pushed.stderr).toBe(0);
});
afterAll(async () => {
  await h?.close();
});

describe('gas deploy --access / --execute-as', () => {
  it('refuses an unknown value before sending anything (exit 2, the allowed list)', async () => {
    const result = await gas(['deploy', '--access', 'EVERYONE']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '--access: "EVERYONE" is not one of MYSELF, DOMAIN, ANYONE, ANYONE_ANONYMOUS',
    );
    const executeAs = await gas(['deploy', '--execute-as', 'ME']);
    expect(executeAs.code).toBe(2);
    expect(executeAs.stderr).toContain('USER_ACCESSING, USER_DEPLOYING');
    const pinned = await gas(['deploy', '--access', 'ANYONE', '--version', '1']);
    expect(pinned.code).toBe(2);
    expect(await versionCount()).toBe(0);
  });

  it('gives a project without a webapp block one, in the version it deploys, and says so', async () => {
    const result = await gas(['deploy', '--access', 'anyone_anonymous', '--execute-as', 'USER_DEPLOYING']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      'Web app: access ANYONE_ANONYMOUS, execute as USER_DEPLOYING (appsscript.json webapp set on the service and here)',
    );
    const deployed = await gas(['deployments', '--json']);
    const ours = deployed
      .json<{ deploymentId: string; deploymentConfig?: { versionNumber?: number } }[]>()
      .find((d) => d.deploymentConfig?.versionNumber !== undefined);
    const webApp = { executeAs: 'USER_DEPLOYING', access: 'ANYONE_ANONYMOUS' };
    expect((await remoteManifest(ours?.deploymentConfig?.versionNumber)).webapp).toEqual(webApp);
    // The web app answers anyone, at the URL the output printed (the emulator's own origin).
    const url = `${h.emulator.appsScriptUrl}/macros/s/${ours?.deploymentId}/exec`;
    expect(result.stdout).toContain(`Web app: ${url}`);
    expect(await (await fetch(url)).text()).toBe('hello from the web app');
    // The local manifest was in sync, so it says the same, and the sync record knows it (the record
    // the deploy keeps with the new deployment id is the patched one, not the one read before).
    const local = await readFile(join(dir, 'appsscript.json'), 'utf8');
    expect(JSON.parse(local).webapp).toEqual(webApp);
    const record = JSON.parse(await readFile(join(dir, '.specbound-state.json'), 'utf8')).lastSync;
    expect(record.files.appsscript).toBe(createHash('sha256').update(`JSON\0${local}`).digest('hex'));
    const status = await gas(['push', '--dry-run', '--json']);
    expect(
      status.json<{ changes: { change: string }[] }>().changes.every((c) => c.change === 'unchanged'),
    ).toBe(true);
  });

  it('changes only the flag given, and leaves the manifest alone when it already says so', async () => {
    const domain = await gas(['deploy', '--access', 'DOMAIN', '--json']);
    expect(domain.code, domain.stderr).toBe(0);
    expect(domain.json<{ webAppPatch: unknown }>().webAppPatch).toMatchObject({
      before: { access: 'ANYONE_ANONYMOUS', executeAs: 'USER_DEPLOYING' },
      after: { access: 'DOMAIN', executeAs: 'USER_DEPLOYING' },
      changed: true,
    });
    const same = await gas(['deploy', '--access', 'DOMAIN']);
    expect(same.stdout).toContain('(appsscript.json webapp already so)');
  });

  it('patches the service only from outside the project (--script-id), and on update-deployment', async () => {
    const other = await h.tempDir();
    const outside = await gas(['deploy', '--script-id', scriptId, '--access', 'ANYONE', '--json'], other);
    expect(outside.code, outside.stderr).toBe(0);
    expect(outside.json<{ webAppPatch: unknown }>().webAppPatch).toMatchObject({
      after: { access: 'ANYONE' },
      changed: true,
      localUpdated: false,
    });
    expect((await remoteManifest()).webapp).toMatchObject({ access: 'ANYONE' });
    // The local manifest was not touched: it now lags the remote one, as after a teammate's push.
    expect(JSON.parse(await readFile(join(dir, 'appsscript.json'), 'utf8')).webapp.access).toBe('DOMAIN');
    const state = JSON.parse(await readFile(join(dir, '.specbound-state.json'), 'utf8'));
    const redeployed = await gas(['update-deployment', state.deploymentId, '--access', 'DOMAIN']);
    expect(redeployed.code, redeployed.stderr).toBe(0);
    expect(redeployed.stdout).toContain('Web app: access DOMAIN, execute as USER_DEPLOYING');
    expect(JSON.parse(await readFile(join(dir, 'appsscript.json'), 'utf8')).webapp.access).toBe('DOMAIN');
  });

  it('refuses, sending nothing, while the local manifest has changes not pushed', async () => {
    const before = await versionCount();
    await writeFile(join(dir, 'appsscript.json'), MANIFEST.replace('Etc/UTC', 'Europe/Paris'));
    const result = await gas(['deploy', '--access', 'MYSELF']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('appsscript.json has local changes not pushed');
    expect(result.stderr).toContain('specbound gas push');
    expect(await versionCount()).toBe(before);
    expect((await remoteManifest()).webapp).toMatchObject({ access: 'DOMAIN' });
  });
});

describe('gas open-web-app', () => {
  it('prints the /exec URL of the newest web app deployment, or of the one named', async () => {
    const state = JSON.parse(await readFile(join(dir, '.specbound-state.json'), 'utf8'));
    const deployed = await gas(['open-web-app', '--no-browser', '--json']);
    expect(deployed.code, deployed.stderr).toBe(0);
    expect(deployed.json()).toMatchObject({
      deploymentId: state.deploymentId,
      url: `${h.emulator.appsScriptUrl}/macros/s/${state.deploymentId}/exec`,
    });
    // A deployment made since (a staging one next to production) is the newest.
    const staging = await client().projects.deployments.create({ scriptId, versionNumber: 1 });
    const newest = await gas(['open-web-app', '--no-browser']);
    expect(newest.stdout).toBe(`${h.emulator.appsScriptUrl}/macros/s/${staging.deploymentId}/exec\n`);
    const other = await h.tempDir();
    const named = await gas(
      ['open-web-app', String(state.deploymentId), '--no-browser', '--script-id', scriptId],
      other,
    );
    expect(named.stdout).toBe(`${h.emulator.appsScriptUrl}/macros/s/${state.deploymentId}/exec\n`);
  });

  it('says what to do when the project has no web app', async () => {
    const other = await h.tempDir();
    const bare = String((await client().projects.create({ title: 'no web app' })).scriptId);
    const result = await gas(['open-web-app', '--no-browser', '--script-id', bare], other);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`Script ${bare} has no web app deployment.`);
  });
});

describe('warnings near the caps', () => {
  it('warns from 180 versions and 16 deployments, on stderr, without failing', async () => {
    const c = client();
    const quiet = await gas(['version', '--json']);
    expect(quiet.stderr).not.toContain('warning');
    for (let n = await versionCount(); n < 179; n++) await c.projects.versions.create({ scriptId });
    const result = await gas(['version', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('warning: 180 of 200 versions; at 200 Google refuses new ones.');
    expect(result.stderr).toContain(`https://script.google.com/d/${scriptId}/edit`);

    const versioned = async () =>
      (await c.projects.deployments.iterate({ scriptId }).all()).filter(
        (d) => d.deploymentConfig?.versionNumber !== undefined,
      ).length;
    for (let n = await versioned(); n < 15; n++)
      await c.projects.deployments.create({ scriptId, versionNumber: 1 });
    const deployed = await gas(['deploy', '--new', '--version', '1']);
    expect(deployed.code, deployed.stderr).toBe(0);
    expect(deployed.stderr).toContain('warning: 16 of 20 versioned deployments');
    expect(deployed.stderr).toContain('specbound gas undeploy <deploymentId>');
  });

  it("says what to do when Google's caps refuse a version or a deployment", async () => {
    const c = client();
    for (let n = await versionCount(); n < 200; n++) await c.projects.versions.create({ scriptId });
    const version = await gas(['version']);
    expect(version.code).toBe(1);
    expect(version.stderr).toContain('Scripts may only have up to 200 versions.');
    expect(version.stderr).toContain('Project history');
    for (let i = 0; i < 4; i++) await c.projects.deployments.create({ scriptId, versionNumber: 1 });
    const deployed = await gas(['deploy', '--new', '--version', '1']);
    expect(deployed.code).toBe(1);
    expect(deployed.stderr).toContain('Scripts may only have up to 20 versioned deployments at a time.');
    expect(deployed.stderr).toContain('specbound gas undeploy <deploymentId>');
  });
});

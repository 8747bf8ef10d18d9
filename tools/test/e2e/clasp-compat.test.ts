// clasp's names, flags and meanings through the built CLI against the emulator (issue #22, defects 8,
// 9 and 11): create-deployment and deploy --new make another deployment, update-deployment and
// --deployment-id need one that exists (checked before a version is made), undeploy --all asks for
// --yes, run says what ran, run-function runs the pushed code, and each run failure says what it is.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

let h: Harness;
let dir: string;
const gas = (args: string[], cwd = dir) => h.run(['gas', ...args], { cwd });
const MANIFEST = '{"timeZone":"Etc/UTC","runtimeVersion":"V8","executionApi":{"access":"MYSELF"}}';
const code = (greeting: string) => `function greet(name) { return '${greeting}, ' + name; }\n`;

interface Deployed {
  deploymentId: string;
  versionNumber: number;
  action: string;
}
const versionCount = async () => (await gas(['list-versions', '--json'])).json<unknown[]>().length;
const deploymentIds = async () =>
  (await gas(['list-deployments', '--json'])).json<{ deploymentId: string }[]>().map((d) => d.deploymentId);

beforeAll(async () => {
  h = await startHarness();
  dir = await h.tempDir();
  expect((await gas(['create-script', '--title', 'Compat'])).code).toBe(0);
  await writeFile(join(dir, 'appsscript.json'), MANIFEST);
  await writeFile(join(dir, 'Code.js'), code('Hello'));
  const pushed = await gas(['push', '--force']);
  expect(pushed.code, pushed.stderr).toBe(0);
});
afterAll(async () => {
  await h?.close();
});

describe('deployments, clasp style and specbound style', () => {
  it('deploy records one; deploy --new and create-deployment add others; redeploy -V updates one', async () => {
    const production = (await gas(['deploy', '-d', 'production', '--json'])).json<Deployed>();
    const staging = (await gas(['deploy', '--new', '-d', 'staging', '--json'])).json<Deployed>();
    const clasp = (await gas(['create-deployment', '-d', 'clasp', '--json'])).json<Deployed>();
    expect(new Set([production.deploymentId, staging.deploymentId, clasp.deploymentId]).size).toBe(3);
    expect(staging.action).toBe('created');
    // The recorded one is still production: a plain deploy updates it.
    expect((await gas(['deploy', '--json'])).json<Deployed>()).toMatchObject({
      action: 'updated',
      deploymentId: production.deploymentId,
    });
    const redeployed = await gas(['redeploy', staging.deploymentId, '-V', '1', '--json']);
    expect(redeployed.json<Deployed>()).toMatchObject({
      deploymentId: staging.deploymentId,
      versionNumber: 1,
    });
    const viaI = await gas(['deploy', '-i', clasp.deploymentId, '-V', '1', '--json']);
    expect(viaI.json<Deployed>()).toMatchObject({ deploymentId: clasp.deploymentId, action: 'updated' });
  });

  it('a --deployment-id that does not exist is named, and no version is created', async () => {
    const before = await versionCount();
    for (const args of [
      ['deploy', '--deployment-id', 'AKfyNOPE'],
      ['update-deployment', 'AKfyNOPE'],
    ]) {
      const result = await gas(args);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('Deployment AKfyNOPE does not exist');
      expect(result.stderr).toContain('Nothing was created');
    }
    expect(await versionCount()).toBe(before);
  });
});

describe('runs say what ran', () => {
  it("run names the deployment and version; run-function runs the pushed code in dev mode, as clasp's run", async () => {
    await writeFile(join(dir, 'Code.js'), code('Hi'));
    expect((await gas(['push'])).code).toBe(0);
    const deployed = await gas(['run', 'greet', '-p', '["Ada"]']);
    expect(deployed.code, deployed.stderr).toBe(0);
    expect(deployed.stdout).toBe('Hello, Ada\n'); // the deployed version, not the push
    expect(deployed.stderr).toMatch(/^Ran greet on deployment \S+ \(version \d+\)\.$/m);
    const dev = await gas(['run-function', 'greet', '-p', '["Ada"]']);
    expect(dev.stdout).toBe('Hi, Ada\n');
    expect(dev.stderr).toContain('Ran greet in dev mode (the latest pushed code of');
    const nondev = await gas(['run-function', 'greet', '-p', '["Ada"]', '--nondev', '--json']);
    expect(nondev.json()).toMatchObject({ result: 'Hello, Ada', devMode: false });
  });

  it("a teammate's newer deployment is named next to the one that ran", async () => {
    const teammate = (await gas(['create-deployment', '-d', 'teammate', '--json'])).json<Deployed>();
    const result = await gas(['run', 'greet', '-p', '["Ada"]']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`note: deployment ${teammate.deploymentId}`);
    expect(result.stderr).toContain(`--deployment-id ${teammate.deploymentId}`);
  });

  it('an unknown function says so, with what Google returned', async () => {
    const result = await gas(['run-function', 'nope']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No function "nope" in the code that ran');
    expect(result.stderr).toContain('Script function not found: nope');
    expect(result.stderr).not.toContain('Check the id');
  });
});

describe('undeploy --all', () => {
  it('needs --yes when not on a terminal, then deletes every deployment but HEAD', async () => {
    const before = await deploymentIds();
    const refused = await gas(['undeploy', '--all']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    expect(await deploymentIds()).toEqual(before);
    const done = await gas(['delete-deployment', '--all', '--yes', '--json']);
    expect(done.code, done.stderr).toBe(0);
    expect(done.json<{ deleted: string[] }>().deleted).toHaveLength(before.length - 1);
    expect(await deploymentIds()).toHaveLength(1); // HEAD
  });

  it('without an id, deletes the only deployment, as clasp does; with none or several, says so', async () => {
    expect((await gas(['undeploy'])).stderr).toContain('has no deployment to delete');
    const one = (await gas(['create-deployment', '--json'])).json<Deployed>();
    const two = (await gas(['create-deployment', '--json'])).json<Deployed>();
    const several = await gas(['undeploy']);
    expect(several.code).toBe(2);
    expect(several.stderr).toContain(`${one.deploymentId}, ${two.deploymentId}`);
    expect((await gas(['undeploy', two.deploymentId])).code).toBe(0);
    const only = await gas(['undeploy', '--json']);
    expect(only.code, only.stderr).toBe(0);
    expect(only.json()).toEqual({ deploymentId: one.deploymentId });
  });
});

describe("clasp's other names and flags", () => {
  it('`specbound push` points to `specbound gas push`', async () => {
    const result = await h.run(['push'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('run `specbound gas push`');
    expect(result.stderr).not.toContain('auth');
  });

  it('commands that need APIs specbound lacks are recognised and answer exit 2 with what to use', async () => {
    for (const args of [['setup-logs'], ['enable-api', 'drive']]) {
      const result = await gas(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('not supported yet');
      expect(result.stderr).toMatch(/^hint: /m);
    }
  });

  it('-P names the project folder; -u and --profile naming two logins is a usage error', async () => {
    const elsewhere = await h.tempDir();
    const versions = await gas(['list-versions', '-P', dir, '--json'], elsewhere);
    expect(versions.code, versions.stderr).toBe(0);
    const viaFile = await gas(['versions', '--project', join(dir, '.clasp.json'), '--json'], elsewhere);
    expect(viaFile.json()).toEqual(versions.json());
    expect((await gas(['versions'], elsewhere)).code).toBe(2); // no project there without -P
    const two = await gas(['list-versions', '-u', 'a', '--profile', 'b'], dir);
    expect(two.code).toBe(2);
  });
});

// Every `specbound gas` command, run through the built CLI against the emulator.
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createAppsScriptClient } from '@specbound/apps-script';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TOKEN, type Harness, startHarness } from './harness.js';

let h: Harness;
let dir: string;
let scriptId: string;

const CODE = `function greet(name) {
  return 'Hello, ' + name;
}

function boom() {
  throw new Error('kaboom');
}
`;
const MANIFEST =
  '{\n  "timeZone": "Etc/UTC",\n  "runtimeVersion": "V8",\n  "executionApi": { "access": "MYSELF" }\n}\n';

const gas = (args: string[], cwd = dir, env?: Record<string, string | undefined>) =>
  h.run(['gas', ...args], { cwd, ...(env === undefined ? {} : { env }) });

function client() {
  return createAppsScriptClient({ baseUrl: h.emulator.appsScriptUrl, auth: E2E_TOKEN });
}

beforeAll(async () => {
  h = await startHarness();
  dir = await h.tempDir();
});
afterAll(async () => {
  await h?.close();
});

describe('specbound gas: create, status, push, pull', () => {
  it('create writes .clasp.json and the manifest', async () => {
    const result = await gas(['create', '--title', 'E2E project', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const data = result.json<{ scriptId: string; title: string; files: { path: string }[] }>();
    expect(data.title).toBe('E2E project');
    expect(data.files.map((f) => f.path)).toEqual(['appsscript.json']);
    scriptId = data.scriptId;
    expect(JSON.parse(await readFile(join(dir, '.clasp.json'), 'utf8'))).toEqual({ scriptId });
    const state = JSON.parse(await readFile(join(dir, '.specbound-state.json'), 'utf8'));
    expect(state.scriptId).toBe(scriptId);
    expect(state.lastSync.files).toHaveProperty('appsscript');
  });

  it('create refuses a directory that already has a project (exit 2)', async () => {
    const result = await gas(['create', '--title', 'again']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('.clasp.json already exists');
    expect(result.stderr).toContain('hint:');
  });

  it('status lists what a push sends and what .claspignore leaves out', async () => {
    await writeFile(join(dir, 'Code.js'), CODE);
    await writeFile(join(dir, 'appsscript.json'), MANIFEST);
    await writeFile(join(dir, 'notes.txt'), 'not a script');
    await mkdir(join(dir, 'drafts'), { recursive: true });
    await writeFile(join(dir, 'drafts', 'wip.js'), 'function wip() {}');
    await writeFile(join(dir, 'secret.js'), 'function secret() {}');
    // clasp's rules (micromatch, relative to rootDir): `drafts/**`, not gitignore's `drafts/`.
    await writeFile(join(dir, '.claspignore'), 'drafts/**\nsecret.js\n**/*.txt\n');
    const result = await gas(['status', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const status = result.json<{
      files: { path: string; name: string }[];
      ignored: string[];
      changes: { name: string; change: string }[];
      remoteChanged: string[];
    }>();
    expect(status.files.map((f) => f.path)).toEqual(['appsscript.json', 'Code.js']);
    expect(status.ignored).toEqual(expect.arrayContaining(['drafts/', 'notes.txt', 'secret.js']));
    expect(status.ignored).not.toContain('.specbound-state.json');
    expect(status.changes).toEqual(
      expect.arrayContaining([
        { name: 'Code', path: 'Code.js', change: 'added', since: 'local' },
        { name: 'appsscript', path: 'appsscript.json', change: 'modified', since: 'local' },
      ]),
    );
    expect(status.remoteChanged).toEqual([]);
  });

  it('status without --json is a tab-separated table when piped', async () => {
    const result = await gas(['status']);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')).toContain('added\tCode.js\tCode');
    expect(result.stdout).not.toContain('STATE');
  });

  it('status warns about a .claspignore line that matches no file and says what was meant', async () => {
    const rules = await readFile(join(dir, '.claspignore'), 'utf8');
    await writeFile(join(dir, '.claspignore'), `${rules}drafts/\n`);
    const result = await gas(['status']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('.claspignore: "drafts/" matches no file; did you mean "drafts/**"?');
    await writeFile(join(dir, '.claspignore'), rules);
  });

  it('push --dry-run prints a unified diff and sends nothing', async () => {
    const result = await gas(['push', '--dry-run']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('--- /dev/null\n+++ b/Code.js');
    expect(result.stdout).toContain("+  return 'Hello, ' + name;");
    expect(result.stdout).toContain('--- a/appsscript.json\n+++ b/appsscript.json');
    expect(result.stderr).toContain('nothing was sent');
    const remote = await client().projects.getContent({ scriptId });
    expect(remote.files?.map((f) => f.name)).toEqual(['appsscript']);
  });

  it('push refuses an invalid manifest before sending anything (exit 1)', async () => {
    await writeFile(join(dir, 'appsscript.json'), '[1, 2]');
    const result = await gas(['push']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('nothing was sent');
    expect(result.stderr).toContain(
      'appsscript.json is not a valid manifest (nothing was sent): it must be a JSON object',
    );
    await writeFile(join(dir, 'appsscript.json'), MANIFEST);
  });

  it('push uploads the files', async () => {
    const result = await gas(['push', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const pushed = result.json<{ pushed: boolean; files: { path: string }[] }>();
    expect(pushed.pushed).toBe(true);
    expect(pushed.files.map((f) => f.path)).toEqual(['appsscript.json', 'Code.js']);
    const remote = await client().projects.getContent({ scriptId });
    expect(remote.files?.find((f) => f.name === 'Code')?.source).toBe(CODE);
  });

  it('push refuses (exit 1, naming the files) when the remote changed since the last push, unless --force', async () => {
    const remote = await client().projects.getContent({ scriptId });
    const files = (remote.files ?? []).map((f) =>
      f.name === 'Code' ? { ...f, source: `${f.source}\n// edited online\n` } : f,
    );
    await client().projects.updateContent({ scriptId, files });
    await writeFile(join(dir, 'Code.js'), `${CODE}// local change\n`);

    const refused = await gas(['push']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'Push refused, nothing was sent: changed both locally and remotely since the last pull/push: Code.',
    );
    expect(refused.stderr).toContain('--force');
    const still = await client().projects.getContent({ scriptId });
    expect(still.files?.find((f) => f.name === 'Code')?.source).toContain('// edited online');

    const status = await gas(['status', '--json']);
    expect(status.json<{ remoteChanged: string[] }>().remoteChanged).toEqual(['Code']);

    const forced = await gas(['push', '--force', '--json']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.json<{ overwritten: string[] }>().overwritten).toEqual(['Code']);
    const after = await client().projects.getContent({ scriptId });
    expect(after.files?.find((f) => f.name === 'Code')?.source).toBe(`${CODE}// local change\n`);
  });

  it('pull → edit → push → pull round-trips byte for byte and keeps local-only files', async () => {
    const other = await h.tempDir();
    const cloned = await gas(['clone', scriptId, '--json'], other);
    expect(cloned.code, cloned.stderr).toBe(0);
    expect(await readFile(join(other, 'Code.js'), 'utf8')).toBe(`${CODE}// local change\n`);

    // Unicode, CRLF line ends and no final newline must survive the trip.
    const edited = `${CODE}\r\nfunction café() {\r\n  return '☕ ünïcödé';\r\n}`;
    await writeFile(join(other, 'Code.js'), edited);
    await writeFile(join(other, 'page.html'), '<p>Hi</p>\n');
    const pushed = await gas(['push'], other);
    expect(pushed.code, pushed.stderr).toBe(0);

    await writeFile(join(dir, 'local-only.js'), 'function mine() {}\n');
    await rm(join(dir, '.claspignore'));
    const pulled = await gas(['pull', '--json']);
    expect(pulled.code, pulled.stderr).toBe(0);
    const result = pulled.json<{ files: { path: string; changed: boolean }[]; kept: string[] }>();
    expect(result.kept).toEqual(expect.arrayContaining(['local-only.js']));
    expect(await readFile(join(dir, 'Code.js'), 'utf8')).toBe(edited);
    expect(await readFile(join(dir, 'page.html'), 'utf8')).toBe('<p>Hi</p>\n');
    expect(await readFile(join(dir, 'local-only.js'), 'utf8')).toBe('function mine() {}\n');
    expect(await readFile(join(dir, 'drafts', 'wip.js'), 'utf8')).toBe('function wip() {}');
    // Nothing was left half-written.
    const leftovers = (await import('node:fs/promises')).readdir(dir);
    expect((await leftovers).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    await rm(join(dir, 'local-only.js'));
    await rm(join(dir, 'secret.js'));
    await rm(join(dir, 'drafts'), { recursive: true });
  });

  it('pull --version writes that version', async () => {
    const version = await gas(['version', 'before-bye', '--json']);
    expect(version.code, version.stderr).toBe(0);
    const number = version.json<{ versionNumber: number }>().versionNumber;
    await writeFile(join(dir, 'Code.js'), 'function bye() { return 1; }\n');
    expect((await gas(['push'])).code).toBe(0);
    const pulled = await gas(['pull', '--version', String(number)]);
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(await readFile(join(dir, 'Code.js'), 'utf8')).toContain('function café()');
    // Back to the code the rest of the tests run.
    await writeFile(join(dir, 'Code.js'), CODE);
    expect((await gas(['push', '--force'])).code).toBe(0);
  });

  it('pull refuses to overwrite local edits that were never pushed (exit 1), unless --force', async () => {
    await writeFile(join(dir, 'Code.js'), `${CODE}// not pushed yet\n`);
    // The remote did not change: the local edit is kept.
    const kept = await gas(['pull', '--json']);
    expect(kept.code, kept.stderr).toBe(0);
    expect(kept.json<{ keptLocalChanges: string[] }>().keptLocalChanges).toEqual(['Code.js']);
    const remote = await client().projects.getContent({ scriptId });
    const files = (remote.files ?? []).map((f) =>
      f.name === 'Code' ? { ...f, source: `${f.source}// edited online\n` } : f,
    );
    await client().projects.updateContent({ scriptId, files });
    const refused = await gas(['pull']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Pull refused, nothing was written: changed both locally and remotely');
    expect(refused.stderr).toContain('Code.js');
    expect(refused.stderr).toContain('--force');
    expect(await readFile(join(dir, 'Code.js'), 'utf8')).toBe(`${CODE}// not pushed yet\n`);
    const forced = await gas(['pull', '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await readFile(join(dir, 'Code.js'), 'utf8')).toBe(`${CODE}// edited online\n`);
    await writeFile(join(dir, 'Code.js'), CODE);
    expect((await gas(['push'])).code).toBe(0);
  });

  it('clone of a project that does not exist exits 1 and leaves no .clasp.json', async () => {
    const empty = await h.tempDir();
    const result = await gas(['clone', 'no-such-script-id'], empty);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('hint:');
    await expect(stat(join(empty, '.clasp.json'))).rejects.toThrow();
  });

  it('a command outside a project exits 2 and says how to get one', async () => {
    const empty = await h.tempDir();
    const result = await gas(['pull'], empty);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('No .clasp.json');
    expect(result.stderr).toContain('specbound gas clone');
  });
});

describe('specbound gas: versions, deploy, run', () => {
  let deploymentId: string;

  it('version creates one; versions lists them newest first', async () => {
    const created = await gas(['version', 'release one', '--json']);
    expect(created.code, created.stderr).toBe(0);
    const number = created.json<{ versionNumber: number }>().versionNumber;
    const list = await gas(['versions', '--json']);
    const versions = list.json<{ versionNumber: number; description?: string }[]>();
    expect(versions[0]).toMatchObject({ versionNumber: number, description: 'release one' });
    expect(versions.map((v) => v.versionNumber)).toEqual(
      [...versions.map((v) => v.versionNumber)].sort((a, b) => b - a),
    );
  });

  it('deploy creates a deployment, then updates the same one', async () => {
    const first = await gas(['deploy', '--description', 'first', '--json']);
    expect(first.code, first.stderr).toBe(0);
    const one = first.json<{
      action: string;
      deploymentId: string;
      versionNumber: number;
      versionCreated: boolean;
    }>();
    expect(one.action).toBe('created');
    expect(one.versionCreated).toBe(true);
    deploymentId = one.deploymentId;
    const state = JSON.parse(await readFile(join(dir, '.specbound-state.json'), 'utf8'));
    expect(state.deploymentId).toBe(deploymentId);

    const second = await gas(['deploy', '--json']);
    const two = second.json<{ action: string; deploymentId: string; versionNumber: number }>();
    expect(two).toMatchObject({ action: 'updated', deploymentId, versionNumber: one.versionNumber + 1 });

    const pinned = await gas(['deploy', '--version', String(one.versionNumber), '--json']);
    expect(pinned.json()).toMatchObject({
      action: 'updated',
      deploymentId,
      versionNumber: one.versionNumber,
      versionCreated: false,
    });

    const list = await gas(['deployments', '--json']);
    const deployments = list.json<{ deploymentId: string }[]>();
    expect(deployments.filter((d) => d.deploymentId === deploymentId)).toHaveLength(1);
    expect(deployments).toHaveLength(2); // HEAD + ours
  });

  it('deploy prints the deployment for humans', async () => {
    const result = await gas(['deploy']);
    expect(result.stdout).toContain(`Updated deployment ${deploymentId} → version`);
  });

  it('run finds the API-executable deployment and prints the result', async () => {
    const result = await gas(['run', 'greet', '--params', '["Ada"]']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('Hello, Ada\n');
    const json = await gas(['run', 'greet', '--params', '["Grace"]', '--json']);
    expect(json.json()).toEqual({
      functionName: 'greet',
      result: 'Hello, Grace',
      target: deploymentId,
      devMode: false,
      versionNumber: expect.any(Number),
    });
  });

  it('run --dev-mode runs the pushed code with the script id', async () => {
    const result = await gas(['run', 'greet', '--params', '["dev"]', '--dev-mode', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.json()).toMatchObject({ result: 'Hello, dev', target: scriptId, devMode: true });
  });

  it('a script error prints the message and the script stack and exits 1', async () => {
    const result = await gas(['run', 'boom']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('error: script function "boom" failed: Error: kaboom');
    expect(result.stderr).toMatch(/at boom \(line 6\)/);
    expect(result.stderr).toContain('hint:');
  });

  it('bad --params JSON is a usage error (exit 2) sent nowhere', async () => {
    const before = (await client().processes.listScriptProcesses({ scriptId })).processes?.length ?? 0;
    const result = await gas(['run', 'greet', '--params', '{oops']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--params is not valid JSON');
    expect(result.stderr).toContain('hint:');
    const notArray = await gas(['run', 'greet', '--params', '"Ada"']);
    expect(notArray.code).toBe(2);
    expect(notArray.stderr).toContain(`--params '["Ada"]'`);
    const after = (await client().processes.listScriptProcesses({ scriptId })).processes?.length ?? 0;
    expect(after).toBe(before);
  });

  it('processes lists the executions newest first, with filters', async () => {
    const all = await gas(['processes', '--json']);
    expect(all.code, all.stderr).toBe(0);
    const list = all.json<{ functionName: string; processStatus: string; startTime: string }[]>();
    expect(list.map((p) => `${p.functionName} ${p.processStatus}`)).toEqual(
      expect.arrayContaining(['greet COMPLETED', 'boom FAILED']),
    );
    expect(list.map((p) => p.startTime)).toEqual([...list.map((p) => p.startTime)].sort().reverse());

    const failed = (await gas(['processes', '--status', 'failed', '--json'])).json<
      { processStatus: string }[]
    >();
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((p) => p.processStatus === 'FAILED')).toBe(true);

    const greet = (await gas(['processes', '--function', 'greet', '--since', '1h', '--all', '--json'])).json<
      { functionName: string }[]
    >();
    expect(greet.length).toBe(3);
    expect(greet.every((p) => p.functionName === 'greet')).toBe(true);

    const future = (await gas(['processes', '--since', '2999-01-01T00:00:00Z', '--json'])).json<unknown[]>();
    expect(future).toEqual([]);

    const limited = (await gas(['processes', '--limit', '1', '--json'])).json<unknown[]>();
    expect(limited).toHaveLength(1);

    const user = await gas(['processes', '--user', '--json']);
    expect(user.code, user.stderr).toBe(0);
    expect(user.json<unknown[]>().length).toBeGreaterThanOrEqual(list.length);
  });

  it('processes rejects a bad --since or --status (exit 2)', async () => {
    const since = await gas(['processes', '--since', 'yesterday-ish']);
    expect(since.code).toBe(2);
    expect(since.stderr).toContain('--since');
    const status = await gas(['processes', '--status', 'EXPLODED']);
    expect(status.code).toBe(2);
    expect(status.stderr).toContain('COMPLETED');
  });

  it('metrics reports executions and failures per period', async () => {
    const result = await gas(['metrics', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const metrics = result.json<{
      granularity: string;
      periods: { executions: number; failures: number }[];
    }>();
    expect(metrics.granularity).toBe('DAILY');
    expect(metrics.periods.reduce((n, p) => n + p.executions, 0)).toBeGreaterThanOrEqual(4);
    expect(metrics.periods.reduce((n, p) => n + p.failures, 0)).toBeGreaterThanOrEqual(1);
    const piped = await gas(['metrics', '--granularity', 'weekly']);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout.trim().split('\n').at(-1)?.split('\t')).toHaveLength(4);
    const bad = await gas(['metrics', '--granularity', 'HOURLY']);
    expect(bad.code).toBe(2);
  });

  it('metrics piped stays a plain table even with FORCE_COLOR (the chart is for terminals)', async () => {
    const result = await gas(['metrics'], dir, { FORCE_COLOR: '1' });
    expect(result.stdout).toMatch(/\t\d+\t\d+\t\d+\n$/);
    expect(result.stdout).not.toContain('█');
  });

  it('undeploy deletes the deployment and forgets it', async () => {
    const result = await gas(['undeploy', deploymentId, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const list = (await gas(['deployments', '--json'])).json<{ deploymentId: string }[]>();
    expect(list.map((d) => d.deploymentId)).not.toContain(deploymentId);
    const state = JSON.parse(await readFile(join(dir, '.specbound-state.json'), 'utf8'));
    expect(state.deploymentId).toBeUndefined();
  });

  it('run without an API-executable deployment says how to make one (exit 1)', async () => {
    const result = await gas(['run', 'greet']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('no deployment that can be run through the API');
    expect(result.stderr).toContain('--dev-mode');
  });

  it('open prints the editor URL', async () => {
    const result = await gas(['open']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`https://script.google.com/d/${scriptId}/edit\n`);
    expect((await gas(['open', '--json'])).json()).toEqual({
      scriptId,
      url: `https://script.google.com/d/${scriptId}/edit`,
    });
  });
});

describe('specbound gas: auth and errors', () => {
  it('a missing token exits 4 with the fix, before any request', async () => {
    const result = await gas(['versions'], dir, { SPECBOUND_GOOGLE_TOKEN: undefined });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('error: No Google credentials: SPECBOUND_GOOGLE_TOKEN');
    expect(result.stderr).toContain('hint: Run `specbound login`');
  });

  it('an unknown script is an API error: exit 1 with a hint', async () => {
    const result = await gas(['versions', '--script-id', 'no-such-script']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/error: .*/);
    expect(result.stderr).toContain('hint: Check the id');
  });

  it('--debug logs the requests on stderr, redacted, and never the token', async () => {
    const result = await gas(['versions', '--debug', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(
      /\[debug\] GET http:\/\/127\.0\.0\.1:\d+\/v1\/projects\/.+\/versions.* → 200/,
    );
    expect(result.stdout + result.stderr).not.toContain(E2E_TOKEN);
    expect(() => result.json()).not.toThrow();
  });

  it('a token inside an error message is printed as [REDACTED]', async () => {
    // An unreachable base URL whose path carries the token: the connection error names the URL.
    const result = await gas(['versions', '--apps-script-url', `http://127.0.0.1:9/${E2E_TOKEN}`]);
    expect(result.code).toBe(1);
    expect(result.stderr).not.toContain(E2E_TOKEN);
    expect(result.stderr).toContain('[REDACTED]');
    expect(result.stderr).toContain('hint: Check the network');
  });
});

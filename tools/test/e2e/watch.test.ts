// `specbound gas push --watch`, in-process against the emulator: what a save sends, what it does not,
// a refused push that leaves the watch running, and the two ways a watch ends. Then clasp's global
// `-I/--ignore <file>` through status, push and pull.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createAppsScriptClient } from '@specbound/apps-script';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TOKEN, type Harness, startHarness } from './harness.js';

let h: Harness;

const MANIFEST = '{\n  "timeZone": "Etc/UTC",\n  "runtimeVersion": "V8"\n}\n';
const CODE = 'function hello() {\n  return 1;\n}\n';
// Long enough for the watch's debounce (120 ms) to end and its scan to run.
const SETTLE_MS = 400;

function client() {
  return createAppsScriptClient({ baseUrl: h.emulator.appsScriptUrl, auth: E2E_TOKEN });
}

async function remoteSource(scriptId: string, name: string): Promise<string | undefined> {
  const content = await client().projects.getContent({ scriptId });
  return content.files?.find((f) => f.name === name)?.source ?? undefined;
}

/** A new project with Code.js and its manifest, not pushed yet. */
async function project(): Promise<{ dir: string; scriptId: string }> {
  const dir = await h.tempDir();
  const created = await h.run(['gas', 'create', '--title', 'watched', '--json'], { cwd: dir });
  expect(created.code, created.stderr).toBe(0);
  await writeFile(join(dir, 'appsscript.json'), MANIFEST);
  await writeFile(join(dir, 'Code.js'), CODE);
  await writeFile(join(dir, '.claspignore'), '**/*.txt\n');
  return { dir, scriptId: created.json<{ scriptId: string }>().scriptId };
}

/** The NDJSON lines printed so far, parsed. */
function lines(stdout: string): { pushed: boolean; error?: { message: string } }[] {
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));
}

const nthLine = (n: number) => new RegExp(`^(?:.*\\n){${n}}`);

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('specbound gas push --watch', () => {
  it('pushes first, then each save once; not an ignored file, not identical content; abort exits 0', async () => {
    const { dir, scriptId } = await project();
    const watch = h.start(['gas', 'push', '--watch', '--json'], { cwd: dir });
    await watch.waitForStdout(nthLine(1));
    expect(await remoteSource(scriptId, 'Code')).toBe(CODE);

    const saved = `${CODE}// saved\n`;
    await writeFile(join(dir, 'Code.js'), saved);
    await watch.waitForStdout(nthLine(2));
    expect(await remoteSource(scriptId, 'Code')).toBe(saved);

    await writeFile(join(dir, 'notes.txt'), 'ignored by .claspignore');
    await writeFile(join(dir, 'Code.js'), saved);
    await sleep(SETTLE_MS);
    expect(lines(watch.stdout())).toHaveLength(2);

    await writeFile(join(dir, 'Other.js'), 'function other() {}\n');
    await watch.waitForStdout(nthLine(3));
    expect(await watch.stop()).toBe(0);
    const pushes = lines(watch.stdout());
    expect(pushes.map((p) => p.pushed)).toEqual([true, true, true]);
    expect(await remoteSource(scriptId, 'Other')).toBe('function other() {}\n');
    expect(watch.stderr()).toContain('Watching');
  });

  it('refuses a push over a remote change, names the file, and keeps watching', async () => {
    const { dir, scriptId } = await project();
    const watch = h.start(['gas', 'push', '--watch', '--json'], { cwd: dir });
    await watch.waitForStdout(nthLine(1));
    const remote = await client().projects.getContent({ scriptId });
    const online = `${CODE}// edited online\n`;
    const files = (remote.files ?? []).map((f) => (f.name === 'Code' ? { ...f, source: online } : f));
    await client().projects.updateContent({ scriptId, files });

    await writeFile(join(dir, 'Code.js'), `${CODE}// edited here\n`);
    await watch.waitForStdout(nthLine(2));
    const refused = lines(watch.stdout())[1];
    expect(refused?.pushed).toBe(false);
    expect(refused?.error?.message).toContain('Push refused, nothing was sent');
    expect(refused?.error?.message).toContain('Code');
    expect(watch.stderr()).toContain('Still watching');
    expect(await remoteSource(scriptId, 'Code')).toBe(online);

    // Taking the remote's text resolves it: the next save goes through.
    await writeFile(join(dir, 'Code.js'), online);
    await writeFile(join(dir, 'Other.js'), 'function other() {}\n');
    await watch.waitForStdout(nthLine(3));
    expect(lines(watch.stdout())[2]?.pushed).toBe(true);
    expect(await remoteSource(scriptId, 'Other')).toBe('function other() {}\n');
    expect(await watch.stop()).toBe(0);
  });

  it('ends with exit 1 and says so when the watched folder is removed', async () => {
    const { dir } = await project();
    const watch = h.start(['gas', 'push', '--watch'], { cwd: dir });
    await watch.waitForStderr(/Watching/);
    await rm(dir, { recursive: true, force: true });
    await watch.waitForStderr(/no longer exists/);
    expect(await watch.stop()).toBe(1);
    expect(watch.stderr()).toContain(`The watched folder ${dir} no longer exists`);
  });

  it('refuses --watch with --dry-run (exit 2)', async () => {
    const { dir } = await project();
    const result = await h.run(['gas', 'push', '--watch', '--dry-run'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--watch and --dry-run cannot be combined');
  });
});

describe('-I/--ignore <file>: another ignore file for status, push and pull', () => {
  it("status and push read it instead of the project's .claspignore; a missing one is exit 2", async () => {
    const { dir, scriptId } = await project();
    await writeFile(join(dir, 'notes.txt'), 'not a script');
    await writeFile(join(dir, 'draft.js'), 'function draft() {}\n');
    const rules = join(await h.tempDir(), 'push.ignore');
    await writeFile(rules, 'draft.js\n**/*.txt\n');

    const status = await h.run(['gas', 'status', '-I', rules, '--json'], { cwd: dir });
    expect(status.code, status.stderr).toBe(0);
    const listed = status.json<{ files: { path: string }[]; ignored: string[] }>();
    expect(listed.files.map((f) => f.path)).toEqual(['appsscript.json', 'Code.js']);
    expect(listed.ignored).toContain('draft.js');

    const pushed = await h.run(['gas', 'push', '--ignore', rules], { cwd: dir });
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(await remoteSource(scriptId, 'draft')).toBeUndefined();
    expect(await remoteSource(scriptId, 'Code')).toBe(CODE);

    const missing = await h.run(['gas', 'push', '-I', 'nope.ignore'], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`-I/--ignore: ${join(dir, 'nope.ignore')} does not exist.`);
  });

  it('pull does not write a file the given ignore file leaves out', async () => {
    const { dir, scriptId } = await project();
    expect((await h.run(['gas', 'push'], { cwd: dir })).code).toBe(0);
    const remote = await client().projects.getContent({ scriptId });
    const files = [
      ...(remote.files ?? []),
      { name: 'draft', type: 'SERVER_JS' as const, source: '// online\n' },
    ];
    await client().projects.updateContent({ scriptId, files });
    const rules = join(dir, 'pull.ignore');
    await writeFile(rules, 'draft.js\n');

    const pulled = await h.run(['gas', 'pull', '-I', rules, '--json'], { cwd: dir });
    expect(pulled.code, pulled.stderr).toBe(0);
    await expect(readFile(join(dir, 'draft.js'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    const plain = await h.run(['gas', 'pull'], { cwd: dir });
    expect(plain.code, plain.stderr).toBe(0);
    expect(await readFile(join(dir, 'draft.js'), 'utf8')).toBe('// online\n');
  });
});

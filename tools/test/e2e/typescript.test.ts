// A TypeScript project through the CLI against the emulator: push bundles the `.ts` files, a function
// that throws is reported at its `.ts` line, a syntax error sends nothing, status says why a `.ts` file
// is left out, and `push --watch` pushes a saved `.ts` file.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createAppsScriptClient } from '@specbound/apps-script';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TOKEN, type Harness, startHarness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const MANIFEST = '{"timeZone":"Etc/UTC","runtimeVersion":"V8","executionApi":{"access":"MYSELF"}}\n';
const UTIL = [
  'export function total(prices: number[]): number {',
  '  if (prices.length === 0) {',
  "    throw new RangeError('no prices');",
  '  }',
  '  return prices.reduce((a, b) => a + b, 0);',
  '}',
  '',
].join('\n');
const CODE = [
  "import { total } from './lib/prices';",
  '',
  'export function invoice(prices: number[]): string {',
  "  return 'total: ' + total(prices);",
  '}',
  '',
].join('\n');

function client() {
  return createAppsScriptClient({ baseUrl: h.emulator.appsScriptUrl, auth: E2E_TOKEN });
}

async function remoteNames(scriptId: string): Promise<string[]> {
  const content = await client().projects.getContent({ scriptId });
  return (content.files ?? []).map((f) => String(f.name)).sort();
}

/** A new emulator project whose sources are TypeScript below src/. */
async function tsProject(): Promise<{ dir: string; scriptId: string }> {
  const dir = await h.tempDir();
  const created = await h.run(['gas', 'create', '--title', 'typescript', '--root-dir', 'src', '--json'], {
    cwd: dir,
  });
  expect(created.code, created.stderr).toBe(0);
  await mkdir(join(dir, 'src', 'lib'), { recursive: true });
  await writeFile(join(dir, 'src', 'appsscript.json'), MANIFEST);
  await writeFile(join(dir, 'src', 'Code.ts'), CODE);
  await writeFile(join(dir, 'src', 'lib', 'prices.ts'), UTIL);
  return { dir, scriptId: created.json<{ scriptId: string }>().scriptId };
}

describe('a TypeScript project', () => {
  it('is pushed as one bundle; a throwing function is reported at its .ts line', async () => {
    const { dir, scriptId } = await tsProject();
    const pushed = await h.run(['gas', 'push', '--force'], { cwd: dir });
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(await remoteNames(scriptId)).toEqual(['appsscript', 'bundle']);

    const ok = await h.run(['gas', 'run', 'invoice', '--params', '[[1, 2]]', '--dev-mode'], { cwd: dir });
    expect(ok.stdout.trim()).toBe('total: 3');

    const failed = await h.run(['gas', 'run', 'invoice', '--params', '[[]]', '--dev-mode'], { cwd: dir });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('RangeError: no prices');
    expect(failed.stderr).toContain('at total (src/lib/prices.ts:3:5)');
    expect(failed.stderr).toContain('at invoice (src/Code.ts:4:3)');
  });

  it('maps a deployed version by its own push, and says so once the map is of newer code', async () => {
    const { dir } = await tsProject();
    await h.run(['gas', 'push', '--force'], { cwd: dir });
    const deployed = await h.run(['gas', 'deploy', '--description', 'v1'], { cwd: dir });
    expect(deployed.code, deployed.stderr).toBe(0);
    const mapped = await h.run(['gas', 'run', 'invoice', '--params', '[[]]'], { cwd: dir });
    expect(mapped.stderr).toContain('at total (src/lib/prices.ts:3:5)');

    // A newer push (other code, the throw a line lower) leaves the deployed version behind the kept map.
    const changed = UTIL.replace(
      '  if (prices.length === 0) {',
      '  const none = prices.length === 0;\n  if (none) {',
    );
    await writeFile(join(dir, 'src', 'lib', 'prices.ts'), changed);
    expect((await h.run(['gas', 'push'], { cwd: dir })).code).toBe(0);
    const stale = await h.run(['gas', 'run', 'invoice', '--params', '[[]]'], { cwd: dir });
    expect(stale.code).toBe(1);
    expect(stale.stderr).toMatch(/at total \(line \d+\)/);
    expect(stale.stderr).toContain('version 1 is not the last TypeScript push from here');
  });

  it('sends nothing when a .ts file does not parse, and says where', async () => {
    const { dir, scriptId } = await tsProject();
    const before = await remoteNames(scriptId);
    await writeFile(join(dir, 'src', 'lib', 'prices.ts'), 'export function total( {\n');
    const pushed = await h.run(['gas', 'push', '--force'], { cwd: dir });
    expect(pushed.code).toBe(1);
    expect(pushed.stderr).toMatch(/src\/lib\/prices\.ts:2:1: .*nothing was sent/);
    expect(await remoteNames(scriptId)).toEqual(before);
  });

  it('status says why a .ts file is left out', async () => {
    const { dir } = await tsProject();
    await writeFile(join(dir, 'src', 'globals.d.ts'), 'declare const VERSION: string;\n');
    const status = await h.run(['gas', 'status'], { cwd: dir });
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/bundle/);
    expect(status.stderr).toContain('src/globals.d.ts: a .d.ts declaration file is never pushed');
    expect(status.stderr).toContain(
      'src/lib/prices.ts: not an entry: bundled because src/Code.ts imports it',
    );
  });

  it('push --watch pushes a saved .ts file as a new bundle, and keeps watching past a syntax error', async () => {
    const { dir, scriptId } = await tsProject();
    await h.run(['gas', 'push', '--force'], { cwd: dir });
    const watch = h.start(['gas', 'push', '--watch', '--json'], { cwd: dir });
    await watch.waitForStdout(/^.*\n/);
    await writeFile(join(dir, 'src', 'Code.ts'), 'export function invoice() {\n  return 1 +;\n}\n');
    await watch.waitForStdout(/^(?:.*\n){2}/);
    await writeFile(
      join(dir, 'src', 'Code.ts'),
      `${CODE}export function credit(): number {\n  return -1;\n}\n`,
    );
    await watch.waitForStdout(/^(?:.*\n){3}/);
    expect(await watch.stop()).toBe(0);
    const pushes = watch
      .stdout()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { pushed: boolean; error?: { message: string } });
    expect(pushes[1]?.error?.message).toContain('src/Code.ts:2:13');
    expect(pushes[2]?.pushed).toBe(true);
    const bundle = (await client().projects.getContent({ scriptId })).files?.find((f) => f.name === 'bundle');
    expect(bundle?.source).toContain('function credit(...args)');
  });
});

describe('the log lines of a TypeScript project', () => {
  it('name the .ts lines of a logged stack, in run --logs and in logs', async () => {
    const { dir } = await tsProject();
    const LOGGER = [
      'export function trace(): string {',
      "  console.error(new Error('traced').stack);",
      "  return 'done';",
      '}',
      '',
    ].join('\n');
    await writeFile(join(dir, 'src', 'Trace.ts'), LOGGER);
    expect((await h.run(['gas', 'push', '--force'], { cwd: dir })).code).toBe(0);

    const ran = await h.run(['gas', 'run', 'trace', '--dev-mode', '--logs'], { cwd: dir });
    expect(ran.code, ran.stderr).toBe(0);
    // The frame of the function itself is its .ts line (the stub that calls it keeps the bundle's).
    expect(ran.stdout).toMatch(/at trace \(src\/Trace\.ts:2:\d+\)/);

    const logs = await h.run(['gas', 'logs', '--function', 'trace', '--json'], { cwd: dir });
    expect(logs.code, logs.stderr).toBe(0);
    expect(logs.stdout).toContain('src/Trace.ts:2:');
  });
});

// TypeScript on push: the bundle keeps the entries' exports callable as top-level functions, its
// source map points back at the `.ts` lines, and bad input stops the push before anything is sent.
import { access, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { createAppsScriptClient, ScriptExecutionError } from '@specbound/apps-script';
import { createEmulatorFetch } from '@specbound/emulator/fetch';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadProject } from '../../src/apps-script/config.js';
import { scanLocalFiles } from '../../src/apps-script/files.js';
import { pullProject } from '../../src/apps-script/pull.js';
import { pushProject } from '../../src/apps-script/push.js';
import {
  loadTypeScriptMap,
  mapStackFrames,
  mapStackText,
  withTypeScriptStack,
} from '../../src/apps-script/stack-map.js';
import { bundleTypeScript, TypeScriptSyntaxError } from '../../src/apps-script/typescript.js';
import { typeScriptReport } from '../../src/apps-script/typescript-status.js';
import { describeError } from '../../src/cli/report.js';
import { tempDir } from '../support/temp-dir.js';
import { fakeAppsScript, MANIFEST } from './fake.js';

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.map((c) => c()));
  cleanups = [];
});

async function project(files: Record<string, string>): Promise<string> {
  const { dir, cleanup } = await tempDir();
  cleanups.push(cleanup);
  const all = { '.clasp.json': '{"scriptId":"ts-script","rootDir":"src"}', ...files };
  for (const [path, text] of Object.entries(all)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

const UTIL = [
  'interface Shout { text: string }',
  'export function shout(s: string): Shout {',
  '  return { text: s.toUpperCase() };',
  '}',
  '',
].join('\n');
const CODE = [
  "import { shout } from './lib/util';",
  'export function main(name: string): string {',
  '  return shout(name).text;',
  '}',
  'export function fail(): never {',
  "  throw new Error('boom');",
  '}',
  '',
].join('\n');

async function bundleOf(dir: string) {
  const loaded = await loadProject(dir);
  const scan = await scanLocalFiles(loaded);
  return bundleTypeScript(loaded, scan.typescript);
}

describe('bundleTypeScript', () => {
  it('keeps every export of an entry callable as a top-level function', async () => {
    const dir = await project({ 'src/Code.ts': CODE, 'src/lib/util.ts': UTIL });
    const bundle = await bundleOf(dir);
    expect(bundle?.file).toMatchObject({ name: 'bundle', type: 'SERVER_JS' });
    expect(bundle?.functions).toEqual(['fail', 'main']);
    // Apps Script evaluates each file as a classic script: the stubs are global functions.
    const global: Record<string, unknown> = {};
    runInNewContext(`${bundle?.file.source}\nthis.result = main('ada');`, global);
    expect(global.result).toBe('ADA');
    expect(bundle?.sources).toEqual([
      { path: 'src/Code.ts', role: 'entry', functions: ['fail', 'main'] },
      { path: 'src/lib/util.ts', role: 'imported', importedBy: 'src/Code.ts' },
    ]);
  });
});

describe('bundleTypeScript: bad input', () => {
  it('names the file, line and column of a syntax error', async () => {
    const dir = await project({ 'src/Code.ts': 'export function main() {\n  return 1 +;\n}\n' });
    const error = await bundleOf(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeScriptSyntaxError);
    expect(error).toMatchObject({ file: 'src/Code.ts', line: 2, column: 13, code: 'typescript-syntax' });
    expect((error as Error).message).toMatch(/^src\/Code\.ts:2:13: .*nothing was sent\.$/);
  });

  it('makes no function of a default export, and status names an entry that exports none', async () => {
    const dir = await project({
      'src/Code.ts': 'export default function main() { return 1; }\nexport { main as delete };\n',
      'src/Old.ts': 'function onOpen() { return 2; }\n',
    });
    const bundle = await bundleOf(dir);
    expect(bundle?.functions).toEqual([]);
    const loaded = await loadProject(dir);
    const { typescript } = await typeScriptReport(loaded, await scanLocalFiles(loaded));
    expect(typescript.map((t) => `${t.path}: ${t.reason}`)).toEqual([
      'src/Code.ts: no-exports',
      'src/Old.ts: no-exports',
    ]);
  });

  it('refuses two entries exporting one name', async () => {
    const dir = await project({
      'src/A.ts': 'export function main() { return 1; }\n',
      'src/B.ts': 'export function main() { return 2; }\n',
    });
    await expect(bundleOf(dir)).rejects.toMatchObject({
      code: 'typescript-export-clash',
      details: { files: 'src/A.ts, src/B.ts', name: 'main' },
    });
  });

  it('refuses a .ts file and a script file of the same name (a compiled copy pushed twice)', async () => {
    const dir = await project({
      'src/Code.ts': CODE,
      'src/Code.js': 'function main() {}\n',
      'src/lib/util.ts': UTIL,
    });
    await expect(scanLocalFiles(await loadProject(dir))).rejects.toMatchObject({
      code: 'typescript-name-clash',
      details: { files: 'src/Code.ts, src/Code.js' },
    });
  });

  it('refuses a script file named as the bundle', async () => {
    const dir = await project({
      'src/Code.ts': CODE,
      'src/lib/util.ts': UTIL,
      'src/bundle.js': 'var x = 1;\n',
    });
    await expect(scanLocalFiles(await loadProject(dir))).rejects.toMatchObject({
      code: 'typescript-name-clash',
    });
  });
});

describe('push of a TypeScript project', () => {
  const content = <S extends { method: string; path: string }>(sent: S[]) =>
    sent.filter((s) => s.method === 'PUT' && s.path.endsWith('/content'));

  it('sends nothing at all when a .ts file does not parse', async () => {
    const dir = await project({ 'src/appsscript.json': MANIFEST, 'src/Code.ts': 'export const = 1;\n' });
    const fake = fakeAppsScript({ 'GET /v1/projects/ts-script/content': () => ({ files: [] }) });
    await expect(pushProject(fake.client, { dir })).rejects.toBeInstanceOf(TypeScriptSyntaxError);
    // Not even the content was fetched: the bundle is built before any request.
    expect(fake.sent).toEqual([]);
    expect(describeError(await pushProject(fake.client, { dir }).catch((e: unknown) => e))).toMatchObject({
      code: 1,
      message: expect.stringContaining('src/Code.ts:1:14'),
      hint: expect.stringContaining('line 1, column 14'),
    });
  });

  it('sends the bundle in place of the .ts files, never a .d.ts, and keeps the map locally', async () => {
    const dir = await project({
      'src/appsscript.json': MANIFEST,
      'src/Code.ts': CODE,
      'src/lib/util.ts': UTIL,
      'src/types.d.ts': 'declare const X: number;\n',
    });
    const fake = fakeAppsScript({
      'GET /v1/projects/ts-script/content': () => ({ files: [] }),
      'PUT /v1/projects/ts-script/content': (sent) => sent.body,
    });
    const result = await pushProject(fake.client, { dir });
    const [put] = content(fake.sent);
    const files = (put?.body as { files: { name: string; type: string }[] } | undefined)?.files ?? [];
    expect(files.map((f) => `${f.name}:${f.type}`)).toEqual(['bundle:SERVER_JS', 'appsscript:JSON']);
    expect(result.files[0]).toEqual({ name: 'bundle', type: 'SERVER_JS', path: '.specbound/bundle.js' });
    expect(await loadTypeScriptMap(dir)).toBeDefined();
  });

  it('tells status why each .ts file is left out', async () => {
    const dir = await project({
      '.claspignore': '**/drafts/**\n',
      'src/appsscript.json': MANIFEST,
      'src/Code.ts': CODE,
      'src/lib/util.ts': UTIL,
      'src/types.d.ts': 'declare const X: number;\n',
      'src/drafts/idea.ts': 'export function idea() {}\n',
      'scripts/build.ts': 'export const x = 1;\n',
    });
    const loaded = await loadProject(dir);
    const { typescript } = await typeScriptReport(loaded, await scanLocalFiles(loaded));
    expect(typescript.map((t) => `${t.path}: ${t.why}`)).toEqual([
      'src/drafts/idea.ts: ignored by the .claspignore rules',
      'src/types.d.ts: a .d.ts declaration file is never pushed',
      'scripts/build.ts: outside rootDir (src/)',
      'src/lib/util.ts: not an entry: bundled because src/Code.ts imports it, its exports are not top-level functions',
    ]);
  });
});

describe('stack frames mapped to .ts lines', () => {
  it('maps a frame of the bundle to its .ts line, drops the stub frame, keeps the rest', async () => {
    const dir = await project({
      'src/appsscript.json': MANIFEST,
      'src/Code.ts': CODE,
      'src/lib/util.ts': UTIL,
    });
    const bundle = await bundleOf(dir);
    const lines = bundle?.file.source.split('\n') ?? [];
    const throwLine = lines.findIndex((l) => l.includes('throw new Error')) + 1;
    const shoutLine = lines.findIndex((l) => l.includes('toUpperCase')) + 1;
    const stubLine = lines.findIndex((l) => l.startsWith('function fail(')) + 1;
    const fake = fakeAppsScript({
      'GET /v1/projects/ts-script/content': () => ({ files: [] }),
      'PUT /v1/projects/ts-script/content': (sent) => sent.body,
    });
    await pushProject(fake.client, { dir });
    const map = await loadTypeScriptMap(dir);
    if (map === undefined) throw new Error('no map kept');
    expect(
      mapStackFrames(
        [
          { function: 'fail', lineNumber: throwLine },
          { function: 'shout', lineNumber: shoutLine },
          { function: 'fail', lineNumber: stubLine },
        ],
        map,
      ),
    ).toEqual([
      { function: 'fail', lineNumber: throwLine, source: { path: 'src/Code.ts', line: 6, column: 3 } },
      { function: 'shout', lineNumber: shoutLine, source: { path: 'src/lib/util.ts', line: 3, column: 3 } },
    ]);
    expect(
      mapStackText(`Error: boom\n    at fail (bundle:${throwLine}:11)\n    at other (Code:3:1)`, map),
    ).toBe('Error: boom\n    at fail (src/Code.ts:6:9)\n    at other (Code:3:1)');
    // Apps Script's own spelling in logs (no space before the parenthesis), and an anonymous frame.
    expect(mapStackText(`at fail(bundle:${throwLine}:11)\nat bundle.gs:${throwLine}`, map)).toBe(
      'at fail(src/Code.ts:6:9)\nat src/Code.ts:6:3',
    );
    expect(mapStackText(`at fail (mybundle:${throwLine}:11)`, map)).toBe(
      `at fail (mybundle:${throwLine}:11)`,
    );
  });
});

describe('a project of .ts and plain .js files', () => {
  it('maps only the frames of functions the bundle declares (Google names no file)', async () => {
    const dir = await project({
      'src/appsscript.json': MANIFEST,
      'src/Code.ts': CODE,
      'src/lib/util.ts': UTIL,
      'src/Menu.js': 'function onOpen() {\n  main("x");\n}\n',
    });
    const fake = fakeAppsScript({
      'GET /v1/projects/ts-script/content': () => ({ files: [] }),
      'PUT /v1/projects/ts-script/content': (sent) => sent.body,
    });
    const result = await pushProject(fake.client, { dir });
    expect(result.files.map((f) => f.name)).toEqual(['bundle', 'appsscript', 'Menu']);
    const map = await loadTypeScriptMap(dir);
    if (map === undefined) throw new Error('no map kept');
    const lines = (await bundleOf(dir))?.file.source.split('\n') ?? [];
    const shoutLine = lines.findIndex((l) => l.includes('toUpperCase')) + 1;
    expect(
      mapStackFrames(
        [
          { function: 'shout', lineNumber: shoutLine },
          { function: 'onOpen', lineNumber: 2 },
        ],
        map,
      ),
    ).toEqual([
      { function: 'shout', lineNumber: shoutLine, source: { path: 'src/lib/util.ts', line: 3, column: 3 } },
      { function: 'onOpen', lineNumber: 2 },
    ]);
  });

  it('a dry run bundles and shows the bundle, and keeps no map', async () => {
    const dir = await project({
      'src/appsscript.json': MANIFEST,
      'src/Code.ts': CODE,
      'src/lib/util.ts': UTIL,
    });
    const fake = fakeAppsScript({ 'GET /v1/projects/ts-script/content': () => ({ files: [] }) });
    const result = await pushProject(fake.client, { dir, dryRun: true });
    expect(result.diff).toContain('+++ b/.specbound/bundle.js');
    expect(result.diff).toContain('+function main(...args)');
    expect(await loadTypeScriptMap(dir)).toBeUndefined();
    expect(fake.writes()).toEqual([]);
  });
});

describe('a TypeScript project in the emulator', () => {
  let inProcess: Awaited<ReturnType<typeof createEmulatorFetch>>;
  let client: ReturnType<typeof createAppsScriptClient>;
  beforeAll(async () => {
    inProcess = await createEmulatorFetch();
    client = createAppsScriptClient({ auth: 'unit-token', fetch: inProcess.fetch, retry: false });
  });
  afterAll(() => inProcess.close());
  const RUNNABLE = '{"timeZone":"Etc/UTC","runtimeVersion":"V8","executionApi":{"access":"MYSELF"}}';

  it('runs the pushed bundle by function name, and its script error maps to the .ts line', async () => {
    const { scriptId } = await client.projects.create({ title: 'TS' });
    const dir = await project({
      '.clasp.json': JSON.stringify({ scriptId, rootDir: 'src' }),
      'src/appsscript.json': RUNNABLE,
      'src/Code.ts': CODE,
      'src/lib/util.ts': UTIL,
    });
    // A new project holds a manifest of its own: the first push replaces it.
    await pushProject(client, { dir, force: true });
    const id = String(scriptId);
    expect(
      await client.scripts.run({ deploymentId: id, function: 'main', parameters: ['ada'], devMode: true }),
    ).toBe('ADA');
    const error = await client.scripts
      .run({ deploymentId: id, function: 'fail', devMode: true })
      .catch((e: unknown) => withTypeScriptStack(e, { dir, scriptId: id, client }));
    expect(error).toBeInstanceOf(ScriptExecutionError);
    expect(describeError(error).details[0]).toBe('    at fail (src/Code.ts:6:3)');
  });

  it('pull leaves the bundle remote (it is made from the .ts files), so the next push has no clash', async () => {
    const { scriptId } = await client.projects.create({ title: 'TS pull' });
    const dir = await project({
      '.clasp.json': JSON.stringify({ scriptId, rootDir: 'src' }),
      'src/appsscript.json': RUNNABLE,
      'src/Code.ts': CODE,
      'src/lib/util.ts': UTIL,
    });
    await pushProject(client, { dir, force: true });
    const pulled = await pullProject(client, { dir });
    expect(pulled.skipped).toEqual([{ name: 'bundle', path: 'src/bundle.js', reason: 'not-pushed' }]);
    await expect(access(join(dir, 'src/bundle.js'))).rejects.toMatchObject({ code: 'ENOENT' });
    await writeFile(join(dir, 'src/Code.ts'), `${CODE}export function more() { return 2; }\n`);
    expect(await pushProject(client, { dir })).toMatchObject({ pushed: true });
  });

  it('does not map frames of code other than the last push from here, and says so', async () => {
    const { scriptId } = await client.projects.create({ title: 'TS stale' });
    const dir = await project({
      '.clasp.json': JSON.stringify({ scriptId, rootDir: 'src' }),
      'src/appsscript.json': RUNNABLE,
      'src/Code.ts': CODE,
      'src/lib/util.ts': UTIL,
    });
    await pushProject(client, { dir, force: true });
    const id = String(scriptId);
    // Someone else pushes other code (two lines more at the top): the kept map no longer fits.
    const content = await client.projects.getContent({ scriptId: id });
    const files = (content.files ?? []).map((f) =>
      f.name === 'bundle' ? { ...f, source: `// edited\n// online\n${f.source}` } : f,
    );
    await client.projects.updateContent({ scriptId: id, files });
    const error = await client.scripts
      .run({ deploymentId: id, function: 'fail', devMode: true })
      .catch((e: unknown) => withTypeScriptStack(e, { dir, scriptId: id, client }));
    expect(error).toMatchObject({
      typescriptStackNote: expect.stringContaining('not the last TypeScript push'),
    });
    expect(error).not.toHaveProperty('typescriptStack');
    const { details } = describeError(error);
    expect(details[0]).toMatch(/^ {4}at fail \(line \d+\)$/);
    expect(details.at(-1)).toContain('the latest pushed code is not the last TypeScript push from here');
  });
});

import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeError } from '../../src/cli/report.js';
import {
  cloneProject,
  createProject,
  loadProject,
  ManifestError,
  PullConflictError,
  PushConflictError,
  projectStatus,
  pullProject,
  pushProject,
  scanLocalFiles,
  ToolsError,
  UsageError,
} from '../../src/index.js';
import { useTempDir } from '../support/temp-dir.js';
import { fakeAppsScript, MANIFEST } from './fake.js';

let dir: string;
useTempDir('specbound-unit-', (path) => {
  dir = path;
});

const CODE = 'function main() {\n  return 1;\n}\n';

/** A fake project whose content the test can change, as if edited in the online editor. */
function remoteProject(initial: { name: string; type: string; source: string }[]) {
  let files = initial;
  const fake = fakeAppsScript({
    'POST /v1/projects': (s) => ({ scriptId: 'S1', title: (s.body as { title: string }).title }),
    'GET /v1/projects/S1/content': (s) =>
      s.query.get('versionNumber') === '1'
        ? {
            scriptId: 'S1',
            files: [
              { name: 'appsscript', type: 'JSON', source: MANIFEST },
              { name: 'Code', type: 'SERVER_JS', source: 'function v1() {}' },
            ],
          }
        : { scriptId: 'S1', files },
    'PUT /v1/projects/S1/content': (s) => {
      files = (s.body as { files: typeof files }).files;
      return { scriptId: 'S1', files };
    },
  });
  return {
    ...fake,
    edit(next: typeof files) {
      files = next;
    },
  };
}

describe('createProject', () => {
  it('creates the project, writes .clasp.json and the pulled manifest', async () => {
    const remote = remoteProject([{ name: 'appsscript', type: 'JSON', source: MANIFEST }]);
    const result = await createProject(remote.client, {
      title: 'Mailer',
      dir,
      rootDir: 'src',
      parentId: 'DOC',
    });
    expect(remote.sent[0]).toMatchObject({
      method: 'POST',
      path: '/v1/projects',
      body: { title: 'Mailer', parentId: 'DOC' },
    });
    expect(remote.sent[0]?.headers.get('authorization')).toBe('Bearer unit-token');
    expect(result).toMatchObject({
      scriptId: 'S1',
      title: 'Mailer',
      files: [{ name: 'appsscript', path: 'src/appsscript.json', changed: true }],
    });
    expect(JSON.parse(await readFile(join(dir, '.clasp.json'), 'utf8'))).toEqual({
      scriptId: 'S1',
      rootDir: 'src',
      parentId: ['DOC'],
    });
    expect(await readFile(join(dir, 'src', 'appsscript.json'), 'utf8')).toBe(MANIFEST);
  });

  it('refuses an empty title and an existing project before any request', async () => {
    const remote = remoteProject([]);
    await expect(createProject(remote.client, { title: ' ', dir })).rejects.toBeInstanceOf(UsageError);
    await writeFile(join(dir, '.clasp.json'), '{"scriptId":"OLD"}');
    await expect(createProject(remote.client, { title: 'x', dir })).rejects.toThrow('already exists');
    expect(remote.sent).toEqual([]);
  });
});

describe('cloneProject and pullProject', () => {
  it('clones a version and writes .clasp.json only after the content was read', async () => {
    const remote = remoteProject([]);
    const result = await cloneProject(remote.client, { scriptId: 'S1', dir, versionNumber: 1 });
    expect(remote.sent[0]?.query.get('versionNumber')).toBe('1');
    expect(result.versionNumber).toBe(1);
    expect(await readFile(join(dir, 'Code.js'), 'utf8')).toBe('function v1() {}');
    const failing = fakeAppsScript({});
    const other = join(dir, 'other');
    await mkdir(other);
    await expect(cloneProject(failing.client, { scriptId: 'NOPE', dir: other })).rejects.toThrow();
    expect(await readdir(other)).toEqual([]);
  });

  it('pull keeps existing extensions, writes new files with the configured one, and never deletes local files', async () => {
    const remote = remoteProject([
      { name: 'appsscript', type: 'JSON', source: MANIFEST },
      { name: 'Code', type: 'SERVER_JS', source: CODE },
      { name: 'lib/util', type: 'SERVER_JS', source: 'function u() {}' },
      { name: 'page', type: 'HTML', source: '<p></p>' },
    ]);
    await writeFile(
      join(dir, '.clasp.json'),
      JSON.stringify({ scriptId: 'S1', scriptExtensions: ['.gs', '.js'] }),
    );
    await writeFile(join(dir, 'Code.js'), 'old');
    await writeFile(join(dir, 'mine.gs'), 'function mine() {}');
    // No sync recorded (a clasp checkout): a differing local file is never overwritten silently.
    const refused = await pullProject(remote.client, { dir }).catch((e: unknown) => e);
    expect((refused as PullConflictError).files).toEqual(['Code.js']);
    expect(await readFile(join(dir, 'Code.js'), 'utf8')).toBe('old');
    const result = await pullProject(remote.client, { dir, force: true });
    expect(result.files.map((f) => [f.name, f.path, f.changed])).toEqual([
      ['appsscript', 'appsscript.json', true],
      ['Code', 'Code.js', true],
      ['lib/util', 'lib/util.gs', true],
      ['page', 'page.html', true],
    ]);
    expect(result.kept).toEqual(['mine.gs']);
    expect(await readFile(join(dir, 'Code.js'), 'utf8')).toBe(CODE);
    expect(await readFile(join(dir, 'lib', 'util.gs'), 'utf8')).toBe('function u() {}');
    expect(await readFile(join(dir, 'mine.gs'), 'utf8')).toBe('function mine() {}');
    const state = JSON.parse(await readFile(join(dir, '.specbound-state.json'), 'utf8'));
    expect(Object.keys(state.lastSync.files).sort()).toEqual(['Code', 'appsscript', 'lib/util', 'page']);
    const again = await pullProject(remote.client, { dir });
    expect(again.files.every((f) => !f.changed)).toBe(true);
  });

  it('pull keeps a local edit when the remote did not change, refuses when both changed, unless force', async () => {
    const remote = remoteProject([
      { name: 'appsscript', type: 'JSON', source: MANIFEST },
      { name: 'Code', type: 'SERVER_JS', source: CODE },
    ]);
    await writeFile(join(dir, '.clasp.json'), '{"scriptId":"S1"}');
    await pullProject(remote.client, { dir });
    await writeFile(join(dir, 'Code.js'), 'mine');
    // The remote did not change: nothing to bring, the local edit stays.
    const kept = await pullProject(remote.client, { dir });
    expect(kept.keptLocalChanges).toEqual(['Code.js']);
    expect(await readFile(join(dir, 'Code.js'), 'utf8')).toBe('mine');
    // Both changed: refused, naming the file.
    remote.edit([
      { name: 'appsscript', type: 'JSON', source: MANIFEST },
      { name: 'Code', type: 'SERVER_JS', source: `${CODE}// online\n` },
    ]);
    const error = await pullProject(remote.client, { dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PullConflictError);
    expect((error as PullConflictError).files).toEqual(['Code.js']);
    expect(await readFile(join(dir, 'Code.js'), 'utf8')).toBe('mine');
    // An edit that already equals the remote is no loss.
    await writeFile(join(dir, 'Code.js'), `${CODE}// online\n`);
    await expect(pullProject(remote.client, { dir })).resolves.toMatchObject({ scriptId: 'S1' });
    remote.edit([
      { name: 'appsscript', type: 'JSON', source: MANIFEST },
      { name: 'Code', type: 'SERVER_JS', source: CODE },
    ]);
    await writeFile(join(dir, 'Code.js'), 'mine again');
    expect(
      (await pullProject(remote.client, { dir, force: true })).files.find((f) => f.name === 'Code')?.changed,
    ).toBe(true);
    expect(await readFile(join(dir, 'Code.js'), 'utf8')).toBe(CODE);
  });

  it('pull refuses a remote name that would escape the project, writing nothing', async () => {
    const remote = remoteProject([
      { name: 'appsscript', type: 'JSON', source: MANIFEST },
      { name: '../../evil', type: 'SERVER_JS', source: 'x' },
    ]);
    await writeFile(join(dir, '.clasp.json'), '{"scriptId":"S1"}');
    await expect(pullProject(remote.client, { dir })).rejects.toBeInstanceOf(ToolsError);
    expect((await readdir(dir)).sort()).toEqual(['.clasp.json']);
  });
});

describe('pushProject', () => {
  async function pulledProject(config: object = { scriptId: 'S1' }) {
    const remote = remoteProject([
      { name: 'appsscript', type: 'JSON', source: MANIFEST },
      { name: 'Code', type: 'SERVER_JS', source: CODE },
    ]);
    await writeFile(join(dir, '.clasp.json'), JSON.stringify(config));
    await pullProject(remote.client, { dir });
    remote.sent.length = 0;
    return remote;
  }

  it('sends every file in filePushOrder, then by path, and records the push', async () => {
    const remote = await pulledProject({ scriptId: 'S1', filePushOrder: ['z.js', 'Code.js'] });
    await writeFile(join(dir, 'a.js'), 'function a() {}');
    await writeFile(join(dir, 'z.js'), 'function z() {}');
    const result = await pushProject(remote.client, { dir });
    expect(result.pushed).toBe(true);
    const put = remote.writes()[0];
    expect(put?.path).toBe('/v1/projects/S1/content');
    expect((put?.body as { files: { name: string }[] } | undefined)?.files.map((f) => f.name)).toEqual([
      'z',
      'Code',
      'a',
      'appsscript',
    ]);
    expect(result.changes.filter((c) => c.change === 'added').map((c) => c.name)).toEqual(['z', 'a']);
    // Recorded: pushing again sends nothing.
    const again = await pushProject(remote.client, { dir });
    expect(again.pushed).toBe(false);
    expect(remote.writes()).toHaveLength(1);
  });

  it('checks the manifest and the file names before any request', async () => {
    const remote = await pulledProject();
    await writeFile(join(dir, 'appsscript.json'), '{\n  "timeZone": "Etc/UTC",\n  not json');
    const error = await pushProject(remote.client, { dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ManifestError);
    expect((error as ManifestError).message).toContain('JSON syntax error at line 3, column 3');
    expect(remote.sent).toEqual([]);
    await writeFile(join(dir, 'appsscript.json'), MANIFEST);
    await writeFile(join(dir, 'Code.js'), CODE);
    await writeFile(join(dir, 'Code.gs'), CODE);
    await expect(pushProject(remote.client, { dir })).rejects.toMatchObject({ code: 'file-name-clash' });
    expect(remote.sent).toEqual([]);
  });

  it('refuses a file changed on both sides, naming it, keeps a remote-only addition; --force overwrites', async () => {
    const remote = await pulledProject();
    remote.edit([
      { name: 'appsscript', type: 'JSON', source: MANIFEST },
      { name: 'Code', type: 'SERVER_JS', source: `${CODE}// online\n` },
      { name: 'Online', type: 'SERVER_JS', source: 'function o() {}' },
    ]);
    await writeFile(join(dir, 'Code.js'), `${CODE}// local\n`);
    const error = await pushProject(remote.client, { dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PushConflictError);
    expect((error as PushConflictError).files).toEqual(['Code']);
    expect((error as PushConflictError).code).toBe('push-conflict');
    expect(describeError(error).hint).toContain('--force');
    expect(remote.writes()).toEqual([]);

    const dry = await pushProject(remote.client, { dir, dryRun: true });
    expect(dry.pushed).toBe(false);
    expect(dry.overwritten).toEqual(['Code']);
    expect(dry.keptRemote).toEqual(['Online']);
    expect(dry.diff).toContain('--- a/Code.js\n+++ b/Code.js');
    expect(dry.diff).toContain('-// online\n+// local');
    expect(dry.diff).not.toContain('Online');
    expect(remote.writes()).toEqual([]);

    const forced = await pushProject(remote.client, { dir, force: true });
    expect(forced).toMatchObject({ pushed: true, overwritten: ['Code'] });
    expect(remote.writes()).toHaveLength(1);
  });

  it('without a recorded pull, refuses only when the push would change remote files', async () => {
    const remote = remoteProject([{ name: 'appsscript', type: 'JSON', source: MANIFEST }]);
    await writeFile(join(dir, '.clasp.json'), '{"scriptId":"S1"}');
    await writeFile(join(dir, 'appsscript.json'), MANIFEST);
    await writeFile(join(dir, 'Code.js'), CODE);
    // Adding a file changes nothing that exists remotely: allowed.
    expect((await pushProject(remote.client, { dir })).pushed).toBe(true);
    await writeFile(join(dir, '.specbound-state.json'), '{"scriptId":"OTHER"}');
    await writeFile(join(dir, 'Code.js'), `${CODE}//x\n`);
    await expect(pushProject(remote.client, { dir })).rejects.toThrow(
      'no pull or push of this project was recorded',
    );
  });
});

describe('projectStatus and scanLocalFiles', () => {
  it('reports what is pushed, ignored (clasp’s rules, relative to rootDir) and changed', async () => {
    const remote = remoteProject([
      { name: 'appsscript', type: 'JSON', source: MANIFEST },
      { name: 'Gone', type: 'SERVER_JS', source: 'x' },
    ]);
    await writeFile(join(dir, '.clasp.json'), '{"scriptId":"S1","rootDir":"src"}');
    await mkdir(join(dir, 'src', 'test'), { recursive: true });
    await mkdir(join(dir, 'src', 'node_modules', 'x'), { recursive: true });
    await writeFile(join(dir, 'src', 'appsscript.json'), MANIFEST);
    await writeFile(join(dir, 'src', 'Code.js'), CODE);
    await writeFile(join(dir, 'src', 'test', 'a.test.js'), 'x');
    await writeFile(join(dir, 'src', 'keep.test.js'), 'x');
    await writeFile(join(dir, 'src', 'other.json'), '{}');
    await writeFile(join(dir, 'src', 'node_modules', 'x', 'i.js'), 'x');
    await writeFile(join(dir, '.claspignore'), '# tests\n**/*.test.js\ntest/**\nnode_modules/**\n');
    const status = await projectStatus(remote.client, { dir });
    expect(status.files.map((f) => f.path)).toEqual(['src/appsscript.json', 'src/Code.js']);
    expect(status.ignored).toEqual(['src/keep.test.js', 'src/node_modules/', 'src/other.json', 'src/test/']);
    expect(status.changes).toEqual(
      expect.arrayContaining([
        { name: 'Code', path: 'src/Code.js', change: 'added' },
        { name: 'appsscript', path: 'src/appsscript.json', change: 'unchanged' },
        { name: 'Gone', path: undefined, change: 'deleted' },
      ]),
    );
    expect(status.remoteChanged).toBeUndefined();
  });

  it('reads clasp 2 fileExtension and skipSubdirectories, and refuses two files with one name', async () => {
    await writeFile(
      join(dir, '.clasp.json'),
      '{"scriptId":"S1","fileExtension":"gs","skipSubdirectories":true}',
    );
    await mkdir(join(dir, 'sub'));
    await writeFile(join(dir, 'sub', 'deep.gs'), 'x');
    await writeFile(join(dir, 'Code.gs'), 'x');
    await writeFile(join(dir, 'Other.js'), 'x');
    const scan = await scanLocalFiles(await loadProject(dir));
    expect(scan.files.map((f) => f.path)).toEqual(['Code.gs']);
    expect(scan.ignored).toEqual(['Other.js']);
    await writeFile(join(dir, '.clasp.json'), '{"scriptId":"S1","scriptExtensions":[".gs",".js"]}');
    await writeFile(join(dir, 'Code.js'), 'x');
    await expect(scanLocalFiles(await loadProject(dir))).rejects.toThrow(
      'Code.gs and Code.js would both be pushed as "Code"',
    );
  });

  it('loadProject explains a broken .clasp.json and refuses a rootDir outside the project', async () => {
    await expect(loadProject(dir)).rejects.toBeInstanceOf(UsageError);
    await writeFile(join(dir, '.clasp.json'), '{"scriptId":');
    await expect(loadProject(dir)).rejects.toThrow('is not valid JSON');
    await writeFile(join(dir, '.clasp.json'), '{"rootDir":"src"}');
    await expect(loadProject(dir)).rejects.toThrow('has no "scriptId"');
    await writeFile(join(dir, '.clasp.json'), '{"scriptId":"S1","rootDir":"../elsewhere"}');
    await expect(loadProject(dir)).rejects.toThrow('outside the project directory');
    await writeFile(join(dir, '.clasp.json'), '{"scriptId":"S1","filePushOrder":"Code.js"}');
    await expect(loadProject(dir)).rejects.toThrow('"filePushOrder" must be an array of strings');
    await writeFile(join(dir, '.clasp.json'), '{"scriptId":"S1"}');
    await mkdir(join(dir, 'a', 'b'), { recursive: true });
    expect((await loadProject(join(dir, 'a', 'b'))).root).toBe(dir);
  });
});

// Issue #22's defects #1, #2, #4, #5 and #6: pull and push compare three sides per file (the last
// synced content, the local file, the remote file), so no edit is lost and nothing is written where a
// push would not read it back. Each test fails on the two-way compare that came before.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PullConflictError, projectStatus, pullProject, pushProject } from '../../src/index.js';
import { useTempDir } from '../support/temp-dir.js';
import { fakeAppsScript, MANIFEST } from './fake.js';

let dir: string;
useTempDir('specbound-unit-', (path) => {
  dir = path;
});

type File = { name: string; type: string; source: string };
const js = (name: string, source: string): File => ({ name, type: 'SERVER_JS', source });
const manifest: File = { name: 'appsscript', type: 'JSON', source: MANIFEST };

/** A project on a fake service: HEAD can be edited (a teammate), version 1 is the first HEAD. */
function service(initial: File[]) {
  let head = initial;
  const v1 = initial;
  const fake = fakeAppsScript({
    'GET /v1/projects/S1/content': (s) => ({
      scriptId: 'S1',
      files: s.query.get('versionNumber') ? v1 : head,
    }),
    'PUT /v1/projects/S1/content': (s) => {
      head = (s.body as { files: File[] }).files;
      return { scriptId: 'S1', files: head };
    },
  });
  return {
    client: fake.client,
    writes: fake.writes,
    head: () => head,
    source: (name: string) => head.find((f) => f.name === name)?.source,
    edit: (next: File[]) => {
      head = next;
    },
  };
}

const read = (path: string) => readFile(join(dir, path), 'utf8');
const clasp = (config: object = {}) =>
  writeFile(join(dir, '.clasp.json'), JSON.stringify({ scriptId: 'S1', ...config }));

describe('#1 a clasp checkout (no sync record): pull never overwrites a differing local file silently', () => {
  it('refuses, naming the file; --conflict-copy writes the remote beside it and the push then sends the edit', async () => {
    const remote = service([manifest, js('Code', 'remote();')]);
    await clasp();
    await writeFile(join(dir, 'appsscript.json'), MANIFEST);
    await writeFile(join(dir, 'Code.js'), 'my unpushed edit();');
    const refused = await pullProject(remote.client, { dir }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PullConflictError);
    expect((refused as PullConflictError).files).toEqual(['Code.js']);
    expect(await read('Code.js')).toBe('my unpushed edit();');

    const copied = await pullProject(remote.client, { dir, conflictCopy: true });
    expect(copied.conflictCopies).toEqual(['Code.js.remote']);
    expect(await read('Code.js')).toBe('my unpushed edit();');
    expect(await read('Code.js.remote')).toBe('remote();');
    // Having seen the remote copy, the user's version is the one a push sends (the copy is never pushed).
    await pushProject(remote.client, { dir });
    expect(
      remote
        .head()
        .map((f) => f.name)
        .sort(),
    ).toEqual(['Code', 'appsscript']);
    expect(remote.source('Code')).toBe('my unpushed edit();');
  });
});

describe('#1 and #5: --delete-unused-files deletes only what the remote deleted', () => {
  it('keeps a file only here when no sync was recorded (it may be unpushed work)', async () => {
    const remote = service([manifest, js('Code', 'c')]);
    await clasp();
    await writeFile(join(dir, 'New.js'), 'new work();');
    const pulled = await pullProject(remote.client, { dir, deleteUnusedFiles: true });
    expect(pulled.deleted).toEqual([]);
    expect(pulled.kept).toEqual(['New.js']);
    expect(await read('New.js')).toBe('new work();');
  });

  it('keeps a remotely deleted file that was changed here, unless --force', async () => {
    const remote = service([manifest, js('Code', 'c'), js('Old', 'o')]);
    await clasp();
    await pullProject(remote.client, { dir });
    remote.edit([manifest, js('Code', 'c')]);
    await writeFile(join(dir, 'Old.js'), 'o, edited here');
    const kept = await pullProject(remote.client, { dir, deleteUnusedFiles: true });
    expect(kept.deleted).toEqual([]);
    expect(kept.deletedRemotely).toEqual(['Old.js']);
    const forced = await pullProject(remote.client, { dir, deleteUnusedFiles: true, force: true });
    expect(forced.deleted).toEqual(['Old.js']);
  });
});

describe('#2 edits to different files merge both ways', () => {
  it('push sends B on top of the remote A; pull brings A and keeps B', async () => {
    const remote = service([manifest, js('A', 'a0'), js('B', 'b0')]);
    await clasp();
    await pullProject(remote.client, { dir });
    remote.edit([manifest, js('A', 'a1 (teammate)'), js('B', 'b0')]);
    await writeFile(join(dir, 'B.js'), 'b1 (mine)');

    const pushed = await pushProject(remote.client, { dir });
    expect(pushed.keptRemote).toEqual(['A']);
    expect(remote.source('A')).toBe('a1 (teammate)');
    expect(remote.source('B')).toBe('b1 (mine)');

    // A second push does not send the stale local A back.
    await pushProject(remote.client, { dir });
    expect(remote.source('A')).toBe('a1 (teammate)');

    remote.edit([manifest, js('A', 'a2 (teammate)'), js('B', 'b1 (mine)')]);
    await writeFile(join(dir, 'B.js'), 'b2 (mine)');
    const pulled = await pullProject(remote.client, { dir });
    expect(pulled.keptLocalChanges).toEqual(['B.js']);
    expect(await read('A.js')).toBe('a2 (teammate)');
    expect(await read('B.js')).toBe('b2 (mine)');
  });
});

describe('#4 pull of an old version, then push, is a rollback', () => {
  it('sends the old version without a conflict', async () => {
    const remote = service([manifest, js('Code', 'v1')]);
    await clasp();
    await pullProject(remote.client, { dir });
    await writeFile(join(dir, 'Code.js'), 'v2');
    await pushProject(remote.client, { dir });
    await pullProject(remote.client, { dir, versionNumber: 1 });
    expect(await read('Code.js')).toBe('v1');
    const pushed = await pushProject(remote.client, { dir });
    expect(pushed.pushed).toBe(true);
    expect(remote.source('Code')).toBe('v1');
  });
});

describe('#5 a remote deletion is not undone', () => {
  it('shows in status, is not re-created by push, and pull --delete-unused-files removes it', async () => {
    const remote = service([manifest, js('Code', 'c'), { name: 'ui/sidebar', type: 'HTML', source: '<p>' }]);
    await clasp();
    await pullProject(remote.client, { dir });
    remote.edit([manifest, js('Code', 'c')]);

    const status = await projectStatus(remote.client, { dir });
    expect(status.remoteDeleted).toEqual(['ui/sidebar']);
    const kept = await pullProject(remote.client, { dir });
    expect(kept.deletedRemotely).toEqual(['ui/sidebar.html']);
    await writeFile(join(dir, 'Code.js'), 'c2');
    await pushProject(remote.client, { dir });
    expect(remote.head().map((f) => f.name)).not.toContain('ui/sidebar');
    expect(remote.source('Code')).toBe('c2');

    const removed = await pullProject(remote.client, { dir, deleteUnusedFiles: true });
    expect(removed.deleted).toEqual(['ui/sidebar.html']);
    expect(await readdir(join(dir, 'ui'))).toEqual([]);
  });
});

describe('#6 pull writes only what a push would send back, all or nothing', () => {
  it('never writes into node_modules, an ignored path or .clasp.json', async () => {
    const remote = service([
      manifest,
      js('Code', 'c'),
      js('node_modules/lodash/index', 'evil'),
      js('drafts/x', 'ignored'),
      { name: '.clasp', type: 'JSON', source: '{"scriptId":"EVIL"}' },
    ]);
    await clasp();
    await writeFile(join(dir, '.claspignore'), 'drafts/**\nnode_modules/**\n');
    await mkdir(join(dir, 'node_modules', 'lodash'), { recursive: true });
    await writeFile(join(dir, 'node_modules', 'lodash', 'index.js'), 'lodash');
    const result = await pullProject(remote.client, { dir });
    expect(result.skipped.map((s) => s.path).sort()).toEqual([
      '.clasp.json',
      'drafts/x.js',
      'node_modules/lodash/index.js',
    ]);
    expect(await read('node_modules/lodash/index.js')).toBe('lodash');
    expect(JSON.parse(await read('.clasp.json')).scriptId).toBe('S1');
    await expect(read('drafts/x.js')).rejects.toThrow();
    // Files not written are kept remotely by the next push, not deleted.
    await pushProject(remote.client, { dir });
    expect(remote.head().map((f) => f.name)).toContain('node_modules/lodash/index');
  });

  it('refuses a remote name with a terminal escape sequence, quoting it escaped, writing nothing', async () => {
    const remote = service([manifest, js('ok', 'x'), js('evil\u001b]0;pwned\u0007', 'x')]);
    await clasp();
    const error = await pullProject(remote.client, { dir }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'remote-name-unsafe' });
    expect((error as Error).message).toContain('"evil\\u001b]0;pwned\\u0007"');
    expect((error as Error).message).not.toContain('\u001b');
    expect((await readdir(dir)).sort()).toEqual(['.clasp.json']);
  });

  it('refuses names that collide as file and folder before writing anything', async () => {
    const remote = service([manifest, js('lib', 'a'), js('lib.js/inner', 'b')]);
    await clasp();
    await expect(pullProject(remote.client, { dir })).rejects.toMatchObject({ code: 'pull-path-blocked' });
    expect((await readdir(dir)).sort()).toEqual(['.clasp.json']);
  });

  it('refuses a target where a local folder is in the way, writing nothing', async () => {
    const remote = service([manifest, js('Code', 'c'), js('page', 'p')]);
    await clasp();
    await mkdir(join(dir, 'page.js'));
    await expect(pullProject(remote.client, { dir })).rejects.toMatchObject({ code: 'pull-path-blocked' });
    expect((await readdir(dir)).sort()).toEqual(['.clasp.json', 'page.js']);
  });
});

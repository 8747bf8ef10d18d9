// `specbound sync comments` end to end: BugSmash comments into an Apps Script function run by the
// emulator. The function logs each row it receives, so its own record (the emulator's script log)
// shows how many times each comment arrived.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createAppsScriptClient } from '@specbound/apps-script';
import { DEFAULT_BUGSMASH_API_KEY } from '@specbound/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, seed } from './bs-helpers.js';
import { E2E_TOKEN, type Harness, startHarness } from './harness.js';

let h: Harness;
const KEY = { BUGSMASH_API_KEY: DEFAULT_BUGSMASH_API_KEY };

const MANIFEST = {
  name: 'appsscript',
  type: 'JSON' as const,
  source: '{"timeZone":"Etc/UTC","runtimeVersion":"V8","executionApi":{"access":"MYSELF"}}',
};
const GOOD = `function appendComments(batch) {
  batch.comments.forEach(function (c) { Logger.log('row ' + c.comment_id + ' ' + c.updated_at); });
  return { received: batch.comments.length };
}`;
// The same function with a bug that hits only comments numbered above 3.
const BUGGY = `function appendComments(batch) {
  if (batch.comments.some(function (c) { return c.comment_number > 3; })) throw new Error('Sheet is full');
  batch.comments.forEach(function (c) { Logger.log('row ' + c.comment_id + ' ' + c.updated_at); });
  return { received: batch.comments.length };
}`;

async function scriptWith(source: string, scriptId?: string): Promise<string> {
  const apps = createAppsScriptClient({ auth: E2E_TOKEN, baseUrl: h.emulator.appsScriptUrl });
  const id = scriptId ?? (await apps.projects.create({ title: 'Comment sheet' })).scriptId;
  if (id === undefined) throw new Error('no script id');
  await apps.projects.updateContent({
    scriptId: id,
    files: [MANIFEST, { name: 'Code', type: 'SERVER_JS' as const, source }],
  });
  return id;
}

/** How many times the function logged each comment id (its own record). */
async function rowsReceived(scriptId: string): Promise<Map<string, number>> {
  const logs = (await control(h, 'GET', '/logs')) as { scriptId: string; line: string }[];
  const counts = new Map<string, number>();
  for (const entry of logs) {
    const match = /^(?:INFO )?row (\S+) /.exec(entry.line);
    if (entry.scriptId === scriptId && match?.[1] !== undefined)
      counts.set(match[1], (counts.get(match[1]) ?? 0) + 1);
  }
  return counts;
}

async function siteComments(): Promise<{ projectId: string; ids: string[] }> {
  const projects = (await h.run(['bs', 'projects', 'ls', '--json'], { env: KEY })).json<
    { id: string; type: string }[]
  >();
  const projectId = (projects.find((p) => p.type === 'website') as { id: string }).id;
  const ids = (await h.run(['bs', 'comments', 'ls', projectId, '--all', '--json'], { env: KEY }))
    .json<{ comment_id: string }[]>()
    .map((c) => c.comment_id);
  return { projectId, ids };
}

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function fresh(): Promise<{ projectId: string; ids: string[]; dir: string }> {
  await seed(h);
  const { projectId } = await siteComments();
  for (let i = 0; i < 5; i++)
    await control(h, 'POST', '/bugsmash/comments', { projectId, text: `Extra ${i}` });
  return { ...(await siteComments()), dir: await h.tempDir() };
}

describe('sync comments', () => {
  it('sends each comment once over two runs, and only changed ones after an edit; --dry-run sends nothing', async () => {
    const { projectId, ids, dir } = await fresh();
    expect(ids.length).toBe(7);
    const scriptId = await scriptWith(GOOD);
    const stateHome = await h.tempDir();
    const elsewhere = await h.tempDir();
    const sync = (extra: string[] = [], cwd = dir) =>
      h.run(
        [
          'sync',
          'comments',
          projectId,
          '--script',
          scriptId,
          '--function',
          'appendComments',
          '--dev-mode',
          '--batch-size',
          '3',
          ...extra,
        ],
        { env: { ...KEY, XDG_STATE_HOME: stateHome }, cwd },
      );

    // A state left by an older specbound in ./.specbound is named, with the flag that keeps it.
    await mkdir(join(dir, '.specbound'), { recursive: true });
    await writeFile(join(dir, '.specbound', `sync-${projectId}.json`), '{}');
    const legacy = await sync(['--dry-run']);
    expect(legacy.stderr).toMatch(/sync state of an older specbound.*Pass --state \S+\.specbound\/sync-/);
    await rm(join(dir, '.specbound'), { recursive: true });

    const dry = await sync(['--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.json()).toMatchObject({ dryRun: true, sent: 7, batches: 3, unchanged: 0 });
    expect((await rowsReceived(scriptId)).size).toBe(0);

    const first = await sync(['--json']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.json()).toEqual({ dryRun: false, sent: 7, batches: 3, unchanged: 0 });
    // The state lives in the user's state directory, not the current one: another directory sends nothing.
    const second = await sync(['--json'], elsewhere);
    expect(second.json()).toEqual({ dryRun: false, sent: 0, batches: 0, unchanged: 7 });
    let received = await rowsReceived(scriptId);
    expect([...received.keys()].sort()).toEqual([...ids].sort());
    expect([...received.values()].every((n) => n === 1)).toBe(true);

    // A changed comment is sent again (once), the rest are not.
    const changed = ids[0] as string;
    await h.run(['bs', 'comments', 'set', changed, '--priority', 'P1'], { env: KEY });
    const third = await sync(['--json']);
    expect(third.json()).toMatchObject({ sent: 1, unchanged: 6 });
    received = await rowsReceived(scriptId);
    expect(received.get(changed)).toBe(2);
    expect([...received.entries()].filter(([id]) => id !== changed).every(([, n]) => n === 1)).toBe(true);

    const states = await readdir(join(stateHome, 'specbound', 'sync'));
    expect(states).toEqual([expect.stringMatching(new RegExp(`^${projectId}-[0-9a-f]{16}\\.json$`))]);
    const state = JSON.parse(
      await readFile(join(stateHome, 'specbound', 'sync', states[0] ?? ''), 'utf8'),
    ) as {
      acknowledged: Record<string, string>;
    };
    expect(Object.keys(state.acknowledged).sort()).toEqual([...ids].sort());
  });

  it('a script error mid-run loses and duplicates nothing once the script is fixed and the sync resumed', async () => {
    const { projectId, ids, dir } = await fresh();
    const scriptId = await scriptWith(BUGGY);
    const args = [
      'sync',
      'comments',
      projectId,
      '--script',
      scriptId,
      '--function',
      'appendComments',
      '--dev-mode',
      '--batch-size',
      '2',
    ];
    const failed = await h.run(args, { env: KEY, cwd: dir });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('Sheet is full');
    expect(failed.stderr).toContain('batch 1: 2 comment(s) acknowledged');
    expect((await rowsReceived(scriptId)).size).toBe(2);

    await scriptWith(GOOD, scriptId);
    const resumed = await h.run([...args, '--json'], { env: KEY, cwd: dir });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.json()).toMatchObject({ sent: 5, unchanged: 2 });
    const received = await rowsReceived(scriptId);
    expect([...received.keys()].sort()).toEqual([...ids].sort());
    expect([...received.values()].every((n) => n === 1)).toBe(true);
  });

  it('a network fault (the run call answered 500) stops the run; the next run sends the rest exactly once', async () => {
    const { projectId, ids, dir } = await fresh();
    const scriptId = await scriptWith(GOOD);
    const args = [
      'sync',
      'comments',
      projectId,
      '--script',
      scriptId,
      '--function',
      'appendComments',
      '--dev-mode',
      '--batch-size',
      '4',
    ];
    // The first run goes through; then comments change and the next run's first call fails.
    expect((await h.run(args, { env: KEY, cwd: dir })).code).toBe(0);
    for (const id of ids.slice(0, 3)) await h.run(['bs', 'comments', 'resolve', id], { env: KEY });
    await control(h, 'POST', '/faults', {
      service: 'apps-script',
      operationId: 'runScriptFunction',
      status: 500,
      body: { error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } },
    });
    const failed = await h.run(args, { env: KEY, cwd: dir });
    expect(failed.code).toBe(1);
    const resumed = await h.run([...args, '--json'], { env: KEY, cwd: dir });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.json()).toMatchObject({ sent: 3, unchanged: 4 });
    const received = await rowsReceived(scriptId);
    for (const id of ids) expect(received.get(id)).toBe(ids.slice(0, 3).includes(id) ? 2 : 1);
  });

  it('needs --script and --function (exit 2) and Google credentials unless --dry-run (exit 4)', async () => {
    const { projectId, dir } = await fresh();
    expect(
      (await h.run(['sync', 'comments', projectId, '--function', 'f'], { env: KEY, cwd: dir })).code,
    ).toBe(2);
    const noGoogle = await h.run(['sync', 'comments', projectId, '--script', 's', '--function', 'f'], {
      env: { ...KEY, SPECBOUND_GOOGLE_TOKEN: undefined },
      cwd: dir,
    });
    expect(noGoogle.code).toBe(4);
    const dry = await h.run(
      ['sync', 'comments', projectId, '--script', 's', '--function', 'f', '--dry-run'],
      {
        env: { ...KEY, SPECBOUND_GOOGLE_TOKEN: undefined },
        cwd: dir,
      },
    );
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('dry run: would send 7 comment(s)');
  });
});

// `specbound bugsmash …` end to end: the built CLI against the emulator, every command.
import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_BUGSMASH_API_KEY } from '@specbound/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { control, seed } from './bs-helpers.js';
import { type Harness, startHarness } from './harness.js';

let h: Harness;
const KEY = { BUGSMASH_API_KEY: DEFAULT_BUGSMASH_API_KEY, SPECBOUND_BUGSMASH_API_KEY: undefined };
const bs = (args: string[], env: Record<string, string | undefined> = {}, cwd?: string) =>
  h.run(['bs', ...args], { env: { ...KEY, ...env }, ...(cwd === undefined ? {} : { cwd }) });

interface Project {
  id: string;
  name: string;
  type: string;
}
interface Comment {
  comment_id: string;
  comment_number: number;
  status: string;
  priority: string;
  is_private: boolean;
  comment: string;
}

async function projects(): Promise<Project[]> {
  const result = await bs(['projects', 'ls', '--all', '--json']);
  expect(result.code, result.stderr).toBe(0);
  return result.json<Project[]>();
}
async function website(): Promise<Project> {
  const found = (await projects()).find((p) => p.type === 'website');
  if (found === undefined) throw new Error('the seed has no website project');
  return found;
}

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await seed(h);
});

describe('auth', () => {
  it('without a key exits 4 and says how to get one', async () => {
    const result = await bs(['projects', 'ls'], { BUGSMASH_API_KEY: undefined });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('BUGSMASH_API_KEY');
    expect(result.stderr).toContain('--api-key-file');
  });

  it('reads the key from --api-key-file', async () => {
    const dir = await h.tempDir();
    const file = join(dir, 'key');
    await writeFile(file, `${DEFAULT_BUGSMASH_API_KEY}\n`, { mode: 0o600 });
    const result = await bs(['--api-key-file', file, 'projects', 'ls', '--json'], {
      BUGSMASH_API_KEY: undefined,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.json<Project[]>().length).toBeGreaterThan(0);
    // A relative path is the command's directory's, not the process's.
    const relative = await bs(
      ['--api-key-file', 'key', 'projects', 'ls', '--json'],
      { BUGSMASH_API_KEY: undefined },
      dir,
    );
    expect(relative.code, relative.stderr).toBe(0);
  });

  it('has no --api-key option (a key on the command line shows in ps)', async () => {
    const result = await bs(['projects', 'ls', '--api-key', 'abc']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown option '--api-key'");
  });

  it('a refused key exits 4 and the key is never printed', async () => {
    const wrong = 'wrong-key-0123456789abcdef';
    const result = await bs(['--debug', 'projects', 'ls'], { BUGSMASH_API_KEY: wrong });
    expect(result.code).toBe(4);
    expect(result.stdout + result.stderr).not.toContain(wrong);
  });
});

describe('projects', () => {
  it('ls, --type, get, create (url and file), rm, review-link', async () => {
    const all = await projects();
    expect(all.map((p) => p.type).sort()).toEqual(['pdf', 'website']);
    const pdfs = await bs(['projects', 'ls', '--type', 'pdf', '--json']);
    expect(pdfs.json<Project[]>().map((p) => p.type)).toEqual(['pdf']);
    const piped = await bs(['projects', 'ls']);
    expect(piped.stdout.trim().split('\n')).toHaveLength(2);
    expect(piped.stdout.split('\n')[0]?.split('\t')).toHaveLength(5);

    const site = await website();
    const got = await bs(['projects', 'get', site.id, '--json']);
    expect(got.code, got.stderr).toBe(0);
    expect(got.json<{ id: string; name: string }>()).toMatchObject({ id: site.id, name: site.name });

    const link = await bs(['review-link', site.id]);
    expect(link.code, link.stderr).toBe(0);
    expect(link.stdout.trim()).toMatch(/^https:\/\/app\.bugsmash\.io\/review\/\w{5}$/);

    const created = await bs([
      'projects',
      'create',
      '--name',
      'Landing',
      '--url',
      'https://example.com/',
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const newProject = created.json<{ id: string; name: string; review_link: string }>();
    expect(newProject.name).toBe('Landing');

    const dir = await h.tempDir();
    const pdf = join(dir, 'brief.pdf');
    await writeFile(pdf, '%PDF-1.4\n%%EOF\n');
    const fromFile = await bs(['projects', 'create', '--name', 'Brief', '--file', pdf, '--json']);
    expect(fromFile.code, fromFile.stderr).toBe(0);
    expect((await projects()).map((p) => p.name)).toEqual(expect.arrayContaining(['Landing', 'Brief']));

    const both = await bs(['projects', 'create', '--name', 'X', '--url', 'https://e.com', '--file', pdf]);
    expect(both.code).toBe(2);
    const badType = await bs(['projects', 'create', '--name', 'X', '--file', join(dir, 'notes.txt')]);
    expect(badType.code).toBe(2);
    expect(badType.stderr).toContain('cannot tell the project type');

    // Destructive: not on a terminal it needs --yes (issue #22, defect 11), and nothing is deleted.
    const unconfirmed = await bs(['projects', 'rm', newProject.id]);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain('Pass --yes');
    expect((await projects()).map((p) => p.id)).toContain(newProject.id);
    const removed = await bs(['projects', 'rm', newProject.id, '--yes']);
    expect(removed.code, removed.stderr).toBe(0);
    expect((await projects()).map((p) => p.id)).not.toContain(newProject.id);
    const missing = await bs(['projects', 'get', newProject.id]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('error:');
  });
});

describe('versions', () => {
  it('upload shows progress on stderr for a large file; ls lists the new version', async () => {
    const pdf = (await projects()).find((p) => p.type === 'pdf') as Project;
    const before = (await bs(['versions', 'ls', pdf.id, '--json'])).json<unknown[]>();
    const dir = await h.tempDir();
    const file = join(dir, 'v2.pdf');
    await writeFile(
      file,
      Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * 1024 * 1024, 32), Buffer.from('\n%%EOF\n')]),
    );
    const upload = await bs(['versions', 'upload', pdf.id, file]);
    expect(upload.code, upload.stderr).toBe(0);
    expect(upload.stderr).toMatch(/uploading .*v2\.pdf: \d+% /);
    expect(upload.stderr).toContain('100%');
    const after = (await bs(['versions', 'ls', pdf.id, '--json'])).json<unknown[]>();
    expect(after).toHaveLength(before.length + 1);

    const small = join(dir, 'v3.pdf');
    await writeFile(small, '%PDF-1.4\n%%EOF\n');
    const quiet = await bs(['versions', 'upload', pdf.id, small]);
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stderr).not.toContain('uploading');
    expect((await stat(small)).size).toBeGreaterThan(0);

    const none = await bs(['versions', 'upload', pdf.id, join(dir, 'nope.pdf')]);
    expect(none.code).toBe(2);

    // rm: --yes when not on a terminal, as for projects.
    const listed = (await bs(['versions', 'ls', pdf.id, '--json'])).json<{ id: string }[]>();
    const last = listed.at(-1)?.id as string;
    expect((await bs(['versions', 'rm', last])).code).toBe(2);
    const removed = await bs(['versions', 'rm', last, '--yes']);
    expect(removed.code, removed.stderr).toBe(0);
    const left = (await bs(['versions', 'ls', pdf.id, '--json'])).json<{ id: string }[]>();
    expect(left.map((v) => v.id)).not.toContain(last);
  });
});

describe('comments', () => {
  it('ls (active by default, --all, --status, --priority), get, resolve, reopen, set, reply', async () => {
    const site = await website();
    const all = (await bs(['comments', 'ls', site.id, '--all', '--json'])).json<Comment[]>();
    expect(all.length).toBeGreaterThanOrEqual(2);
    const active = (await bs(['comments', 'ls', site.id, '--json'])).json<Comment[]>();
    expect(active.every((c) => c.status === 'Active')).toBe(true);
    const resolved = (await bs(['comments', 'ls', site.id, '--status', 'resolved', '--json'])).json<
      Comment[]
    >();
    expect(resolved.every((c) => c.status === 'Resolved')).toBe(true);
    expect(active.length + resolved.length).toBe(all.length);
    const first = active[0] as Comment;
    const byPriority = (
      await bs(['comments', 'ls', site.id, '--all', '--priority', first.priority, '--json'])
    ).json<Comment[]>();
    expect(byPriority.length).toBeGreaterThan(0);
    expect(byPriority.every((c) => c.priority === first.priority)).toBe(true);
    expect((await bs(['comments', 'ls', site.id, '--priority', 'P9'])).code).toBe(2);
    expect((await bs(['comments', 'ls', site.id, '--all', '--status', 'active'])).code).toBe(2);

    const got = await bs(['comments', 'get', first.comment_id, '--json']);
    expect(got.code, got.stderr).toBe(0);
    expect(got.json<{ comment_id: string; replies: unknown[] }>().comment_id).toBe(first.comment_id);

    const ids = active.map((c) => c.comment_id);
    const resolve = await bs(['comments', 'resolve', ...ids, '--json']);
    expect(resolve.code, resolve.stderr).toBe(0);
    expect(resolve.json<Comment[]>().map((c) => c.status)).toEqual(ids.map(() => 'Resolved'));
    expect((await bs(['comments', 'ls', site.id, '--json'])).json<Comment[]>()).toEqual([]);
    // A bad id in the middle: the others are still updated, each outcome is reported, exit 1
    // (issue #22, defect 11).
    const mixed = await bs([
      'comments',
      'reopen',
      ids[0] as string,
      'no-such-comment',
      first.comment_id,
      '--json',
    ]);
    expect(mixed.code).toBe(1);
    expect(mixed.json<{ comment_id: string; status?: string; error?: string }[]>()).toEqual([
      expect.objectContaining({ comment_id: ids[0], status: 'Active' }),
      { comment_id: 'no-such-comment', error: expect.any(String) },
      expect.objectContaining({ comment_id: first.comment_id, status: 'Active' }),
    ]);
    expect(mixed.stderr).toContain('1 of 3 comments were not updated: no-such-comment');
    const piped = await bs(['comments', 'resolve', 'no-such-comment', first.comment_id]);
    expect(piped.code).toBe(1);
    expect(piped.stdout).toMatch(/^no-such-comment\t\tfailed: /m);
    expect(piped.stdout).toMatch(new RegExp(`^${first.comment_id}\t\\d+\tResolved$`, 'm'));
    const reopen = await bs(['comments', 'reopen', first.comment_id, '--json']);
    expect(reopen.json<Comment[]>()[0]?.status).toBe('Active');

    const set = await bs([
      'comments',
      'set',
      first.comment_id,
      '--priority',
      'p1',
      '--private',
      '--text',
      'Edited',
      '--json',
    ]);
    expect(set.code, set.stderr).toBe(0);
    expect(set.json<Comment>()).toMatchObject({
      priority: 'P1',
      is_private: true,
      comment: expect.stringContaining('Edited'),
    });
    expect((await bs(['comments', 'set', first.comment_id])).code).toBe(2);
    expect((await bs(['comments', 'set', first.comment_id, '--private', '--public'])).code).toBe(2);

    const replied = await bs(['reply', first.comment_id, 'On it, thanks!']);
    expect(replied.code, replied.stderr).toBe(0);
    const detail = (await bs(['comments', 'get', first.comment_id, '--json'])).json<{
      replies: { comment?: string }[];
    }>();
    expect(detail.replies.map((r) => r.comment)).toContain('On it, thanks!');
  });
});

describe('folders', () => {
  it('create, ls, get, update, rm', async () => {
    const site = await website();
    const created = await bs(['folders', 'create', '--name', 'Q3 reviews', '--project', site.id]);
    expect(created.code, created.stderr).toBe(0);
    const list = (await bs(['folders', 'ls', '--json'])).json<{ id: string; name: string }[]>();
    const folder = list.find((f) => f.name === 'Q3 reviews');
    expect(folder).toBeDefined();
    const got = await bs(['folders', 'get', folder?.id as string, '--json']);
    expect(got.code, got.stderr).toBe(0);
    expect(got.json<{ name: string }>().name).toBe('Q3 reviews');
    const renamed = await bs([
      'folders',
      'update',
      folder?.id as string,
      '--name',
      'Q4 reviews',
      '--remove',
      site.id,
    ]);
    expect(renamed.code, renamed.stderr).toBe(0);
    expect((await bs(['folders', 'ls', '--json'])).json<{ name: string }[]>().map((f) => f.name)).toContain(
      'Q4 reviews',
    );
    const removed = await bs(['folders', 'rm', folder?.id as string]);
    expect(removed.code, removed.stderr).toBe(0);
    expect((await bs(['folders', 'ls', '--json'])).json<{ id: string }[]>().map((f) => f.id)).not.toContain(
      folder?.id,
    );
  });
});

describe('webhooks', () => {
  it('test with no webhook subscribed to the event fails with the service message (exit 1)', async () => {
    const result = await bs(['webhooks', 'test', '--event', 'comment_updated']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No webhook is subscribed to this event');
    expect((await bs(['webhooks', 'test', '--event', 'comment_update'])).code).toBe(2);
  });

  it('create shows the secret once; --secret-out writes it with mode 0600 and prints it nowhere', async () => {
    const shown = await bs([
      'webhooks',
      'create',
      '--url',
      'http://127.0.0.1:9/hook',
      '--events',
      'new_comment',
    ]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/signing secret \(shown once\): whsec_\w+/);

    const dir = await h.tempDir();
    const file = join(dir, 'secret');
    const quiet = await bs([
      'webhooks',
      'create',
      '--url',
      'http://127.0.0.1:9/other',
      '--secret-out',
      file,
      '--json',
    ]);
    expect(quiet.code, quiet.stderr).toBe(0);
    const { readFile } = await import('node:fs/promises');
    const secret = (await readFile(file, 'utf8')).trim();
    expect(secret).toMatch(/^whsec_/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(quiet.stdout + quiet.stderr).not.toContain(secret);
    const again = await bs(['webhooks', 'create', '--url', 'http://127.0.0.1:9/x', '--secret-out', file]);
    expect(again.code).toBe(2);

    const list = (await bs(['webhooks', 'ls', '--json'])).json<
      { id: string; webhookUrl: string; events: string[] }[]
    >();
    expect(list.map((w) => w.webhookUrl).sort()).toEqual([
      'http://127.0.0.1:9/hook',
      'http://127.0.0.1:9/other',
    ]);
    expect(JSON.stringify(list)).not.toContain('whsec_');
    expect((await bs(['webhooks', 'create', '--url', 'http://x', '--events', 'nope'])).code).toBe(2);

    const test = await bs(['webhooks', 'test', '--event', 'new_comment']);
    expect(test.code, test.stderr).toBe(0);
    await h.emulator.webhooksIdle();
    const deliveries = h.emulator.deliveries().filter((d) => d.event === 'new_comment');
    expect(deliveries.map((d) => d.url)).toContain('http://127.0.0.1:9/hook');

    const hook = list[0] as { id: string };
    expect((await bs(['webhooks', 'rm', hook.id])).code).toBe(0);
    expect((await bs(['webhooks', 'ls', '--json'])).json<unknown[]>()).toHaveLength(1);
    await control(h, 'DELETE', '/faults');
  });
});

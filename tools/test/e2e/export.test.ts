// `comments export` end to end: every format against `comments ls --all --json`, CSV that
// spreadsheets read safely, filters, and --out written whole or not at all.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_BUGSMASH_API_KEY } from '@specbound/emulator';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, seed } from './bs-helpers.js';
import { type Harness, startHarness } from './harness.js';

let h: Harness;
let dir: string;
let expected: string[];
const KEY = { BUGSMASH_API_KEY: DEFAULT_BUGSMASH_API_KEY };
const bs = (args: string[]) => h.run(['bs', ...args], { env: KEY });

// Texts a spreadsheet would run as formulas, plus quoting hazards.
const HOSTILE = [
  '=HYPERLINK("http://evil.example","click")',
  '+1+1',
  '-2+3',
  '@SUM(A1:A2)',
  '\tTabbed',
  'Comma, "quotes" and\na newline',
  'Ünïcödé ✓',
];

beforeAll(async () => {
  h = await startHarness();
  await seed(h);
  const projects = (await bs(['projects', 'ls', '--all', '--json'])).json<{ id: string; type: string }[]>();
  const site = projects.find((p) => p.type === 'website') as { id: string };
  for (const [i, text] of HOSTILE.entries()) {
    await control(h, 'POST', '/bugsmash/comments', {
      projectId: site.id,
      text,
      byName: i === 0 ? '=cmd|" /C calc"!A0' : 'Reviewer',
      priority: 'P2',
    });
  }
  expected = [];
  for (const project of projects) {
    const list = (await bs(['comments', 'ls', project.id, '--all', '--json'])).json<
      { comment_id: string }[]
    >();
    expected.push(...list.map((c) => c.comment_id));
  }
  expected.sort();
  dir = await h.tempDir();
});
afterAll(async () => {
  await h?.close();
});

describe('comments export', () => {
  it('csv: every comment once, formula cells neutralised, quotes and newlines intact', async () => {
    const out = join(dir, 'comments.csv');
    const result = await bs(['comments', 'export', '--all-projects', '--format', 'csv', '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    const text = await readFile(out, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.comment_id).sort()).toEqual(expected);
    const comments = rows.map((r) => r.comment);
    expect(comments).toContain(`'=HYPERLINK("http://evil.example","click")`);
    expect(comments).toContain("'+1+1");
    expect(comments).toContain("'-2+3");
    expect(comments).toContain("'@SUM(A1:A2)");
    expect(comments).toContain("'\tTabbed");
    expect(comments).toContain('Comma, "quotes" and\na newline');
    expect(comments).toContain('Ünïcödé ✓');
    expect(rows.map((r) => r.author_name)).toContain(`'=cmd|" /C calc"!A0`);
    // No cell of the file starts a formula.
    for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(result.stderr).toContain(`exported ${expected.length} comment(s)`);
  });

  it('json, ndjson and md: the same comments as comments ls --all --json', async () => {
    const json = await bs(['comments', 'export', '--all-projects', '--format', 'json']);
    expect(json.code, json.stderr).toBe(0);
    const items = json.json<{ comment_id: string; replies: unknown[] }[]>();
    expect(items.map((c) => c.comment_id).sort()).toEqual(expected);
    expect(items.some((c) => c.replies.length > 0)).toBe(true);

    const ndjson = await bs(['comments', 'export', '--all-projects', '--format', 'ndjson']);
    const lines = ndjson.stdout.trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { comment_id: string }).comment_id).sort()).toEqual(expected);

    const md = await bs(['comments', 'export', '--all-projects', '--format', 'md']);
    expect(md.code, md.stderr).toBe(0);
    const ids = [...md.stdout.matchAll(/^- id: `([0-9a-f-]{36})`$/gm)].map((m) => m[1]);
    expect(ids.sort()).toEqual(expected);
    expect(md.stdout).toContain('# BugSmash comments');
  });

  it('named projects, --status and --since filter; bad input exits 2 before any request', async () => {
    const projects = (await bs(['projects', 'ls', '--all', '--json'])).json<{ id: string }[]>();
    const ids = projects.map((p) => p.id);
    const named = await bs(['comments', 'export', ...ids, '--format', 'ndjson', '--status', 'resolved']);
    expect(named.code, named.stderr).toBe(0);
    const resolved = named.stdout
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { status: string });
    expect(resolved.length).toBeGreaterThan(0);
    expect(resolved.every((c) => c.status === 'Resolved')).toBe(true);

    const future = await bs([
      'comments',
      'export',
      '--all-projects',
      '--format',
      'json',
      '--since',
      '2999-01-01',
    ]);
    expect(future.json<unknown[]>()).toEqual([]);
    const past = await bs([
      'comments',
      'export',
      '--all-projects',
      '--format',
      'json',
      '--since',
      '2000-01-01',
    ]);
    expect(past.json<unknown[]>()).toHaveLength(expected.length);

    expect((await bs(['comments', 'export', '--format', 'csv'])).code).toBe(2);
    expect(
      (await bs(['comments', 'export', ids[0] as string, '--all-projects', '--format', 'csv'])).code,
    ).toBe(2);
    expect((await bs(['comments', 'export', '--all-projects', '--format', 'xlsx'])).code).toBe(2);
    expect(
      (await bs(['comments', 'export', '--all-projects', '--format', 'csv', '--since', 'yesterday'])).code,
    ).toBe(2);
  });

  it('--out is written atomically: a failure mid-export leaves the old file as it was', async () => {
    const out = join(dir, 'keep.csv');
    await writeFile(out, 'previous export\n');
    // Every replies fetch fails (retries included): the export stops after writing some rows.
    await control(h, 'POST', '/faults', {
      service: 'bugsmash',
      operationId: 'listReplies',
      status: 500,
      body: { status: false, message: 'Server Error' },
      times: 50,
    });
    const result = await bs(['comments', 'export', '--all-projects', '--format', 'csv', '--out', out]);
    await control(h, 'DELETE', '/faults');
    expect(result.code).toBe(1);
    expect(await readFile(out, 'utf8')).toBe('previous export\n');
    const { readdir } = await import('node:fs/promises');
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

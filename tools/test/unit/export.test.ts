import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { type ExportProgress, exportComments, type TextSink } from '../../src/bugsmash/export.js';
import { FORMATS, safeCell } from '../../src/bugsmash/format.js';
import { clientOver, type FakeProject, fakeBugSmash, fakeComment } from './fake-bugsmash.js';

function projectsOf(count: number, perProject: number): FakeProject[] {
  let n = 0;
  return Array.from({ length: count }, (_, i) => ({
    id: `p${i + 1}`,
    name: `Project ${i + 1}`,
    comments: Array.from({ length: perProject }, () => {
      n++;
      return fakeComment(n, {
        status: n % 3 === 0 ? 'Resolved' : 'Active',
        updated_at: `2026-01-${String((n % 28) + 1).padStart(2, '0')}T00:00:00.000000Z`,
      });
    }),
    replies: { [fakeComment(i * perProject + 1).comment_id]: [{ comment: 'Fixed', comment_by_name: 'Bo' }] },
  }));
}

function collector(): TextSink & { text(): string; chunks: string[] } {
  const chunks: string[] = [];
  return {
    chunks,
    write: async (chunk) => {
      chunks.push(chunk);
    },
    text: () => chunks.join(''),
  };
}

describe('exportComments', () => {
  it('writes every comment of every project (all pages) in each format, with replies', async () => {
    const projects = projectsOf(5, 4);
    const ids = projects.flatMap((p) => p.comments.map((c) => c.comment_id));
    for (const format of FORMATS) {
      const fake = fakeBugSmash(projects);
      const sink = collector();
      const summary = await exportComments(clientOver(fake), sink, { projects: 'all', format });
      expect(summary).toEqual({ projects: 5, comments: 20, replies: 5 });
      const text = sink.text();
      const found =
        format === 'csv'
          ? (parse(text, { bom: true, columns: true }) as { comment_id: string }[]).map((r) => r.comment_id)
          : format === 'json'
            ? (JSON.parse(text) as { comment_id: string }[]).map((r) => r.comment_id)
            : format === 'ndjson'
              ? text
                  .trim()
                  .split('\n')
                  .map((l) => (JSON.parse(l) as { comment_id: string }).comment_id)
              : [...text.matchAll(/- id: `([^`]+)`/g)].map((m) => m[1]);
      expect(found, format).toEqual(ids);
      // Projects are read page by page (2 a page here), each page only once the previous page's
      // projects are written: never more than a page in hand.
      const paths = fake.requests.map((r) => r.path);
      expect(paths.filter((p) => p.startsWith('/projects'))).toEqual([
        '/projects?page=1&limit=50',
        '/projects?page=2&limit=50',
        '/projects?page=3&limit=50',
      ]);
      const lastOfPage1 = paths.findLastIndex((p) => p.includes(fakeComment(8).comment_id));
      expect(paths.indexOf('/projects?page=2&limit=50')).toBeGreaterThan(lastOfPage1);
    }
  });

  it('keeps at most `concurrency` replies fetches in flight and still writes in order', async () => {
    const fake = fakeBugSmash(projectsOf(1, 40));
    fake.repliesDelayMs = 5;
    const sink = collector();
    await exportComments(clientOver(fake), sink, { projects: ['p1'], format: 'ndjson', concurrency: 3 });
    expect(fake.maxRepliesInFlight).toBe(3);
    const numbers = sink
      .text()
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { comment_number: number }).comment_number);
    expect(numbers).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('writes each comment as soon as it is ready (one chunk per comment, no buffering of the export)', async () => {
    const fake = fakeBugSmash(projectsOf(3, 10));
    const sink = collector();
    const progress: ExportProgress[] = [];
    await exportComments(clientOver(fake), sink, {
      projects: 'all',
      format: 'ndjson',
      onProgress: (p) => progress.push({ ...p }),
    });
    expect(sink.chunks.filter((c) => c !== '')).toHaveLength(30);
    expect(progress.at(-1)).toMatchObject({ project: 3, projectDone: 10, projectTotal: 10, written: 30 });
  });

  it('sends the status filter and applies --since itself; names unknown projects with the API error', async () => {
    const fake = fakeBugSmash(projectsOf(1, 9));
    const sink = collector();
    const since = Date.parse('2026-01-05T00:00:00Z');
    await exportComments(clientOver(fake), sink, {
      projects: ['p1'],
      format: 'json',
      status: 'active',
      since,
    });
    expect(fake.requests.find((r) => r.path.startsWith('/comments'))?.path).toContain('status=active');
    const items = JSON.parse(sink.text()) as { status: string; updated_at: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((c) => c.status === 'Active' && Date.parse(c.updated_at) >= since)).toBe(true);
    await expect(
      exportComments(clientOver(fake), collector(), { projects: ['nope'], format: 'csv' }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });

  it('stops at the next request once the signal is aborted', async () => {
    const fake = fakeBugSmash(projectsOf(2, 20));
    const controller = new AbortController();
    const sink = collector();
    const run = exportComments(clientOver(fake), sink, {
      projects: 'all',
      format: 'ndjson',
      concurrency: 2,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.written === 5) controller.abort(new Error('interrupted'));
      },
    });
    await expect(run).rejects.toThrow('interrupted');
    const replies = fake.requests.filter((r) => r.path.endsWith('/replies'));
    expect(replies.length).toBeLessThanOrEqual(5 + 2);
  });

  it('an empty export is still a valid document', async () => {
    const fake = fakeBugSmash([]);
    const json = collector();
    await exportComments(clientOver(fake), json, { projects: 'all', format: 'json' });
    expect(JSON.parse(json.text())).toEqual([]);
    const csv = collector();
    await exportComments(clientOver(fake), csv, { projects: 'all', format: 'csv' });
    expect(parse(csv.text(), { bom: true })).toHaveLength(1);
  });
});

describe('safeCell', () => {
  it('prefixes what spreadsheets would run as a formula, and nothing else', () => {
    for (const text of ['=1+1', '+1', '-1', '@A1', '\tx', '\rx', '＝1+1', '＋1', '－1', '＠A1'])
      expect(safeCell(text)).toBe(`'${text}`);
    expect(safeCell('a;=cmd')).toBe("a;'=cmd");
    expect(safeCell('a\n"=cmd')).toBe('a\n"\'=cmd');
    for (const text of ['hello', '1-2', 'a=b', '', ' =1']) expect(safeCell(text)).toBe(text);
    expect(safeCell(null)).toBe('');
    expect(safeCell(-5)).toBe("'-5");
  });
});

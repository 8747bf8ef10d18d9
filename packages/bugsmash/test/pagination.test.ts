import { describe, expect, it } from 'vitest';
import { BASE_URL, IDS, ok, setup } from './helpers.js';

const item = (n: number) => ({ id: `p${n}`, name: `Project ${n}`, type: 'pdf', share_access: 'public' });
const page = (numbers: number[], current: number, last: number) => () =>
  ok(numbers.map(item), { current_page: current, last_page: last });

describe('projects.iterate', () => {
  it('walks pages of 50 until last_page', async () => {
    const { client, requests } = setup([page([1, 2], 1, 3), page([3, 4], 2, 3), page([5], 3, 3)]);
    const all = await client.projects.iterate({ folderId: IDS.folder, types: ['pdf', 'image'] }).all();
    expect(all.map((p) => p.id)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    expect(requests.map((r) => r.url)).toEqual(
      [1, 2, 3].map(
        (n) => `${BASE_URL}/projects?folderId=${IDS.folder}&page=${n}&limit=50&types[]=pdf&types[]=image`,
      ),
    );
  });

  it('stops at an empty page even when last_page says there are more', async () => {
    const { client, requests } = setup([page([1], 1, 9), page([], 2, 9)]);
    expect(await client.projects.iterate().all()).toHaveLength(1);
    expect(requests).toHaveLength(2);
  });

  it('stops when last_page is 0 (no projects)', async () => {
    const { client, requests } = setup([page([], 1, 0)]);
    expect(await client.projects.iterate().all()).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it('fetches no page beyond what `for await` consumes', async () => {
    const { client, requests } = setup([page([1, 2], 1, 5), page([3, 4], 2, 5)]);
    const seen: string[] = [];
    for await (const project of client.projects.iterate()) {
      seen.push(project.id);
      if (seen.length === 3) break;
    }
    expect(seen).toEqual(['p1', 'p2', 'p3']);
    expect(requests).toHaveLength(2);
  });

  it('all({ limit }) stops early', async () => {
    const { client, requests } = setup([page([1, 2], 1, 5)]);
    expect(await client.projects.iterate().all({ limit: 2 })).toHaveLength(2);
    expect(requests).toHaveLength(1);
  });
});

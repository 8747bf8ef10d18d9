import { describe, expect, it } from 'vitest';
import { type Page, paginate } from '../src/paginate.js';

/** Three pages of numbers, cursor = page number; records every fetch. */
function pages(): {
  fetchPage: (cursor: number | undefined) => Promise<Page<number, number>>;
  fetched: number[];
} {
  const data = [[1, 2], [3, 4], [5]];
  const fetched: number[] = [];
  return {
    fetched,
    fetchPage: async (cursor) => {
      const index = cursor ?? 0;
      fetched.push(index);
      return { items: data[index] ?? [], next: index + 1 < data.length ? index + 1 : undefined };
    },
  };
}

describe('paginate', () => {
  it('fetches nothing until iterated', () => {
    const { fetchPage, fetched } = pages();
    paginate(fetchPage);
    expect(fetched).toEqual([]);
  });

  it('yields every item page by page and stops when next is undefined', async () => {
    const { fetchPage, fetched } = pages();
    const seen: number[] = [];
    for await (const item of paginate(fetchPage)) {
      seen.push(item);
      // Page n+1 is only requested once page n is used up.
      expect(fetched.length).toBe(item <= 2 ? 1 : item <= 4 ? 2 : 3);
    }
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    expect(fetched).toEqual([0, 1, 2]);
  });

  it('stops fetching when the loop breaks early', async () => {
    const { fetchPage, fetched } = pages();
    for await (const item of paginate(fetchPage)) {
      expect(item).toBe(1);
      break;
    }
    expect(fetched).toEqual([0]);
  });

  it('all() collects every item', async () => {
    const { fetchPage } = pages();
    await expect(paginate(fetchPage).all()).resolves.toEqual([1, 2, 3, 4, 5]);
  });

  it('all({ limit }) fetches no more pages than needed', async () => {
    const first = pages();
    await expect(paginate(first.fetchPage).all({ limit: 2 })).resolves.toEqual([1, 2]);
    expect(first.fetched).toEqual([0]);

    const second = pages();
    await expect(paginate(second.fetchPage).all({ limit: 3 })).resolves.toEqual([1, 2, 3]);
    expect(second.fetched).toEqual([0, 1]);

    const none = pages();
    await expect(paginate(none.fetchPage).all({ limit: 0 })).resolves.toEqual([]);
    expect(none.fetched).toEqual([]);

    const more = pages();
    await expect(paginate(more.fetchPage).all({ limit: 99 })).resolves.toEqual([1, 2, 3, 4, 5]);
  });

  it('all() refuses a bad limit', async () => {
    const { fetchPage } = pages();
    // In the one hierarchy, like every other failure: a ValidationError naming the option.
    await expect(paginate(fetchPage).all({ limit: -1 })).rejects.toMatchObject({
      name: 'ValidationError',
      field: 'limit',
    });
    await expect(paginate(fetchPage).all({ limit: 1.5 })).rejects.toThrow('"limit"');
  });

  it('skips empty pages and starts again from the first page on each iteration', async () => {
    const results: Page<string, string>[] = [
      { items: [], next: 'b' },
      { items: ['x'], next: undefined },
    ];
    const cursors: (string | undefined)[] = [];
    const paginator = paginate<string, string>(async (cursor) => {
      cursors.push(cursor);
      const page = results[cursor === undefined ? 0 : 1];
      if (page === undefined) throw new Error('no such page');
      return page;
    });
    expect(await paginator.all()).toEqual(['x']);
    expect(await paginator.all()).toEqual(['x']);
    expect(cursors).toEqual([undefined, 'b', undefined, 'b']);
  });

  it('fails instead of looping when the service repeats a cursor', async () => {
    const paginator = paginate<number, string>(async () => ({ items: [1], next: 'same' }));
    await expect(paginator.all()).rejects.toThrow('same page cursor');
  });

  it('propagates a failing page fetch', async () => {
    const paginator = paginate<number, number>(async (cursor) => {
      if (cursor === undefined) return { items: [1], next: 1 };
      throw new Error('page 2 failed');
    });
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const item of paginator) seen.push(item);
      })(),
    ).rejects.toThrow('page 2 failed');
    expect(seen).toEqual([1]);
  });
});

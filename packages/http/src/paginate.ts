import { SpecboundError } from './errors.js';
import { ValidationError } from './validate.js';

/** One page: its items and the cursor of the next page (`undefined` on the last page). */
export interface Page<T, C> {
  items: readonly T[];
  next: C | undefined;
}

/** Items of every page, fetched lazily: iterate with `for await`, or collect with `all()`. */
export interface Paginator<T> extends AsyncIterable<T> {
  /** Collects items, fetching no more pages than needed to reach `limit` (default: every item). */
  all(options?: { limit?: number }): Promise<T[]>;
}

/**
 * Turns a page fetcher into a paginator. `fetchPage(undefined)` fetches the first page; a page
 * is only fetched once the items before it have been consumed, so breaking out of `for await`
 * stops fetching. Each iteration starts again from the first page.
 */
export function paginate<T, C>(fetchPage: (cursor: C | undefined) => Promise<Page<T, C>>): Paginator<T> {
  async function* items(): AsyncGenerator<T, void, undefined> {
    let cursor: C | undefined;
    for (;;) {
      const page = await fetchPage(cursor);
      yield* page.items;
      if (page.next === undefined) return;
      // A service returning the same cursor again would otherwise loop for ever.
      if (page.next === cursor) {
        throw new SpecboundError('Pagination stopped: the service returned the same page cursor twice.');
      }
      cursor = page.next;
    }
  }

  return {
    [Symbol.asyncIterator]: () => items(),
    async all({ limit } = {}) {
      if (limit !== undefined && !(Number.isInteger(limit) && limit >= 0)) {
        throw new ValidationError(
          'limit',
          `paginate().all: "limit" must be a non-negative integer (got ${String(limit)}).`,
        );
      }
      const collected: T[] = [];
      if (limit === 0) return collected;
      for await (const item of items()) {
        collected.push(item);
        // Never equal without a limit; otherwise stops as soon as it is reached (it is at least 1).
        if (collected.length === limit) break;
      }
      return collected;
    },
  };
}

import type { CallOptions } from './call.js';
import { type Paginator, paginate } from './paginate.js';

type List<P, D> = (params: P, options?: CallOptions) => Promise<D>;

/** The items of a page, under `key` (a missing array is an empty page). */
function itemsOf<T>(page: object, key: string): readonly T[] {
  return ((page as Record<string, unknown>)[key] as readonly T[] | undefined) ?? [];
}

/**
 * Google-style pagination: asks `list` for pages with `pageToken` until a page carries no
 * `nextPageToken`; the items are the page's `key` array.
 */
export function tokenPages<T, P extends object>(
  list: List<P & { pageToken?: string }, object>,
  key: string,
  params: P,
  options?: CallOptions,
): Paginator<T> {
  return paginate<T, string>(async (cursor) => {
    const page = await list(cursor === undefined ? params : { ...params, pageToken: cursor }, options);
    const next = (page as { nextPageToken?: string }).nextPageToken;
    return { items: itemsOf<T>(page, key), next: next || undefined };
  });
}

/**
 * Page-number pagination (Laravel style): asks `list` for `page` 1, 2, … with `limit` until
 * `last_page` or an empty page.
 */
export function numberedPages<T, P extends object>(
  list: List<P & { page: number; limit: number }, object>,
  key: string,
  limit: number,
  params: P,
  options?: CallOptions,
): Paginator<T> {
  return paginate<T, number>(async (cursor) => {
    const current = cursor ?? 1;
    const page = await list({ ...params, page: current, limit }, options);
    const items = itemsOf<T>(page, key);
    const last = (page as { last_page?: number }).last_page ?? current;
    return { items, next: items.length === 0 || current >= last ? undefined : current + 1 };
  });
}

/** A list the service answers in one page: the same `Paginator` interface over its items. */
export function onePage<T, P>(
  list: List<P, unknown>,
  items: (page: never) => readonly T[] | undefined,
  params: P,
  options?: CallOptions,
): Paginator<T> {
  return paginate<T, never>(async () => ({
    items: items((await list(params, options)) as never) ?? [],
    next: undefined,
  }));
}

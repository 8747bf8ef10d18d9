import type { Args, CallOptions, Method } from './call.js';
import { bind, define, type OperationFunction } from './define.js';
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
 * The iterate operation function of a Google-style paged list (`iterateVersions` of
 * `listVersions`): every item of the `key` array of each page, following `nextPageToken`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function tokenIterate<Ctx extends object, P extends object, T>(
  // biome-ignore lint/suspicious/noExplicitAny: any list's params and page fit; `P` types the result.
  list: OperationFunction<Ctx, Method<any, object>>,
  key: string,
) {
  return define((ctx: Ctx) => {
    const method = bind(ctx, list) as (params: object, options?: CallOptions) => Promise<object>;
    return (...[params, options]: Args<P>): Paginator<T> =>
      tokenPages<T, object>(method, key, params ?? {}, options);
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

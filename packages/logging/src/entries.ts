import { define, operation, tokenIterate, ValidationError } from '@specbound/http';
import { type Context, STANDARD_PARAMS } from './core.js';
import { listLogEntriesRequestOrderByValues } from './generated/schema.js';
import type {
  IterateLogEntriesParams,
  ListLogEntriesParams,
  ListLogEntriesResponse,
  LogEntry,
} from './types.js';

const STANDARD: ReadonlySet<string> = /* @__PURE__ */ new Set(STANDARD_PARAMS);
const ORDERS: readonly unknown[] = listLogEntriesRequestOrderByValues;

/** Refuses what Cloud Logging would answer 400 for, before anything is sent. */
function checkList(params: ListLogEntriesParams): void {
  const { resourceNames, pageSize, orderBy } = params;
  if (
    !Array.isArray(resourceNames) ||
    resourceNames.length === 0 ||
    !resourceNames.every((name) => typeof name === 'string' && name.trim() !== '')
  ) {
    throw new ValidationError(
      'resourceNames',
      '"resourceNames" must be a non-empty array of resource names, such as ["projects/my-gcp-project"].',
    );
  }
  if (pageSize !== undefined && !(Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= 1000)) {
    throw new ValidationError(
      'pageSize',
      `"pageSize" must be an integer from 1 to 1000, got ${String(pageSize)}.`,
    );
  }
  if (orderBy !== undefined && !ORDERS.includes(orderBy)) {
    throw new ValidationError('orderBy', '"orderBy" must be "timestamp asc" or "timestamp desc".');
  }
}

/**
 * `entries.list` as an operation function: one page of log entries. A POST whose body is the
 * query; it only reads, so it is retried like a GET (unless the client turned retries off).
 */
export const listLogEntries = /* @__PURE__ */ define((ctx: Context) =>
  operation<ListLogEntriesParams, ListLogEntriesResponse>(ctx.caller, 'POST', '/v2/entries:list', {
    query: STANDARD,
    check: checkList,
    ...(ctx.retryOff ? {} : { http: ctx.caller.http.withOverrides({ retry: { retryNonIdempotent: true } }) }),
  }),
);

/** Every entry matching the query, page after page (`for await`, or `.all({ limit })`). */
export const iterateLogEntries = /* @__PURE__ */ tokenIterate<Context, IterateLogEntriesParams, LogEntry>(
  listLogEntries,
  'entries',
);

/** `entries.*`. */
export const entries = {
  /** One page of log entries: `{ resourceNames, filter?, orderBy?, pageSize?, pageToken? }`. */
  list: listLogEntries,
  /** Every log entry matching the query, following `nextPageToken`. */
  iterate: iterateLogEntries,
};

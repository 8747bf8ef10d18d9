import {
  type Answer,
  type Args,
  bind,
  type Caller,
  type CallOptions,
  define,
  GOOGLE_STANDARD_PARAMS,
  type HttpVerb,
  isGoogleError,
  jsonBody,
  type Method,
  type OperationFunction,
  type OperationSpec,
  operation,
  type Paginator,
  tokenPages,
  ValidationError,
} from '@specbound/http';
import type {
  NotModified,
  OperationId,
  ReadOperation,
  ReadParams,
  ResponseData,
  StandardParamName,
  WriteParams,
} from './types.js';

/** What a client's operations are built from (one per client, kept on the client or core). */
export interface Context {
  readonly caller: Caller;
  /** Reads a GET's answer: the data, `{ notModified }` on 304, or the typed `ApiError`. */
  readonly read: (answer: Answer) => unknown;
  /** Reads a write's answer: the data (`{}` for an empty body), or the typed `ApiError`. */
  readonly write: (answer: Answer) => unknown;
  /** The credentials in use, for redaction. */
  readonly secrets: () => readonly string[];
}

/** The readers of one client: writes (the caller's default) and conditional reads. */
export function googleReaders(secrets: () => readonly string[]) {
  // Google answers 200 with a JSON body on every operation; `{}` stands in for an empty one. This is
  // @specbound/http's googleReader written inline: the call and its closure cost the client object
  // 13 B gzip, past its bundle budget.
  const write = (answer: Answer): unknown => jsonBody(answer, secrets(), isGoogleError) ?? {};
  const read = (answer: Answer): unknown =>
    answer.response.status === 304
      ? ({ notModified: true, etag: answer.response.headers.get('ETag') ?? undefined } satisfies NotModified)
      : write(answer);
  return { write, read };
}

// Google's standard query parameters, valid on every operation. A type test checks this list is
// exactly the spec's.
export const STANDARD_PARAMS = GOOGLE_STANDARD_PARAMS satisfies readonly StandardParamName[];

// Pure, so that a bundle without writes leaves the list out.
const STANDARD: ReadonlySet<string> = /* @__PURE__ */ new Set(STANDARD_PARAMS);
const CONDITIONAL = { ifNoneMatch: 'If-None-Match' };

/** A row of a write table: the body's fields in the body, the standard parameters in the query. */
export function writer<K extends OperationId, P = WriteParams<K>, D = ResponseData<K>>(
  ctx: Context,
  verb: HttpVerb,
  path: string,
  spec: OperationSpec<P, D> = {},
): Method<P, D> {
  return operation<P, D>(ctx.caller, verb, path, { query: STANDARD, ...spec });
}

/**
 * A read operation function (`getProject`, …), defined once for every client: `GET path`,
 * `ifNoneMatch` sent as `If-None-Match`, 304 answered.
 */
/* @__NO_SIDE_EFFECTS__ */
export function readOperation<K extends OperationId, P = ReadParams<K>, D = ResponseData<K>>(
  path: string,
  spec: OperationSpec<P, D> = {},
): ReadOperation<P, D> {
  return define((ctx: Context) =>
    operation<P, D>(ctx.caller, 'GET', path, { header: CONDITIONAL, decode: ctx.read as () => D, ...spec }),
  ) as unknown as ReadOperation<P, D>;
}

/** A write operation function (`createProject`, …): a `writer` row defined once for every client. */
/* @__NO_SIDE_EFFECTS__ */
export function writeOperation<K extends OperationId, P = WriteParams<K>, D = ResponseData<K>>(
  verb: HttpVerb,
  path: string,
  spec: OperationSpec<P, D> = {},
): OperationFunction<Context, Method<P, D>> {
  return define((ctx: Context) => writer<K, P, D>(ctx, verb, path, spec));
}

/**
 * The iterate operation function of a paged list (`iterateVersions` of `listVersions`): every item
 * of the `key` array of each page, following `nextPageToken`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function tokenIterate<P extends object, T>(
  // biome-ignore lint/suspicious/noExplicitAny: any list's params and page fit; `P` types the result.
  list: ReadOperation<any, object>,
  key: string,
) {
  return define((ctx: Context) => {
    const method = bind(ctx, list) as (params: object, options?: CallOptions) => Promise<object>;
    return (...[params, options]: Args<P>): Paginator<T> =>
      tokenPages<T, object>(method, key, params ?? {}, options);
  });
}

/** Narrows a read result: `true` when the service answered 304 Not Modified. */
export function isNotModified(result: unknown): result is NotModified {
  return (
    typeof result === 'object' && result !== null && (result as Partial<NotModified>).notModified === true
  );
}

/** Refuses a `versionNumber` that is not an int32, before anything is sent. */
export function assertInt32(name: string, value: unknown): asserts value is number {
  // `| 0` keeps exactly the integers from -2^31 to 2^31 - 1 as they are.
  if (typeof value !== 'number' || (value | 0) !== value) {
    throw new ValidationError(name, `"${name}" must be a 32-bit integer, got ${String(value)}.`);
  }
}

// Types that read an openapi-typescript `operations[...]` entry, shared by every client.

/** `T` without `undefined`, or `unknown` (neutral in an intersection) when nothing is there. */
type Part<T> = [NonNullable<T>] extends [never] ? unknown : NonNullable<T>;

/** An operation's path parameters. */
export type PathParamsOf<O> = O extends { parameters: { path?: infer P } } ? Part<P> : unknown;

/** An operation's query parameters. */
export type QueryParamsOf<O> = O extends { parameters: { query?: infer Q } } ? Part<Q> : unknown;

/** An operation's JSON request body (`unknown` when it takes none). */
export type JsonBodyOf<O> = O extends { requestBody?: infer R }
  ? [NonNullable<R>] extends [never]
    ? unknown
    : NonNullable<R> extends { content: { 'application/json': infer B } }
      ? Part<B>
      : unknown
  : unknown;

/** An operation's `params` under the convention: path, query and JSON body fields, spec names. */
export type ParamsOf<O> = OrNone<PathParamsOf<O> & QueryParamsOf<O> & JsonBodyOf<O>>;

/** An operation without parameters takes an empty object (or nothing), never a string or a number. */
type OrNone<T> = unknown extends T ? Record<string, never> : T;

/** The JSON body of an operation's 200 answer. */
export type ResponseOf<O> = O extends { responses: { 200: { content: { 'application/json': infer D } } } }
  ? D
  : never;

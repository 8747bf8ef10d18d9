import {
  type Args,
  bind,
  type Caller,
  type CallOptions,
  define,
  type HttpVerb,
  type Method,
  type OperationFunction,
  type OperationSpec,
  onePage,
  operation,
  type Paginator,
  type ParamsOf,
  ValidationError,
} from '@specbound/http';
import type { EnvelopeReaders } from './envelope.js';
import type { operations } from './generated/schema.js';
import type { SuccessBody } from './types.js';
import type { PathReader } from './uploads.js';

/** An operation's `params`: its path, query and JSON body fields under the spec's names. */
export type Params<K extends keyof operations> = ParamsOf<operations[K]>;

/** The payload under `data` of an operation's answer. */
export type Data<K extends keyof operations> = SuccessBody<K> extends { data: infer D } ? D : unknown;

/** What a client's operations are built from (one per client, kept on the client or core). */
export interface Context {
  readonly caller: Caller;
  readonly read: EnvelopeReaders;
  /** Opens a file path for an upload: only the Node entry's clients have one. */
  readonly readPath: PathReader | undefined;
}

/** An operation's row: the runtime's spec, and which envelope reader decodes it (default `data`). */
export type Row<P, D> = Omit<OperationSpec<P, D>, 'decode'> & {
  read?: Exclude<keyof EnvelopeReaders, 'data'>;
};

/**
 * An operation function from a row: `op<'getComment'>('GET', '/comment/{commentId}')`. Call sites
 * are marked `@__PURE__` and take literal arguments, so that a bundle keeps only what it calls.
 */
/* @__NO_SIDE_EFFECTS__ */
export function op<K extends keyof operations, D = Data<K>, P = Params<K>>(
  verb: HttpVerb,
  path: string,
  row: Row<P, D> = {},
): OperationFunction<Context, Method<P, D>> {
  // No `read`: the caller's `decode` (the payload under `data`).
  return define((ctx: Context) =>
    operation<P, D>(ctx.caller, verb, path, {
      ...row,
      decode: row.read && (ctx.read[row.read] as (answer: unknown) => D),
    }),
  );
}

/** Refuses an update that changes nothing (every field but the id undefined). */
export function someOf(id: string, fields: string) {
  return (params: object): void => {
    if (Object.entries(params).every(([key, value]) => key === id || value === undefined)) {
      throw new ValidationError('params', `Nothing to update: pass ${fields}.`);
    }
  };
}

/**
 * The `iterate` operation function of a list the service answers whole: its items, from the
 * payload itself (an array under `data`) or from `items(page)`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function eachOf<P, D, T = D extends readonly (infer I)[] ? I : never>(
  list: OperationFunction<Context, Method<P, D>>,
  items: (page: D) => readonly T[] | undefined = (page) => page as readonly T[],
) {
  return define((ctx: Context) => {
    const method = bind(ctx, list) as (params: P | undefined, options?: CallOptions) => Promise<D>;
    return (...[params, options]: Args<P>): Paginator<T> => onePage(method, items, params, options);
  });
}

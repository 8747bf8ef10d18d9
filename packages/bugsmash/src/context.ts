import {
  type Args,
  type Caller,
  type CallOptions,
  type HttpVerb,
  type Method,
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

export type { CallOptions } from '@specbound/http';

/** An operation's `params`: its path, query and JSON body fields under the spec's names. */
export type Params<K extends keyof operations> = ParamsOf<operations[K]>;

/** The payload under `data` of an operation's answer. */
export type Data<K extends keyof operations> = SuccessBody<K> extends { data: infer D } ? D : unknown;

/** What the resource tables are built from. */
export interface Context {
  readonly caller: Caller;
  readonly read: EnvelopeReaders;
}

/** One row of an operation table: `op<'getComment'>(ctx, 'GET', '/comment/{commentId}')`. */
export function op<K extends keyof operations, D = Data<K>, P = Params<K>>(
  ctx: Context,
  verb: HttpVerb,
  path: string,
  spec: OperationSpec<P, D> = {},
): Method<P, D> {
  return operation<P, D>(ctx.caller, verb, path, spec);
}

/** Refuses an update that changes nothing (every field but the id undefined). */
export function someOf(id: string, fields: string) {
  return (params: object): void => {
    if (Object.entries(params).every(([key, value]) => key === id || value === undefined)) {
      throw new ValidationError('params', `Nothing to update: pass ${fields}.`);
    }
  };
}

/** `iterate` for a list the service answers whole, as an array under `data`. */
export function eachOf<P, T>(list: Method<P, readonly T[]>) {
  return (...[params, options]: Args<P>): Paginator<T> =>
    onePage(
      list as (params: P | undefined, options?: CallOptions) => Promise<readonly T[]>,
      (page: readonly T[]) => page,
      params,
      options,
    );
}

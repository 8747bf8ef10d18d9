import type { CallOptions, Core, MAKE, WithResponse } from '@specbound/http';
import type { Client } from 'openapi-fetch';
import type { Context } from './core.js';
import type { components, operations, paths } from './generated/schema.js';

/**
 * Every type here is derived from the generated `operations`; none re-declares a shape the spec
 * already describes. Method parameters are one flat object: path parameters, query parameters
 * (Google's standard ones such as `fields` included), `ifNoneMatch` on reads, and the request
 * body's properties on writes.
 */
export type OperationId = keyof operations;
type Schemas = components['schemas'];

/** Path parameters of an operation, or `unknown` (neutral in an intersection) when it has none. */
export type PathParams<K extends OperationId> = operations[K]['parameters'] extends { path: infer P }
  ? P
  : unknown;

/** Query parameters of an operation; every operation has at least Google's standard ones. */
export type QueryParams<K extends OperationId> = NonNullable<operations[K]['parameters']['query']>;

/** The JSON request body of an operation. */
export type RequestBody<K extends OperationId> = operations[K] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** The JSON body of an operation's 200 response. */
export type ResponseData<K extends OperationId> = operations[K]['responses'] extends {
  200: { content: { 'application/json': infer D } };
}
  ? D
  : never;

/** Google's standard query parameters (`fields`, `quotaUser`, `prettyPrint`, …), shared by every operation. */
export type StandardParams = QueryParams<'createProject'>;
export type StandardParamName = keyof StandardParams;

/** `ifNoneMatch`: the `If-None-Match` header of a GET, typed from the spec's header parameter. */
export type ConditionalParams<K extends OperationId> = [
  NonNullable<operations[K]['parameters']['header']>,
] extends [{ 'If-None-Match'?: infer V }]
  ? { ifNoneMatch?: V }
  : unknown;

/** Parameters of a read: path + query + `ifNoneMatch`. */
export type ReadParams<K extends OperationId> = PathParams<K> & QueryParams<K> & ConditionalParams<K>;

/** Parameters of a write: path + body properties (path names win) + standard query parameters. */
export type WriteParams<K extends OperationId> = PathParams<K> &
  ([RequestBody<K>] extends [never] ? unknown : Omit<RequestBody<K>, keyof PathParams<K>>) &
  QueryParams<K>;

/** Renames `prefix.name` keys to `name`, keeping each key's optionality and type. */
export type StripPrefix<T, Prefix extends string> = {
  [Key in keyof T as Key extends `${Prefix}${infer Rest}` ? Rest : Key]: T[Key];
};

/** What a read returns instead of data when `ifNoneMatch` still matches (HTTP 304). */
export interface NotModified {
  readonly notModified: true;
  /** The entity tag the service sent with the 304, if any. */
  readonly etag: string | undefined;
}

/**
 * A read method. With `ifNoneMatch` set it may resolve to `{ notModified: true }` (HTTP 304);
 * without it, to the data only. `.withResponse()` adds the HTTP response (its `ETag`, say).
 */
export interface ReadMethod<P, D> {
  (params: P & { ifNoneMatch: string }, options?: CallOptions): Promise<D | NotModified>;
  (params: P & { ifNoneMatch?: undefined }, options?: CallOptions): Promise<D>;
  (params: P, options?: CallOptions): Promise<D | NotModified>;
  withResponse(
    params: P & { ifNoneMatch: string },
    options?: CallOptions,
  ): Promise<WithResponse<D | NotModified>>;
  withResponse(params: P & { ifNoneMatch?: undefined }, options?: CallOptions): Promise<WithResponse<D>>;
  withResponse(params: P, options?: CallOptions): Promise<WithResponse<D | NotModified>>;
}

/**
 * What `createAppsScriptCore` returns: `raw` and the context the operation functions need, none
 * of the methods. Operation functions take one first; a client is one too.
 */
export type AppsScriptCore = Core<Context> & { readonly raw: Client<paths> };

/**
 * A read method as an operation function (`getProject(core, params, options?)`), with the same
 * overloads: `core` is a client or a core of this package.
 */
export interface ReadOperation<P, D> {
  (
    core: AppsScriptCore,
    params: P & { ifNoneMatch: string },
    options?: CallOptions,
  ): Promise<D | NotModified>;
  (core: AppsScriptCore, params: P & { ifNoneMatch?: undefined }, options?: CallOptions): Promise<D>;
  (core: AppsScriptCore, params: P, options?: CallOptions): Promise<D | NotModified>;
  withResponse(
    core: AppsScriptCore,
    params: P & { ifNoneMatch: string },
    options?: CallOptions,
  ): Promise<WithResponse<D | NotModified>>;
  withResponse(
    core: AppsScriptCore,
    params: P & { ifNoneMatch?: undefined },
    options?: CallOptions,
  ): Promise<WithResponse<D>>;
  withResponse(
    core: AppsScriptCore,
    params: P,
    options?: CallOptions,
  ): Promise<WithResponse<D | NotModified>>;
  readonly [MAKE]: (ctx: Context) => ReadMethod<P, D>;
}

/** The item type of a list response's array property. */
export type ItemOf<D, Key extends keyof D> = NonNullable<D[Key]> extends readonly (infer I)[] ? I : never;

export type Project = Schemas['Project'];
export type Content = Schemas['Content'];
export type ScriptFile = Schemas['File'];
export type Metrics = Schemas['Metrics'];
export type Deployment = Schemas['Deployment'];
export type Version = Schemas['Version'];
export type Process = Schemas['Process'];
export type Operation = Schemas['Operation'];
export type ExecutionError = Schemas['ExecutionError'];
export type ScriptStackTraceElement = Schemas['ScriptStackTraceElement'];
export type Empty = Schemas['Empty'];
/** Google's JSON error body, the `body` of every `ApiError` this client throws (when Google sent one). */
export type GoogleErrorBody = Schemas['ErrorBody'];

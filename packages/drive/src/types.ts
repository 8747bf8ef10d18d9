import type { Core } from '@specbound/http';
import type { Client } from 'openapi-fetch';
import type { Context } from './core.js';
import type { components, operations, paths } from './generated/schema.js';

/**
 * Every type here is derived from the generated `operations`; none re-declares a shape the spec
 * already describes. Method parameters are one flat object: path parameters, query parameters
 * (Google's standard ones such as `fields` included) and, on `files.create`, the body's fields.
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

/** The JSON body of an operation's 200 response (`undefined` for `files.delete`'s 204). */
export type ResponseData<K extends OperationId> = operations[K]['responses'] extends {
  200: { content: { 'application/json': infer D } };
}
  ? D
  : undefined;

/** Google's standard query parameters (`fields`, `quotaUser`, `prettyPrint`, …), shared by every operation. */
export type StandardParams = Omit<QueryParams<'deleteFile'>, 'supportsAllDrives'>;
export type StandardParamName = keyof StandardParams;

/** Parameters of an operation: path + query + the request body's properties. */
export type Params<K extends OperationId> = PathParams<K> &
  QueryParams<K> &
  ([RequestBody<K>] extends [never] ? unknown : RequestBody<K>);

/**
 * What `createDriveCore` returns: `raw` and the context the operation functions need, none of the
 * methods. Operation functions take one first; a client is one too.
 */
export type DriveCore = Core<Context> & { readonly raw: Client<paths> };

export type DriveFile = Schemas['File'];
export type FileList = Schemas['FileList'];
export type DriveUser = Schemas['User'];
export type CreateFileRequest = Schemas['CreateFileRequest'];
/** Google's JSON error body, the `body` of every `ApiError` this client throws (when Google sent one). */
export type GoogleErrorBody = Schemas['ErrorBody'];

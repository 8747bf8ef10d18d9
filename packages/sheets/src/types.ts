import type { Core } from '@specbound/http';
import type { Client } from 'openapi-fetch';
import type { Context } from './core.js';
import type { components, operations, paths } from './generated/schema.js';

// Every type here is derived from the generated schema; none re-declares a shape the spec describes.
type Schemas = components['schemas'];
export type OperationId = keyof operations;

/** Path parameters of an operation, or `unknown` (neutral in an intersection) when it has none. */
type PathParams<K extends OperationId> = operations[K]['parameters'] extends { path: infer P } ? P : unknown;
/** Query parameters of an operation; every operation has at least Google's standard ones. */
type QueryParams<K extends OperationId> = NonNullable<operations[K]['parameters']['query']>;
/** The JSON request body of an operation. */
type RequestBody<K extends OperationId> = operations[K] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/**
 * The one flat params object of an operation: path parameters, query parameters (Google's
 * standard ones included) and, on writes, the request body's properties. A body property named
 * like a path parameter (`ValueRange.range`) is left out: the path's wins.
 */
export type Params<K extends OperationId> = PathParams<K> &
  QueryParams<K> &
  ([RequestBody<K>] extends [never]
    ? unknown
    : // An empty body (`ClearValuesRequest`, a `Record<string, never>`) adds no params.
      string extends keyof RequestBody<K>
      ? unknown
      : Omit<RequestBody<K>, keyof PathParams<K>>);

/** The JSON body of an operation's 200 response. */
export type ResponseData<K extends OperationId> = operations[K]['responses'] extends {
  200: { content: { 'application/json': infer D } };
}
  ? D
  : never;

/** Google's standard query parameters (`fields`, `quotaUser`, `prettyPrint`, …). */
export type StandardParams = QueryParams<'createSpreadsheet'>;
export type StandardParamName = keyof StandardParams;

export type CreateSpreadsheetParams = Params<'createSpreadsheet'>;
export type GetSpreadsheetParams = Params<'getSpreadsheet'>;
export type GetValuesParams = Params<'getValues'>;
export type UpdateValuesParams = Params<'updateValues'>;
export type AppendValuesParams = Params<'appendValues'>;
export type ClearValuesParams = Params<'clearValues'>;

export type Spreadsheet = Schemas['Spreadsheet'];
export type SpreadsheetProperties = Schemas['SpreadsheetProperties'];
export type Sheet = Schemas['Sheet'];
export type SheetProperties = Schemas['SheetProperties'];
export type GridProperties = Schemas['GridProperties'];
export type GridRange = Schemas['GridRange'];
export type NamedRange = Schemas['NamedRange'];
export type ValueRange = Schemas['ValueRange'];
export type CellValue = Schemas['CellValue'];
export type UpdateValuesResponse = Schemas['UpdateValuesResponse'];
export type AppendValuesResponse = Schemas['AppendValuesResponse'];
export type ClearValuesResponse = Schemas['ClearValuesResponse'];
export type ValueInputOption = Schemas['ValueInputOption'];
export type ValueRenderOption = Schemas['ValueRenderOption'];
export type DateTimeRenderOption = Schemas['DateTimeRenderOption'];
export type Dimension = Schemas['Dimension'];
/** Google's JSON error body, the `body` of every `ApiError` this client throws (when Google sent one). */
export type GoogleErrorBody = Schemas['ErrorBody'];

/** What `createSheetsCore` returns: `raw` and the context the operation functions need, none of the methods. */
export type SheetsCore = Core<Context> & { readonly raw: Client<paths> };

import { define, operation, ValidationError } from '@specbound/http';
import { type Context, STANDARD_PARAMS } from './core.js';
import { componentsParametersInsertDataOptionValues, valueInputOptionValues } from './generated/schema.js';
import type {
  AppendValuesParams,
  AppendValuesResponse,
  ClearValuesParams,
  ClearValuesResponse,
  GetValuesParams,
  UpdateValuesParams,
  UpdateValuesResponse,
  ValueRange,
} from './types.js';

// The query parameters of a values write: everything but the ValueRange's own fields, which go
// in the body. Pure, so that a bundle without writes leaves the set out.
const WRITE_QUERY: ReadonlySet<string> = /* @__PURE__ */ new Set([
  ...STANDARD_PARAMS,
  'valueInputOption',
  'insertDataOption',
  'includeValuesInResponse',
  'responseValueRenderOption',
  'responseDateTimeRenderOption',
]);
// The spec's values less the unspecified one, which Sheets refuses.
const INPUT_OPTIONS: readonly unknown[] = /* @__PURE__ */ valueInputOptionValues.filter(
  (option) => option !== 'INPUT_VALUE_OPTION_UNSPECIFIED',
);
const INSERT_OPTIONS: readonly unknown[] = componentsParametersInsertDataOptionValues;

/**
 * Refuses what Sheets would answer 400 for, before anything is sent: a write without
 * `valueInputOption` (the service requires it), or `values` that is not rows of cells (a flat
 * `[1, 2, 3]` is the usual slip).
 */
function checkWrite(params: UpdateValuesParams | AppendValuesParams): void {
  if (!INPUT_OPTIONS.includes(params.valueInputOption)) {
    throw new ValidationError(
      'valueInputOption',
      `"valueInputOption" must be "RAW" (store values as given) or "USER_ENTERED" (parse them as the Sheets UI does), got ${JSON.stringify(params.valueInputOption) ?? 'undefined'}.`,
    );
  }
  const { values } = params as ValueRange;
  if (values !== undefined && !(Array.isArray(values) && values.every(Array.isArray))) {
    throw new ValidationError(
      'values',
      '"values" must be an array of rows, each an array of cells: [["Name", "Qty"], ["Widget", 3]].',
    );
  }
  const { insertDataOption } = params as AppendValuesParams;
  if (insertDataOption !== undefined && !INSERT_OPTIONS.includes(insertDataOption)) {
    throw new ValidationError('insertDataOption', '"insertDataOption" must be "OVERWRITE" or "INSERT_ROWS".');
  }
}

/** `spreadsheets.values.get` as an operation function: the values of one A1 range. */
export const getValues = /* @__PURE__ */ define((ctx: Context) =>
  operation<GetValuesParams, ValueRange>(
    ctx.caller,
    'GET',
    '/v4/spreadsheets/{spreadsheetId}/values/{range}',
  ),
);

/** `spreadsheets.values.update` as an operation function (a PUT: retried like any idempotent call). */
export const updateValues = /* @__PURE__ */ define((ctx: Context) =>
  operation<UpdateValuesParams, UpdateValuesResponse>(
    ctx.caller,
    'PUT',
    '/v4/spreadsheets/{spreadsheetId}/values/{range}',
    { query: WRITE_QUERY, check: checkWrite },
  ),
);

/**
 * `spreadsheets.values.append` as an operation function. Never retried unless the call's options
 * say so: a retried append writes its rows twice.
 */
export const appendValues = /* @__PURE__ */ define((ctx: Context) =>
  operation<AppendValuesParams, AppendValuesResponse>(
    ctx.caller,
    'POST',
    '/v4/spreadsheets/{spreadsheetId}/values/{range}:append',
    { query: WRITE_QUERY, check: checkWrite },
  ),
);

/**
 * `spreadsheets.values.clear` as an operation function. A POST, but clearing twice is clearing
 * once, so it is retried like a PUT (unless the client turned retries off).
 */
export const clearValues = /* @__PURE__ */ define((ctx: Context) =>
  operation<ClearValuesParams, ClearValuesResponse>(
    ctx.caller,
    'POST',
    '/v4/spreadsheets/{spreadsheetId}/values/{range}:clear',
    {
      query: WRITE_QUERY,
      ...(ctx.retryOff
        ? {}
        : { http: ctx.caller.http.withOverrides({ retry: { retryNonIdempotent: true } }) }),
    },
  ),
);

/** `spreadsheets.values.*`. */
export const values = {
  /** The values of a range: `{ spreadsheetId, range, valueRenderOption?, majorDimension? }`. */
  get: getValues,
  /** Writes rows into a range: `{ spreadsheetId, range, valueInputOption, values }`. */
  update: updateValues,
  /** Writes rows after the table in a range: `{ spreadsheetId, range, valueInputOption, values }`. */
  append: appendValues,
  /** Clears the values of a range: `{ spreadsheetId, range }`. */
  clear: clearValues,
};

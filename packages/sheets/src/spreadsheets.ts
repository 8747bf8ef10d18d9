import { define, operation } from '@specbound/http';
import { type Context, STANDARD_PARAMS } from './core.js';
import type { CreateSpreadsheetParams, GetSpreadsheetParams, Spreadsheet } from './types.js';
import { values } from './values.js';

const STANDARD: ReadonlySet<string> = /* @__PURE__ */ new Set(STANDARD_PARAMS);

/**
 * `spreadsheets.create` as an operation function: `{ properties?, sheets? }` in the body. Never
 * retried unless the call's options say so: a retried create makes a second spreadsheet.
 */
export const createSpreadsheet = /* @__PURE__ */ define((ctx: Context) =>
  operation<CreateSpreadsheetParams, Spreadsheet>(ctx.caller, 'POST', '/v4/spreadsheets', {
    query: STANDARD,
  }),
);

/** `spreadsheets.get` as an operation function: properties, sheets and named ranges, no cell data. */
export const getSpreadsheet = /* @__PURE__ */ define((ctx: Context) =>
  operation<GetSpreadsheetParams, Spreadsheet>(ctx.caller, 'GET', '/v4/spreadsheets/{spreadsheetId}'),
);

/** `spreadsheets.*`, with `values` below it as in Google's client. */
export const spreadsheets = {
  /** Creates a spreadsheet: `{ properties: { title }, sheets? }`. */
  create: createSpreadsheet,
  /** A spreadsheet's properties and sheets: `{ spreadsheetId, ranges? }`. */
  get: getSpreadsheet,
  values,
};

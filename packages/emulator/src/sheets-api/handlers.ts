// One handler per operationId of specs/sheets, typed by @specbound/sheets' generated operations,
// over the spreadsheets SpreadsheetApp uses (sheets/store.ts).
import type { components, operations } from '@specbound/sheets/schema';
import { googleError } from '../apps-script/errors.ts';
import type { AsUser } from '../apps-script/model.ts';
import { bindHandlers } from '../core/typed.ts';
import { ServiceError } from '../core/types.ts';
import { SheetsError } from '../sheets/errors.ts';
import type { Spreadsheet } from '../sheets/model.ts';
import { createSpreadsheet, type SpreadsheetStore } from '../sheets/store.ts';
import { appendValues, clearValues } from './append.ts';
import { getValues, updateValues } from './values.ts';
import { windowOf } from './window.ts';

type SpreadsheetJson = components['schemas']['Spreadsheet'];

/** A spreadsheet as the API returns it (no grid data). */
function spreadsheetJson(ss: Spreadsheet): SpreadsheetJson {
  const json: SpreadsheetJson = {
    spreadsheetId: ss.spreadsheetId,
    properties: { title: ss.title, locale: ss.locale, autoRecalc: 'ON_CHANGE', timeZone: ss.timeZone },
    sheets: [...ss.sheets]
      .sort((a, b) => a.index - b.index)
      .map((sheet) => ({
        properties: {
          sheetId: sheet.sheetId,
          title: sheet.title,
          index: sheet.index,
          sheetType: 'GRID' as const,
          gridProperties: { rowCount: sheet.rowCount, columnCount: sheet.columnCount },
        },
      })),
    spreadsheetUrl: `https://docs.google.com/spreadsheets/d/${ss.spreadsheetId}/edit`,
  };
  if (ss.namedRanges.length > 0)
    json.namedRanges = ss.namedRanges.map(({ namedRangeId, name, range }) => ({ namedRangeId, name, range }));
  return json;
}

/** Runs a spreadsheet operation, turning the model's errors into Google's answers (400, 404). */
function answer<B>(work: () => B): { status: 200; body: B } {
  try {
    return { status: 200, body: work() };
  } catch (error) {
    if (error instanceof SheetsError)
      throw new ServiceError(googleError(error.status === 'NOT_FOUND' ? 404 : 400, error.message));
    throw error;
  }
}

/** `valueInputOption` must be RAW or USER_ENTERED (Google refuses the unspecified value). */
function writeOptions(query: operations['updateValues']['parameters']['query']) {
  const option = query.valueInputOption;
  if (option !== 'RAW' && option !== 'USER_ENTERED')
    throw new SheetsError('INVALID_ARGUMENT', `Invalid valueInputOption: ${option}`);
  return {
    valueInputOption: option,
    includeValuesInResponse: query.includeValuesInResponse,
    responseValueRenderOption: query.responseValueRenderOption,
    responseDateTimeRenderOption: query.responseDateTimeRenderOption,
  };
}

/** Keeps only the defined properties (the model's options are exact: no `undefined` values). */
const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };

function create(store: SpreadsheetStore, body: SpreadsheetJson): SpreadsheetJson {
  const sheets = (body.sheets ?? []).map(({ properties: p = {} }, i) => ({
    title: p.title ?? `Sheet${i + 1}`,
    ...defined({ rowCount: p.gridProperties?.rowCount, columnCount: p.gridProperties?.columnCount }),
  }));
  const { title, locale, timeZone } = body.properties ?? {};
  const init = { title: title ?? 'Untitled spreadsheet', sheets, ...defined({ locale, timeZone }) };
  return spreadsheetJson(createSpreadsheet(store, init));
}

/** Runs a write on a spreadsheet and notes the change, so the request's save keeps it. */
function write<B>(store: SpreadsheetStore, id: string, work: (ss: Spreadsheet) => B) {
  return answer(() => {
    const ss = store.require(id);
    const body = work(ss);
    store.changed(ss);
    return body;
  });
}

export function sheetsHandlers(store: SpreadsheetStore) {
  return bindHandlers<operations, AsUser>({
    createSpreadsheet: ({ body }) => answer(() => create(store, body)),
    getSpreadsheet: ({ params }) =>
      answer(() => {
        const ss = store.require(params.path.spreadsheetId);
        const json = spreadsheetJson(ss);
        const ranges = params.query.ranges ?? [];
        if (ranges.length === 0) return json;
        // `ranges` limits the sheets returned to those the ranges are on.
        const ids = new Set(ranges.map((range) => windowOf(ss, range).sheet.sheetId));
        return { ...json, sheets: (json.sheets ?? []).filter((s) => ids.has(s.properties?.sheetId ?? -1)) };
      }),
    getValues: ({ params }) =>
      answer(() => getValues(store.require(params.path.spreadsheetId), params.path.range, params.query)),
    updateValues: ({ params, body }) =>
      write(store, params.path.spreadsheetId, (ss) =>
        updateValues(ss, params.path.range, body, writeOptions(params.query)),
      ),
    appendValues: ({ params, body }) =>
      write(store, params.path.spreadsheetId, (ss) =>
        appendValues(ss, params.path.range, body, {
          ...writeOptions(params.query),
          insertDataOption: params.query.insertDataOption,
        }),
      ),
    clearValues: ({ params }) =>
      write(store, params.path.spreadsheetId, (ss) => clearValues(ss, params.path.range)),
  });
}

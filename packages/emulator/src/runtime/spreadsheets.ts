// SpreadsheetApp on the host: the guest (sandbox/guest/spreadsheetapp.ts) names a spreadsheet by id
// and a sheet by sheetId, a range by its 1-based row, column and size, and each call is answered
// against the emulator's one spreadsheet store, the one the Sheets API serves. A whole range is one
// call each way (a getValues of 10,000 × 10 is one round trip). Dates cross as `{ $date: epochMs }`.

import { SheetsError } from '../sheets/errors.ts';
import { resolveRange } from '../sheets/grid.ts';
import type { Spreadsheet } from '../sheets/model.ts';
import { createSpreadsheet, type SpreadsheetStore } from '../sheets/store.ts';
import { sheetInfo, sheetMethods, sheetOf } from './spreadsheet-sheets.ts';
import { rangeMethods } from './spreadsheet-values.ts';

const spreadsheetUrl = (id: string) => `https://docs.google.com/spreadsheets/d/${id}/edit`;

function spreadsheetInfo(ss: Spreadsheet) {
  return {
    id: ss.spreadsheetId,
    name: ss.title,
    url: spreadsheetUrl(ss.spreadsheetId),
    locale: ss.locale,
    timeZone: ss.timeZone,
    sheets: [...ss.sheets].sort((a, b) => a.index - b.index).map(sheetInfo),
  };
}

/** Answers one SpreadsheetApp host call; `changed` is told about every spreadsheet written. */
export function spreadsheetCall(
  store: SpreadsheetStore,
  method: string,
  args: unknown[],
  changed: (ss: Spreadsheet) => void,
): unknown {
  if (method === 'create') {
    const [name, rows, columns] = args as [string, number | null, number | null];
    const sheet = {
      title: 'Sheet1',
      ...(rows ? { rowCount: rows } : {}),
      ...(columns ? { columnCount: columns } : {}),
    };
    const ss = createSpreadsheet(store, { title: name, sheets: [sheet] });
    changed(ss);
    return spreadsheetInfo(ss);
  }
  const ss = store.get(String(args[0]));
  if (method === 'open') return ss === undefined ? null : spreadsheetInfo(ss);
  if (ss === undefined) throw new SheetsError('NOT_FOUND', 'The spreadsheet was deleted.');
  switch (method) {
    case 'info':
      return spreadsheetInfo(ss);
    case 'rename':
      ss.title = String(args[1]);
      changed(ss);
      return null;
    case 'named': {
      const named = ss.namedRanges.find((n) => n.name === String(args[1]));
      if (named === undefined) return null;
      const w = resolveRange(ss, named.name);
      return [w.sheet.sheetId, w.row + 1, w.column + 1, w.numRows, w.numColumns];
    }
    case 'resolve': {
      const named = args[1] === null ? undefined : sheetOf(ss, args[1]);
      try {
        const w = resolveRange(ss, String(args[2]), named);
        return [w.sheet.sheetId, w.row + 1, w.column + 1, w.numRows, w.numColumns];
      } catch (error) {
        if (error instanceof SheetsError) return null;
        throw error;
      }
    }
    default: {
      const handler = Object.hasOwn(sheetMethods, method)
        ? sheetMethods[method]
        : Object.hasOwn(rangeMethods, method)
          ? rangeMethods[method]
          : undefined;
      if (handler === undefined)
        throw new Error(`SpreadsheetApp.${method} is not implemented in the emulator.`);
      return handler(ss, args.slice(1), () => changed(ss));
    }
  }
}

// spreadsheets.values.append and .clear: append finds the table in the range and writes after it.
import type { components } from '@specbound/sheets/schema';
import { clearCells, insertRows } from '../sheets/grid.ts';
import type { Spreadsheet } from '../sheets/model.ts';
import { rowsOf, type WriteOptions, writeRows } from './values.ts';
import { a1Of, cellAt, clippedWindow, type GridWindow, windowOf } from './window.ts';

type ValueRange = components['schemas']['ValueRange'];
type AppendValuesResponse = components['schemas']['AppendValuesResponse'];
type ClearValuesResponse = components['schemas']['ClearValuesResponse'];

const hasValue = (w: GridWindow, row: number, from: number, to: number) => {
  for (let c = from; c < to; c++) if (cellAt(w, row, c) !== null) return true;
  return false;
};

/**
 * The table of a range, as Sheets finds it: the first row at or below the range's top holding a
 * value in its columns, the block of filled columns from there (past the range's right edge: Google
 * extends `A1` to the whole header), and the rows below while they hold a value in those columns.
 */
function findTable(w: GridWindow): GridWindow | undefined {
  const { sheet } = w;
  const bottomEdge = Math.min(sheet.rows.length, w.row + w.numRows);
  let top = w.row;
  while (top < bottomEdge && !hasValue(w, top, w.column, w.column + w.numColumns)) top++;
  if (top >= bottomEdge) return undefined;
  let left = w.column;
  while (cellAt(w, top, left) === null) left++;
  let right = left + 1;
  while (cellAt(w, top, right) !== null) right++;
  let bottom = top + 1;
  while (bottom < sheet.rows.length && hasValue(w, bottom, left, right)) bottom++;
  return { sheet, row: top, column: left, numRows: bottom - top, numColumns: right - left };
}

export function appendValues(
  ss: Spreadsheet,
  range: string,
  body: ValueRange,
  options: WriteOptions & { insertDataOption?: components['parameters']['InsertDataOption'] | undefined },
): AppendValuesResponse {
  const w = windowOf(ss, range);
  const rows = rowsOf(body);
  const table = findTable(w);
  const corner =
    table === undefined ? w : { sheet: w.sheet, row: table.row + table.numRows, column: table.column };
  // INSERT_ROWS makes room, so that the rows after the table move down instead of being overwritten.
  if (options.insertDataOption === 'INSERT_ROWS' && rows.length > 0)
    insertRows(w.sheet, corner.row, rows.length);
  const updates = writeRows(ss, corner, rows, options);
  return table === undefined
    ? { spreadsheetId: ss.spreadsheetId, updates }
    : { spreadsheetId: ss.spreadsheetId, tableRange: a1Of(table), updates };
}

export function clearValues(ss: Spreadsheet, range: string): ClearValuesResponse {
  const w = clippedWindow(ss, range);
  clearCells(w);
  return { spreadsheetId: ss.spreadsheetId, clearedRange: a1Of(w) };
}

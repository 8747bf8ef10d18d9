// spreadsheets.values.get and .update over the shared spreadsheets: values converted by the model's
// own rules (sheets/values.ts, the ones SpreadsheetApp uses), laid out and trimmed as the API does.
import type { components } from '@specbound/sheets/schema';
import { columnLetters } from '../sheets/a1.ts';
import { SheetsError } from '../sheets/errors.ts';
import { readCells, writeCells } from '../sheets/grid.ts';
import type { Cell, Spreadsheet } from '../sheets/model.ts';
import { cellValue, displayOf, formulaOf, type InputOption, isDateCell, toCell } from '../sheets/values.ts';
import { a1Of, clippedWindow, type GridWindow, windowOf } from './window.ts';

type ValueRange = components['schemas']['ValueRange'];
type UpdateValuesResponse = components['schemas']['UpdateValuesResponse'];
type Dimension = components['schemas']['Dimension'];
type CellValue = components['schemas']['CellValue'];

export interface ReadOptions {
  majorDimension?: Dimension | undefined;
  valueRenderOption?: components['schemas']['ValueRenderOption'] | undefined;
  dateTimeRenderOption?: components['schemas']['DateTimeRenderOption'] | undefined;
}

export interface WriteOptions {
  valueInputOption: InputOption;
  includeValuesInResponse?: boolean | undefined;
  responseValueRenderOption?: ReadOptions['valueRenderOption'];
  responseDateTimeRenderOption?: ReadOptions['dateTimeRenderOption'];
}

function transpose<T>(rows: readonly (readonly T[])[], empty: T): T[][] {
  const width = Math.max(0, ...rows.map((row) => row.length));
  return Array.from({ length: width }, (_, c) => rows.map((row) => row[c] ?? empty));
}

/** Drops trailing empty cells of each line, then trailing empty lines, as Google does. */
function trimmed(lines: Cell[][]): Cell[][] {
  const out = lines.map((line) => {
    let end = line.length;
    while (end > 0 && line[end - 1] === null) end--;
    return line.slice(0, end);
  });
  while (out.length > 0 && out[out.length - 1]?.length === 0) out.pop();
  return out;
}

/**
 * One cell as the API renders it. Formulas are never evaluated: FORMULA shows the formula as
 * written; the other options show the stored value ("" for a formula nothing has written a value to).
 */
function rendered(cell: Cell, ss: Spreadsheet, options: ReadOptions): CellValue {
  if (cell === null) return '';
  const render = options.valueRenderOption ?? 'FORMATTED_VALUE';
  if (render === 'FORMULA' && formulaOf(cell) !== '') return formulaOf(cell);
  if (render === 'FORMATTED_VALUE') return displayOf(cell, ss.locale);
  // Dates are serial numbers unless FORMATTED_STRING asks for them as shown.
  if (isDateCell(cell) && options.dateTimeRenderOption === 'FORMATTED_STRING')
    return displayOf(cell, ss.locale);
  return cellValue(cell);
}

/** The values of a window as a ValueRange, rendered and laid out as asked. */
function readWindow(ss: Spreadsheet, w: GridWindow, options: ReadOptions): ValueRange {
  const major = options.majorDimension === 'COLUMNS' ? 'COLUMNS' : 'ROWS';
  const cells = readCells(w);
  const lines = trimmed(major === 'COLUMNS' ? transpose(cells, null) : cells);
  const range = a1Of(w);
  if (lines.length === 0) return { range, majorDimension: major };
  return {
    range,
    majorDimension: major,
    values: lines.map((line) => line.map((c) => rendered(c, ss, options))),
  };
}

export function getValues(ss: Spreadsheet, range: string, options: ReadOptions): ValueRange {
  return readWindow(ss, clippedWindow(ss, range), options);
}

/** The written lines as rows (columns turned into rows). */
export function rowsOf(body: ValueRange): (CellValue | undefined)[][] {
  const lines = body.values ?? [];
  return body.majorDimension === 'COLUMNS' ? transpose<CellValue | undefined>(lines, undefined) : lines;
}

/**
 * Google's 400 when the values reach past a bounded range; nothing is written then. A single cell
 * (`Sheet1!A1`) is only the corner to write from.
 */
function checkFits(w: GridWindow, rows: readonly (readonly unknown[])[]): void {
  if (w.numRows === 1 && w.numColumns === 1) return;
  const width = Math.max(0, ...rows.map((row) => row.length));
  if (rows.length > w.numRows)
    throw new SheetsError(
      'INVALID_ARGUMENT',
      `Requested writing within range [${a1Of(w)}], but tried writing to row [${w.row + rows.length}]`,
    );
  if (width > w.numColumns)
    throw new SheetsError(
      'INVALID_ARGUMENT',
      `Requested writing within range [${a1Of(w)}], but tried writing to column [${columnLetters(w.column + width)}]`,
    );
}

/**
 * Writes rows at a window's corner and answers what Google answers. `null` (or a cell past a short
 * row) leaves the cell as it is; `""` empties it.
 */
export function writeRows(
  ss: Spreadsheet,
  corner: Pick<GridWindow, 'sheet' | 'row' | 'column'>,
  rows: readonly (readonly (CellValue | undefined)[])[],
  options: WriteOptions,
): UpdateValuesResponse {
  const width = Math.max(0, ...rows.map((row) => row.length));
  const target: GridWindow = { ...corner, numRows: Math.max(rows.length, 1), numColumns: Math.max(width, 1) };
  const cells = rows.reduce((sum, row) => sum + row.length, 0);
  if (cells === 0)
    return { spreadsheetId: ss.spreadsheetId, updatedRange: a1Of({ ...target, numRows: 1, numColumns: 1 }) };
  const existing = readCells(target);
  const next = existing.map((line, i) =>
    line.map((cell, j) => {
      const value = rows[i]?.[j];
      return value === null || value === undefined ? cell : toCell(value, options.valueInputOption, ss);
    }),
  );
  writeCells(target, next);
  const answer: UpdateValuesResponse = {
    spreadsheetId: ss.spreadsheetId,
    updatedRange: a1Of(target),
    updatedRows: rows.filter((row) => row.length > 0).length,
    updatedColumns: width,
    updatedCells: cells,
  };
  if (options.includeValuesInResponse === true) {
    answer.updatedData = readWindow(ss, target, {
      valueRenderOption: options.responseValueRenderOption,
      dateTimeRenderOption: options.responseDateTimeRenderOption,
    });
  }
  return answer;
}

export function updateValues(ss: Spreadsheet, range: string, body: ValueRange, options: WriteOptions) {
  const w = windowOf(ss, range);
  const rows = rowsOf(body);
  checkFits(w, rows);
  return writeRows(ss, w, rows, options);
}

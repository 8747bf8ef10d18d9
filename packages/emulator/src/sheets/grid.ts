// Windows of a sheet's grid: resolving a range (A1, a named range, a sheet name) to one, reading and
// writing its cells, and the row operations scripts use. Rows and columns here are 0-based.
import { parseA1 } from './a1.ts';
import { SheetsError } from './errors.ts';
import type { Cell, Sheet, Spreadsheet } from './model.ts';

/** A rectangle of one sheet: 0-based start, sizes in cells. */
export interface GridWindow {
  sheet: Sheet;
  row: number;
  column: number;
  numRows: number;
  numColumns: number;
}

function sheetByTitle(ss: Spreadsheet, title: string): Sheet | undefined {
  return ss.sheets.find((s) => s.title === title);
}

export function sheetById(ss: Spreadsheet, sheetId: number): Sheet | undefined {
  return ss.sheets.find((s) => s.sheetId === sheetId);
}

/** The first sheet by position (what a range without a sheet name addresses). */
function firstSheet(ss: Spreadsheet): Sheet {
  const sheet = [...ss.sheets].sort((a, b) => a.index - b.index)[0];
  if (sheet === undefined) throw new SheetsError('INVALID_ARGUMENT', 'The spreadsheet has no sheets.');
  return sheet;
}

/**
 * Resolves `text` on `ss`: a named range, then A1 (on `sheet`, else the first sheet), then a bare
 * sheet name (the whole sheet). Throws a SheetsError naming the range when it is none of these.
 */
export function resolveRange(ss: Spreadsheet, text: string, sheet?: Sheet): GridWindow {
  const named = ss.namedRanges.find((n) => n.name === text);
  if (named !== undefined) {
    const target = sheetById(ss, named.range.sheetId);
    if (target !== undefined) {
      const r = named.range;
      return {
        sheet: target,
        row: r.startRowIndex,
        column: r.startColumnIndex,
        numRows: r.endRowIndex - r.startRowIndex,
        numColumns: r.endColumnIndex - r.startColumnIndex,
      };
    }
  }
  const a1 = parseA1(text);
  const byTitle = a1 === undefined ? sheetByTitle(ss, text) : undefined;
  if (byTitle !== undefined) return windowOf(byTitle, {});
  if (a1 === undefined) throw new SheetsError('INVALID_ARGUMENT', `Unable to parse range: ${text}`);
  let target = sheet ?? firstSheet(ss);
  if (a1.sheetName !== undefined) {
    const named = sheetByTitle(ss, a1.sheetName);
    if (named === undefined) throw new SheetsError('INVALID_ARGUMENT', `Unable to parse range: ${text}`);
    target = named;
  }
  return windowOf(target, a1);
}

/** A window from 1-based inclusive bounds, open ends reaching the edge of the grid. */
function windowOf(
  sheet: Sheet,
  bounds: { startRow?: number; endRow?: number; startColumn?: number; endColumn?: number },
): GridWindow {
  const row = (bounds.startRow ?? 1) - 1;
  const column = (bounds.startColumn ?? 1) - 1;
  const endRow = bounds.endRow ?? Math.max(sheet.rowCount, row + 1);
  const endColumn = bounds.endColumn ?? Math.max(sheet.columnCount, column + 1);
  return { sheet, row, column, numRows: endRow - row, numColumns: endColumn - column };
}

/** The window's cells, row by row, empties as null. */
export function readCells(w: GridWindow): Cell[][] {
  const out: Cell[][] = new Array(w.numRows);
  for (let i = 0; i < w.numRows; i++) {
    const source = w.sheet.rows[w.row + i];
    const row: Cell[] = new Array(w.numColumns);
    for (let j = 0; j < w.numColumns; j++) row[j] = source?.[w.column + j] ?? null;
    out[i] = row;
  }
  return out;
}

/** Grows the grid to hold the window (as Sheets does for a write or an append past the end). */
function growTo(sheet: Sheet, rows: number, columns: number): void {
  if (rows > sheet.rowCount) sheet.rowCount = rows;
  if (columns > sheet.columnCount) sheet.columnCount = columns;
}

/** Writes `cells` (numRows × numColumns, already checked) into the window. */
export function writeCells(w: GridWindow, cells: readonly (readonly Cell[])[]): void {
  const { sheet } = w;
  growTo(sheet, w.row + w.numRows, w.column + w.numColumns);
  while (sheet.rows.length < w.row + w.numRows) sheet.rows.push([]);
  for (let i = 0; i < w.numRows; i++) {
    const row = sheet.rows[w.row + i] as Cell[];
    while (row.length < w.column) row.push(null);
    const values = cells[i] ?? [];
    for (let j = 0; j < w.numColumns; j++) row[w.column + j] = values[j] ?? null;
    trimRow(row);
  }
  trimRows(sheet);
}

function trimRow(row: Cell[]): void {
  while (row.length > 0 && row[row.length - 1] === null) row.pop();
}

function trimRows(sheet: Sheet): void {
  while (sheet.rows.length > 0 && (sheet.rows[sheet.rows.length - 1] as Cell[]).length === 0)
    sheet.rows.pop();
}

/** Empties the window's cells. */
export function clearCells(w: GridWindow): void {
  const blank: Cell[][] = Array.from({ length: w.numRows }, () => new Array(w.numColumns).fill(null));
  writeCells(w, blank);
  w.sheet.rowCount = Math.max(w.sheet.rowCount, 1);
}

/** 1-based number of the last row with content (0 when the sheet is empty). */
export function lastRow(sheet: Sheet): number {
  return sheet.rows.length;
}

/** 1-based number of the last column with content (0 when the sheet is empty). */
export function lastColumn(sheet: Sheet): number {
  let last = 0;
  for (const row of sheet.rows) if (row.length > last) last = row.length;
  return last;
}

/** Inserts `count` empty rows before 0-based row `at`. */
export function insertRows(sheet: Sheet, at: number, count: number): void {
  sheet.rowCount += count;
  if (at >= sheet.rows.length) return;
  sheet.rows.splice(at, 0, ...Array.from({ length: count }, (): Cell[] => []));
}

/** Deletes `count` rows from 0-based row `at`; the grid shrinks with them. */
export function deleteRows(sheet: Sheet, at: number, count: number): void {
  sheet.rowCount -= count;
  sheet.rows.splice(at, count);
  trimRows(sheet);
}

/** Writes one row after the last row with content, growing the grid when it is full. */
export function appendRow(sheet: Sheet, cells: readonly Cell[]): number {
  const row = lastRow(sheet);
  writeCells({ sheet, row, column: 0, numRows: 1, numColumns: Math.max(cells.length, 1) }, [cells]);
  return row + 1;
}

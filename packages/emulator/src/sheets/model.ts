// Spreadsheets as the emulator keeps them: what Google keeps of a cell (a typed value, a number format
// that makes a number a date or a percent, the formula as written) and nothing it computes. Formulas
// are stored, never evaluated: a formula cell's value is empty ("") until something writes a value.
// A sheet's grid is an array of rows (each an array of cells, trailing empties left out), so a
// 10,000 × 10 range is 10,000 arrays, not 100,000 records; the whole spreadsheet is one entity of the
// state database (collection `sh.spreadsheets`).

/** A cell's typed value: a date is a number (days since 1899-12-30, as Sheets counts them) with a date format. */
export type CellValue = number | string | boolean;

/** How a number is shown; a date, date-time or time is a serial number with one of these. */
export type NumberFormat = 'date' | 'datetime' | 'time' | 'percent';

/** A cell with more than a plain value: a number format, or a formula (its value then is `v`, usually null). */
export interface RichCell {
  v: CellValue | null;
  /** The number format of `v` (a number). */
  fmt?: NumberFormat;
  /** The formula as written, `=` included. */
  f?: string;
}

/** null is an empty cell. */
export type Cell = null | CellValue | RichCell;

export interface Sheet {
  /** Stable id (the Sheets API's `sheetId`, the `gid` of a URL); the first sheet's is 0. */
  sheetId: number;
  title: string;
  /** Position among the spreadsheet's sheets, from 0. */
  index: number;
  /** Size of the grid (Google's default is 1000 × 26); writes past it grow it. */
  rowCount: number;
  columnCount: number;
  /** The cells, row by row from row 1; a missing row or cell is empty. */
  rows: Cell[][];
}

/** A range on one sheet, 0-based and end-exclusive, as the Sheets API's GridRange. */
export interface GridRange {
  sheetId: number;
  startRowIndex: number;
  endRowIndex: number;
  startColumnIndex: number;
  endColumnIndex: number;
}

export interface NamedRange {
  namedRangeId: string;
  name: string;
  range: GridRange;
}

export interface Spreadsheet {
  spreadsheetId: string;
  title: string;
  /** Decides how USER_ENTERED dates are read (`en_US`: month first) and shown. */
  locale: string;
  /** IANA zone: a date cell is a wall time in it. */
  timeZone: string;
  sheets: Sheet[];
  namedRanges: NamedRange[];
}

/** The `sheets` part of the state document (a type, not an interface: it is a JSON object). */
export type SheetsState = {
  spreadsheets: Spreadsheet[];
};

export const DEFAULT_ROWS = 1000;
export const DEFAULT_COLUMNS = 26;
export const DEFAULT_LOCALE = 'en_US';
export const DEFAULT_TIME_ZONE = 'America/New_York';

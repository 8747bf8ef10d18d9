// The ranges of Sheets API requests, resolved on the shared spreadsheets by the model's own A1
// rules (sheets/grid.ts), with what the API adds: reads and clears clipped to the grid, and a range
// written back in A1 as the API answers it (`Sheet1!B2:C3`).
import { formatA1 } from '../sheets/a1.ts';
import { SheetsError } from '../sheets/errors.ts';
import { type GridWindow, resolveRange } from '../sheets/grid.ts';
import type { Cell, Spreadsheet } from '../sheets/model.ts';

export type { GridWindow };

/** The window a range names (Google's 400 `Unable to parse range: …` when it names none). */
export function windowOf(ss: Spreadsheet, range: string): GridWindow {
  return resolveRange(ss, range);
}

/** A window clipped to its sheet's grid, for reads and clears; Google's 400 when it lies outside. */
export function clippedWindow(ss: Spreadsheet, range: string): GridWindow {
  const w = resolveRange(ss, range);
  const { sheet } = w;
  if (w.row >= sheet.rowCount || w.column >= sheet.columnCount) {
    throw new SheetsError(
      'INVALID_ARGUMENT',
      `Range (${range}) exceeds grid limits. Max rows: ${sheet.rowCount}, max columns: ${sheet.columnCount}`,
    );
  }
  return {
    ...w,
    numRows: Math.min(w.numRows, sheet.rowCount - w.row),
    numColumns: Math.min(w.numColumns, sheet.columnCount - w.column),
  };
}

/** `Sheet1!B2:C3` (a single cell as `Sheet1!B2`). */
export function a1Of(w: GridWindow): string {
  return formatA1(w.sheet.title, w.row + 1, w.column + 1, w.numRows, w.numColumns);
}

/** The cell at a 0-based position (null when empty). */
export function cellAt(w: Pick<GridWindow, 'sheet'>, row: number, column: number): Cell {
  return w.sheet.rows[row]?.[column] ?? null;
}

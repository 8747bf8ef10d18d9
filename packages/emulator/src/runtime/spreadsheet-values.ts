// SpreadsheetApp's range host calls: reading a range's values (typed, as shown, or formulas),
// writing them (read as a user typing them would be, as Google does for setValue and setValues),
// clearing and sorting. A range is [sheetId, row, column, numRows, numColumns], 1-based.
import type { GridWindow } from '../sheets/grid.ts';
import { clearCells, readCells, writeCells } from '../sheets/grid.ts';
import type { Cell, Spreadsheet } from '../sheets/model.ts';
import { cellValue, dateOfSerial, displayOf, formulaOf, isDateCell, toCell } from '../sheets/values.ts';
import type { SheetsMethod } from './spreadsheet-sheets.ts';
import { decodeInput, sheetOf } from './spreadsheet-sheets.ts';

function windowOf(ss: Spreadsheet, range: unknown[]): GridWindow {
  const [sheetId, row, column, numRows, numColumns] = range as number[];
  return {
    sheet: sheetOf(ss, sheetId),
    row: (row ?? 1) - 1,
    column: (column ?? 1) - 1,
    numRows: numRows ?? 1,
    numColumns: numColumns ?? 1,
  };
}

/** A cell as getValues gives it: a date as `{ $date }`, "" when empty. */
function typedValue(cell: Cell, timeZone: string): unknown {
  if (cell === null) return '';
  if (typeof cell !== 'object') return cell;
  return isDateCell(cell) ? { $date: dateOfSerial(cell.v, timeZone) } : cellValue(cell);
}

type SortKey = { column: number; ascending: boolean };

/** Sheets' order: numbers (dates too), then text (case-insensitive), then booleans; empty rows last. */
function compareCells(a: Cell, b: Cell): number {
  const rank = (v: unknown) => (typeof v === 'number' ? 0 : typeof v === 'string' ? 1 : 2);
  const [x, y] = [cellValue(a), cellValue(b)];
  if (rank(x) !== rank(y)) return rank(x) - rank(y);
  if (typeof x === 'string' && typeof y === 'string')
    return x.localeCompare(y, 'en', { sensitivity: 'base' });
  return Number(x) - Number(y);
}

function sortRows(rows: Cell[][], keys: SortKey[], firstColumn: number): Cell[][] {
  const empty = (c: Cell) => c === null || cellValue(c) === '';
  return rows
    .map((row, i) => ({ row, i }))
    .sort((p, q) => {
      for (const { column, ascending } of keys) {
        const [a, b] = [p.row[column - firstColumn] ?? null, q.row[column - firstColumn] ?? null];
        if (empty(a) !== empty(b)) return empty(a) ? 1 : -1;
        const order = empty(a) ? 0 : compareCells(a, b);
        if (order !== 0) return ascending ? order : -order;
      }
      return p.i - q.i;
    })
    .map(({ row }) => row);
}

export const rangeMethods: Record<string, SheetsMethod> = {
  read(ss, [mode, ...range]) {
    const cells = readCells(windowOf(ss, range));
    if (mode === 'display') return cells.map((row) => row.map((c) => displayOf(c, ss.locale)));
    if (mode === 'formula') return cells.map((row) => row.map(formulaOf));
    // Dates are listed apart (by their index in the flattened range), so the guest turns just those
    // into Date objects instead of walking every cell.
    const dates: number[] = [];
    const values = cells.map((row, i) =>
      row.map((c, j) => {
        const v = typedValue(c, ss.timeZone);
        if (typeof v === 'object') {
          dates.push(i * row.length + j);
          return (v as { $date: number }).$date;
        }
        return v;
      }),
    );
    return { values, dates };
  },
  write(ss, [values, ...range], changed) {
    const cells = (values as unknown[][]).map((row) =>
      row.map((v) => toCell(decodeInput(v), 'USER_ENTERED', ss)),
    );
    writeCells(windowOf(ss, range), cells);
    changed();
    return null;
  },
  clear(ss, range, changed) {
    clearCells(windowOf(ss, range));
    changed();
    return null;
  },
  sort(ss, [keys, ...range], changed) {
    const w = windowOf(ss, range);
    writeCells(w, sortRows(readCells(w), keys as SortKey[], w.column + 1));
    changed();
    return null;
  },
};

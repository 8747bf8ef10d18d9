// A1 notation as Sheets and SpreadsheetApp read it: `A1`, `A1:B2`, `Sheet1!A1:B2`, `'My Sheet'!A:A`,
// whole columns (`A:C`) and rows (`2:5`), open ends (`A5:B`), a bare sheet name (`Sheet1`, the whole
// sheet) and named ranges (resolved by the caller: a name cannot be told from a sheet name here).

/** A parsed range: 1-based, inclusive; an absent bound is open (to the edge of the sheet). */
export interface A1Range {
  sheetName?: string;
  startRow?: number;
  endRow?: number;
  startColumn?: number;
  endColumn?: number;
}

/** Largest column Sheets has (ZZZ is past it; 18,278 is ZZZ itself, kept as the parse limit). */
const MAX_COLUMN = 18_278;
const MAX_ROW = 10_000_000;

/** 1 → A, 27 → AA. */
export function columnLetters(column: number): string {
  let out = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
}

function columnNumber(letters: string): number {
  let n = 0;
  for (const c of letters.toUpperCase()) n = n * 26 + (c.charCodeAt(0) - 64);
  return n;
}

interface Corner {
  row?: number;
  column?: number;
}

/** `B3`, `B`, `3` (with optional `$`), or undefined when it is none of those. */
function parseCorner(text: string): Corner | undefined {
  const m = /^\$?([A-Za-z]{0,3})\$?(\d*)$/.exec(text);
  if (m === null || (m[1] === '' && m[2] === '')) return undefined;
  const corner: Corner = {};
  if (m[1] !== '') corner.column = columnNumber(m[1] ?? '');
  if (m[2] !== '') corner.row = Number(m[2]);
  if (
    (corner.row !== undefined && (corner.row < 1 || corner.row > MAX_ROW)) ||
    (corner.column ?? 1) > MAX_COLUMN
  )
    return undefined;
  return corner;
}

/** Splits `'It''s'!A1` into the sheet name and the cells part; the name is undefined without `!`. */
function splitSheet(text: string): { sheetName?: string; cells: string } | undefined {
  if (text.startsWith("'")) {
    let i = 1;
    let name = '';
    for (; i < text.length; i++) {
      if (text[i] !== "'") name += text[i];
      else if (text[i + 1] === "'") {
        name += "'";
        i++;
      } else break;
    }
    if (i >= text.length) return undefined;
    const rest = text.slice(i + 1);
    if (rest === '') return { sheetName: name, cells: '' };
    return rest.startsWith('!') ? { sheetName: name, cells: rest.slice(1) } : undefined;
  }
  const bang = text.lastIndexOf('!');
  return bang < 0 ? { cells: text } : { sheetName: text.slice(0, bang), cells: text.slice(bang + 1) };
}

/**
 * Parses A1 notation; undefined when it is not A1 (it may still be a named range or a sheet name).
 * A range's corners come out ordered (`B2:A1` is `A1:B2`, as Sheets reads it).
 */
export function parseA1(text: string): A1Range | undefined {
  const split = splitSheet(text.trim());
  if (split === undefined) return undefined;
  const { sheetName, cells } = split;
  const base: A1Range = sheetName === undefined ? {} : { sheetName };
  if (cells === '') return sheetName === undefined ? undefined : base;
  const [from, to, extra] = cells.split(':');
  if (extra !== undefined || from === undefined) return undefined;
  const a = parseCorner(from);
  if (a === undefined) return undefined;
  if (to === undefined) {
    // A single reference must be a cell: `A` or `3` alone is not a range.
    if (a.row === undefined || a.column === undefined) return undefined;
    return { ...base, startRow: a.row, endRow: a.row, startColumn: a.column, endColumn: a.column };
  }
  const b = parseCorner(to);
  if (b === undefined) return undefined;
  // `A:3` mixes a column with a row: not a range.
  if (
    (a.column === undefined && b.column !== undefined) ||
    (a.row === undefined && b.row !== undefined && a.column === undefined)
  )
    return undefined;
  const range: A1Range = { ...base };
  const rows = ordered(a.row, b.row);
  const cols = ordered(a.column, b.column);
  if (rows[0] !== undefined) range.startRow = rows[0];
  if (rows[1] !== undefined) range.endRow = rows[1];
  if (cols[0] !== undefined) range.startColumn = cols[0];
  if (cols[1] !== undefined) range.endColumn = cols[1];
  return range;
}

function ordered(a: number | undefined, b: number | undefined): [number | undefined, number | undefined] {
  if (a !== undefined && b !== undefined && b < a) return [b, a];
  return [a, b];
}

/** Quotes a sheet name where A1 needs it (`'My Sheet'`, `'It''s'`). */
function quoteSheetName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && parseCorner(name) === undefined
    ? name
    : `'${name.replaceAll("'", "''")}'`;
}

/** `Sheet1!A1:B2` (a single cell as `A1`), for a bounded range of 1-based rows and columns. */
export function formatA1(
  sheetName: string | undefined,
  row: number,
  column: number,
  numRows: number,
  numColumns: number,
): string {
  const start = `${columnLetters(column)}${row}`;
  const end = `${columnLetters(column + numColumns - 1)}${row + numRows - 1}`;
  const cells = numRows === 1 && numColumns === 1 ? start : `${start}:${end}`;
  return sheetName === undefined ? cells : `${quoteSheetName(sheetName)}!${cells}`;
}

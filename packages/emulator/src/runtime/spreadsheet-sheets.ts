// SpreadsheetApp's sheet-level host calls: adding, removing and renaming sheets, their sizes, and
// the row operations (appendRow, insertRows, deleteRows). Arguments after the spreadsheet id.

import { SheetsError } from '../sheets/errors.ts';
import { appendRow, deleteRows, insertRows, lastColumn, lastRow, sheetById } from '../sheets/grid.ts';
import type { Sheet, Spreadsheet } from '../sheets/model.ts';
import { newSheet } from '../sheets/store.ts';
import { type Input, toCell } from '../sheets/values.ts';

/** What the guest knows of a sheet: it asks again for anything that may have changed. */
export function sheetInfo(sheet: Sheet) {
  return { sheetId: sheet.sheetId, name: sheet.title, index: sheet.index };
}

/** The sheet `sheetId` of `ss`, or Google's error for a sheet deleted meanwhile. */
export function sheetOf(ss: Spreadsheet, sheetId: unknown): Sheet {
  const sheet = sheetById(ss, Number(sheetId));
  if (sheet === undefined) throw new SheetsError('NOT_FOUND', 'The sheet was deleted.');
  return sheet;
}

/** A value from the guest: JSON, with a Date as `{ $date: epochMs }`. */
export function decodeInput(value: unknown): Input {
  if (value === null || typeof value !== 'object') return value as Input;
  const date = (value as { $date?: unknown }).$date;
  if (typeof date === 'number') return new Date(date);
  // Another object is written as its text, as Google writes it (an array joined with commas).
  return Array.isArray(value) ? value.join(',') : '[object Object]';
}

export type SheetsMethod = (ss: Spreadsheet, args: unknown[], changed: () => void) => unknown;

const taken = (name: string) =>
  new SheetsError(
    'INVALID_ARGUMENT',
    `A sheet with the name "${name}" already exists. Please enter another name.`,
  );

/** Sheets in position order get indexes 0, 1, 2, … again. */
function reindex(ss: Spreadsheet): void {
  [...ss.sheets]
    .sort((a, b) => a.index - b.index)
    .forEach((s, i) => {
      s.index = i;
    });
}

export const sheetMethods: Record<string, SheetsMethod> = {
  sheet(ss, [sheetId]) {
    const sheet = sheetOf(ss, sheetId);
    return {
      ...sheetInfo(sheet),
      maxRows: sheet.rowCount,
      maxColumns: sheet.columnCount,
      lastRow: lastRow(sheet),
      lastColumn: lastColumn(sheet),
    };
  },
  insertSheet(ss, [name, index], changed) {
    let title = typeof name === 'string' ? name : '';
    if (title === '')
      for (let n = ss.sheets.length + 1; title === '' || ss.sheets.some((s) => s.title === title); n++)
        title = `Sheet${n}`;
    if (ss.sheets.some((s) => s.title === title)) throw taken(title);
    const at = typeof index === 'number' ? Math.max(0, Math.min(index, ss.sheets.length)) : ss.sheets.length;
    for (const s of ss.sheets) if (s.index >= at) s.index++;
    const sheet = newSheet(ss, { title, index: at });
    ss.sheets.push(sheet);
    changed();
    return sheetInfo(sheet);
  },
  deleteSheet(ss, [sheetId], changed) {
    const sheet = sheetOf(ss, sheetId);
    if (ss.sheets.length === 1)
      throw new SheetsError('INVALID_ARGUMENT', "You can't remove all the sheets in a document.");
    ss.sheets.splice(ss.sheets.indexOf(sheet), 1);
    reindex(ss);
    changed();
    return null;
  },
  renameSheet(ss, [sheetId, name], changed) {
    const sheet = sheetOf(ss, sheetId);
    const title = String(name);
    if (ss.sheets.some((s) => s !== sheet && s.title === title)) throw taken(title);
    sheet.title = title;
    changed();
    return null;
  },
  appendRow(ss, [sheetId, values], changed) {
    const sheet = sheetOf(ss, sheetId);
    appendRow(
      sheet,
      (values as unknown[]).map((v) => toCell(decodeInput(v), 'USER_ENTERED', ss)),
    );
    changed();
    return null;
  },
  insertRows(ss, [sheetId, before, count], changed) {
    const sheet = sheetOf(ss, sheetId);
    const at = Number(before);
    if (at < 1 || at > sheet.rowCount + 1)
      throw new SheetsError('INVALID_ARGUMENT', 'Those rows are out of bounds.');
    insertRows(sheet, at - 1, Number(count));
    changed();
    return null;
  },
  deleteRows(ss, [sheetId, start, count], changed) {
    const sheet = sheetOf(ss, sheetId);
    const [from, n] = [Number(start), Number(count)];
    if (from < 1 || from + n - 1 > sheet.rowCount)
      throw new SheetsError('INVALID_ARGUMENT', 'Those rows are out of bounds.');
    if (n >= sheet.rowCount)
      throw new SheetsError('INVALID_ARGUMENT', 'Sorry, it is not possible to delete all non-frozen rows.');
    deleteRows(sheet, from - 1, n);
    changed();
    return null;
  },
};

import { describe, expect, it } from 'vitest';
import { SheetsError } from '../src/sheets/errors.ts';
import {
  appendRow,
  clearCells,
  deleteRows,
  insertRows,
  lastColumn,
  lastRow,
  readCells,
  resolveRange,
  sheetById,
  writeCells,
} from '../src/sheets/grid.ts';
import { createSpreadsheet, newSheet, SpreadsheetStore } from '../src/sheets/store.ts';
import {
  cellValue,
  dateOfSerial,
  displayOf,
  formulaOf,
  isDateCell,
  serialOfDate,
  toCell,
} from '../src/sheets/values.ts';

const us = { locale: 'en_US', timeZone: 'America/New_York' };
const uk = { locale: 'en_GB', timeZone: 'Europe/London' };

describe('cell values', () => {
  it('USER_ENTERED types numbers, booleans, percents and dates; RAW keeps strings', () => {
    expect(toCell('1,234.5', 'USER_ENTERED', us)).toBe(1234.5);
    expect(toCell('true', 'USER_ENTERED', us)).toBe(true);
    expect(toCell('50%', 'USER_ENTERED', us)).toEqual({ v: 0.5, fmt: 'percent' });
    expect(toCell("'0042", 'USER_ENTERED', us)).toBe('0042');
    expect(toCell('=SUM(A1:A3)', 'USER_ENTERED', us)).toEqual({ v: null, f: '=SUM(A1:A3)' });
    expect(toCell('3/14/2025', 'USER_ENTERED', us)).toEqual({ v: 45730, fmt: 'date' });
    expect(toCell('14/3/2025', 'USER_ENTERED', uk)).toEqual({ v: 45730, fmt: 'date' });
    expect(toCell('2025-03-14 12:00', 'USER_ENTERED', us)).toEqual({ v: 45730.5, fmt: 'datetime' });
    expect(toCell('13/14/2025', 'USER_ENTERED', us)).toBe('13/14/2025');
    expect(toCell('hello', 'USER_ENTERED', us)).toBe('hello');
    expect(toCell('=SUM(A1:A3)', 'RAW', us)).toBe('=SUM(A1:A3)');
    expect(toCell('42', 'RAW', us)).toBe('42');
    expect(toCell('', 'RAW', us)).toBeNull();
  });

  it('a formula is stored as written and reads as an empty value (never evaluated)', () => {
    const cell = toCell('=1+1', 'USER_ENTERED', us);
    expect(cellValue(cell)).toBe('');
    expect(formulaOf(cell)).toBe('=1+1');
    expect(displayOf(cell, 'en_US')).toBe('');
  });

  it('shows values as Sheets does', () => {
    expect(displayOf(toCell('3/14/2025', 'USER_ENTERED', us), 'en_US')).toBe('3/14/2025');
    expect(displayOf(toCell('14/3/2025', 'USER_ENTERED', uk), 'en_GB')).toBe('14/3/2025');
    expect(displayOf(toCell('50%', 'USER_ENTERED', us), 'en_US')).toBe('50%');
    expect(displayOf(true, 'en_US')).toBe('TRUE');
    expect(displayOf(0.1 + 0.2, 'en_US')).toBe('0.3');
  });

  it('a Date is a date-time in the spreadsheet zone, and comes back as the same instant', () => {
    const when = new Date('2025-07-01T15:30:00Z');
    const cell = toCell(when, 'USER_ENTERED', us) as { v: number };
    expect(displayOf(cell, 'en_US')).toBe('7/1/2025 11:30:00');
    expect(dateOfSerial(cell.v, us.timeZone)).toBe(when.getTime());
  });
});

describe('spreadsheet store and grid', () => {
  it('creates with Sheet1 (id 0) and resolves ranges, named ranges and sheet names', () => {
    const store = new SpreadsheetStore();
    const ss = createSpreadsheet(store, {
      title: 'Budget',
      sheets: [{ title: 'Data' }, { title: 'My Sheet' }],
    });
    expect(ss.spreadsheetId).toMatch(/^[A-Za-z0-9_-]{44}$/);
    expect(ss.sheets.map((s) => [s.title, s.index])).toEqual([
      ['Data', 0],
      ['My Sheet', 1],
    ]);
    expect(ss.sheets[0]?.sheetId).toBe(0);
    expect(createSpreadsheet(store, { title: 'x' }).sheets[0]?.title).toBe('Sheet1');
    ss.namedRanges.push({
      namedRangeId: 'n1',
      name: 'Totals',
      range: {
        sheetId: ss.sheets[1]?.sheetId ?? -1,
        startRowIndex: 1,
        endRowIndex: 3,
        startColumnIndex: 0,
        endColumnIndex: 2,
      },
    });
    expect(resolveRange(ss, 'Totals')).toMatchObject({ row: 1, column: 0, numRows: 2, numColumns: 2 });
    expect(resolveRange(ss, "'My Sheet'!B2:C3").sheet.title).toBe('My Sheet');
    expect(resolveRange(ss, 'A1:B2').sheet.title).toBe('Data');
    expect(resolveRange(ss, 'Data')).toMatchObject({ row: 0, column: 0, numRows: 1000, numColumns: 26 });
    expect(() => resolveRange(ss, 'Nope!A1')).toThrow(
      new SheetsError('INVALID_ARGUMENT', 'Unable to parse range: Nope!A1'),
    );
    expect(() => createSpreadsheet(store, { id: ss.spreadsheetId, title: 'again' })).toThrow(SheetsError);
  });

  it('writes and reads windows, keeps rows trimmed, appends after the last row', () => {
    const store = new SpreadsheetStore();
    const ss = createSpreadsheet(store, { title: 'Grid' });
    const w = resolveRange(ss, 'B2:C3');
    writeCells(w, [
      [1, 'a'],
      [2, null],
    ]);
    expect(readCells(resolveRange(ss, 'A1:C3'))).toEqual([
      [null, null, null],
      [null, 1, 'a'],
      [null, 2, null],
    ]);
    const sheet = w.sheet;
    expect([lastRow(sheet), lastColumn(sheet)]).toEqual([3, 3]);
    expect(appendRow(sheet, ['x', 'y', 'z', 'w'])).toBe(4);
    expect([lastRow(sheet), lastColumn(sheet)]).toEqual([4, 4]);
    writeCells(resolveRange(ss, 'A4:D4'), [[null, null, null, null]]);
    expect(lastRow(sheet)).toBe(3);
    writeCells(resolveRange(ss, 'A2000'), [[true]]);
    expect(sheet.rowCount).toBe(2000);
  });
});

describe('row operations', () => {
  it('inserts, deletes and clears rows as Sheets does, and a new sheet gets a fresh id', () => {
    const store = new SpreadsheetStore();
    const ss = createSpreadsheet(store, { title: 'Rows' });
    const w = resolveRange(ss, 'A1:A4');
    writeCells(w, [[1], [2], [3], [4]]);
    insertRows(w.sheet, 1, 2);
    expect(readCells(resolveRange(ss, 'A1:A6')).flat()).toEqual([1, null, null, 2, 3, 4]);
    expect(w.sheet.rowCount).toBe(1002);
    deleteRows(w.sheet, 0, 3);
    expect(readCells(resolveRange(ss, 'A1:A3')).flat()).toEqual([2, 3, 4]);
    clearCells(resolveRange(ss, 'A2:A3'));
    expect(lastRow(w.sheet)).toBe(1);
    const added = newSheet(ss, { title: 'Two' });
    ss.sheets.push(added);
    expect(added.sheetId).toBeGreaterThan(0);
    expect(sheetById(ss, added.sheetId)?.title).toBe('Two');
    expect(resolveRange(ss, 'Two!B2').sheet).toBe(added);
  });

  it('a date-time cell round-trips through its serial number', () => {
    const when = Date.UTC(2024, 1, 29, 23, 0);
    const serial = serialOfDate(when, 'Asia/Tokyo');
    expect(isDateCell({ v: serial, fmt: 'datetime' })).toBe(true);
    expect(isDateCell({ v: 0.5, fmt: 'percent' })).toBe(false);
    expect(dateOfSerial(serial, 'Asia/Tokyo')).toBe(when);
  });
});

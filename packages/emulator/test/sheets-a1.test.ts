import { describe, expect, it } from 'vitest';
import { columnLetters, formatA1, parseA1 } from '../src/sheets/a1.ts';

describe('A1 notation', () => {
  it('reads cells, ranges, sheet names and open ends', () => {
    expect(parseA1('A1')).toEqual({ startRow: 1, endRow: 1, startColumn: 1, endColumn: 1 });
    expect(parseA1('B2:$C$10')).toEqual({ startRow: 2, endRow: 10, startColumn: 2, endColumn: 3 });
    expect(parseA1('C10:B2')).toEqual({ startRow: 2, endRow: 10, startColumn: 2, endColumn: 3 });
    expect(parseA1('Sheet1!A1:B2')).toEqual({
      sheetName: 'Sheet1',
      startRow: 1,
      endRow: 2,
      startColumn: 1,
      endColumn: 2,
    });
    expect(parseA1("'My Sheet'!A:A")).toEqual({ sheetName: 'My Sheet', startColumn: 1, endColumn: 1 });
    expect(parseA1("'It''s'!2:5")).toEqual({ sheetName: "It's", startRow: 2, endRow: 5 });
    expect(parseA1('A5:B')).toEqual({ startRow: 5, startColumn: 1, endColumn: 2 });
    expect(parseA1('aa10')).toEqual({ startRow: 10, endRow: 10, startColumn: 27, endColumn: 27 });
    expect(parseA1("'Data'")).toEqual({ sheetName: 'Data' });
  });

  it('refuses what is not A1 (a named range or a sheet name is resolved by the caller)', () => {
    for (const text of ['', 'A', '3', 'A1:B2:C3', 'A0', 'Totals', "'open!A1", 'A1:', 'ABCD1', '1:A'])
      expect(parseA1(text), text).toBeUndefined();
  });

  it('writes columns and ranges back', () => {
    expect([1, 26, 27, 52, 703].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'AAA']);
    expect(formatA1('Sheet1', 1, 1, 3, 2)).toBe('Sheet1!A1:B3');
    expect(formatA1('My Sheet', 2, 3, 1, 1)).toBe("'My Sheet'!C2");
    expect(formatA1(undefined, 1, 1, 1, 1)).toBe('A1');
  });
});

import { eachLike, integer, like, regex } from './matchers.ts';

/** The spreadsheet the consumer tests read and write; the provider states create it with this ID. */
export const SPREADSHEET_ID = '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms';

/** A sheet's properties, by shape: the fields a caller reads to address a sheet. */
const sheet = {
  properties: {
    sheetId: integer(0),
    title: like('Sheet1'),
    index: integer(0),
    gridProperties: { rowCount: integer(1000), columnCount: integer(26) },
  },
};

/** A spreadsheet as create and get return it. */
export function spreadsheet(title: string) {
  return {
    spreadsheetId: like(SPREADSHEET_ID),
    properties: { title: like(title), locale: like('en_US'), timeZone: like('Etc/GMT') },
    sheets: eachLike(sheet, 1),
    spreadsheetUrl: regex(
      '^https://docs\\.google\\.com/spreadsheets/d/[A-Za-z0-9_-]+/edit',
      `https://docs.google.com/spreadsheets/d/${SPREADSHEET_ID}/edit`,
    ),
  };
}

/** What a values write answers: the range written and the counts, by shape. */
export function updated(range: string, rows: number, columns: number) {
  return {
    spreadsheetId: like(SPREADSHEET_ID),
    updatedRange: like(range),
    updatedRows: integer(rows),
    updatedColumns: integer(columns),
    updatedCells: integer(rows * columns),
  };
}

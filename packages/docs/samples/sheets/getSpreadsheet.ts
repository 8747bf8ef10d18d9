import { createSheetsClient } from '@specbound/sheets';

const sheets = createSheetsClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});

// Properties, sheets and named ranges; no cell data.
const spreadsheet = await sheets.spreadsheets.get({
  spreadsheetId:
    '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms',
  fields: 'properties.title,sheets.properties',
});
for (const sheet of spreadsheet.sheets ?? []) {
  const { sheetId, title, gridProperties } =
    sheet.properties ?? {};
  console.log(sheetId, title, gridProperties?.rowCount);
}

import { createSheetsClient } from '@specbound/sheets';

const sheets = createSheetsClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});

// Clears values only; formatting stays.
const { clearedRange } =
  await sheets.spreadsheets.values.clear({
    spreadsheetId:
      '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms',
    range: 'Invoices!A2:C',
  });
console.log('cleared', clearedRange);

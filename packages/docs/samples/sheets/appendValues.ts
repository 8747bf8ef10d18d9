import { createSheetsClient } from '@specbound/sheets';

const sheets = createSheetsClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});

// Written after the last row of the table in Invoices;
// never retried, so a row is never appended twice.
const { tableRange, updates } =
  await sheets.spreadsheets.values.append({
    spreadsheetId:
      '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms',
    range: 'Invoices',
    valueInputOption: 'RAW',
    insertDataOption: 'INSERT_ROWS',
    values: [['Gadget', 5, false]],
  });
console.log(tableRange, '→', updates?.updatedRange);

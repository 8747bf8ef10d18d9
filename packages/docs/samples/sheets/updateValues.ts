import { createSheetsClient } from '@specbound/sheets';

const sheets = createSheetsClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});

// USER_ENTERED parses as the Sheets UI would: '3' is a
// number, 'TRUE' a boolean. RAW would keep strings.
const result = await sheets.spreadsheets.values.update({
  spreadsheetId:
    '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms',
  range: 'Invoices!A1:C2',
  valueInputOption: 'USER_ENTERED',
  values: [
    ['Item', 'Qty', 'Paid'],
    ['Widget', '3', 'TRUE'],
  ],
});
console.log(result.updatedRange, result.updatedCells);

import { createSheetsClient } from '@specbound/sheets';

const sheets = createSheetsClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});

const { spreadsheetId = '' } = await sheets.spreadsheets.create({ properties: { title: 'Invoices' } });
await sheets.spreadsheets.values.append({
  spreadsheetId,
  range: 'Sheet1',
  valueInputOption: 'USER_ENTERED',
  values: [['Widget', '3', 'TRUE']],
});
const { values } = await sheets.spreadsheets.values.get({ spreadsheetId, range: 'Sheet1!A1:C' });
console.log(values);

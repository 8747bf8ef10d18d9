import { createSheetsClient } from '@specbound/sheets';

const sheets = createSheetsClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});

// Only properties and sheets are read; everything else
// (the ID, the URL, the sheets' IDs) is assigned.
const created = await sheets.spreadsheets.create({
  properties: {
    title: 'Invoices',
    timeZone: 'Europe/Paris',
  },
  sheets: [
    { properties: { title: 'Invoices' } },
    {
      properties: {
        title: 'Totals',
        gridProperties: { frozenRowCount: 1 },
      },
    },
  ],
});
console.log(created.spreadsheetId, created.spreadsheetUrl);

import {
  BadRequestError,
  createSheetsClient,
} from '@specbound/sheets';

const sheets = createSheetsClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});

try {
  // UNFORMATTED_VALUE: numbers and booleans come typed.
  const { values = [] } =
    await sheets.spreadsheets.values.get({
      spreadsheetId:
        '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms',
      range: "'Invoices'!A2:C",
      valueRenderOption: 'UNFORMATTED_VALUE',
    });
  for (const [item, qty, paid] of values)
    console.log(item, qty, paid);
} catch (error) {
  // "Unable to parse range: …": no such sheet or name.
  if (!(error instanceof BadRequestError)) throw error;
  console.error(error.body?.error.message);
}

import { BadRequestError } from '@specbound/sheets';
import { describe, expect, it } from 'vitest';
import { googleError } from '../../support/apps-script.ts';
import { bearerHeader, sheetsAt } from '../../support/clients.ts';
import { like } from '../../support/matchers.ts';
import { createPact } from '../../support/pact.ts';
import { SPREADSHEET_ID, updated } from '../../support/sheets.ts';

const pact = createPact('sheets-api', import.meta.url);
const auth = { Authorization: bearerHeader };
const VALUES = `/v4/spreadsheets/${SPREADSHEET_ID}/values`;
// The path as the client sends it: the range percent-encoded as a path segment, `:` as `%3A`
// (which keeps a range's colon apart from the `:append` / `:clear` verbs).
// The rows the provider state writes (RAW), and the same rows as UNFORMATTED_VALUE reads them.
const ROWS = [
  ['Item', 'Qty', 'Paid'],
  ['Widget', 3, true],
];
const withValues = { spreadsheetId: SPREADSHEET_ID, title: 'Invoices', values: ROWS };

describe('Sheets values', () => {
  it('getValues: reads a range typed (UNFORMATTED_VALUE)', async () => {
    await pact
      .addInteraction()
      .given('a spreadsheet has values', withValues)
      .uponReceiving('a request for the unformatted values of a range')
      .withRequest('GET', `${VALUES}/Sheet1!A1%3AC2`, (builder) =>
        builder.headers(auth).query({ valueRenderOption: 'UNFORMATTED_VALUE' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ range: like('Sheet1!A1:C2'), majorDimension: 'ROWS', values: ROWS }),
      )
      .executeTest(async (mockserver) => {
        const read = await sheetsAt(mockserver.url).spreadsheets.values.get({
          spreadsheetId: SPREADSHEET_ID,
          range: 'Sheet1!A1:C2',
          valueRenderOption: 'UNFORMATTED_VALUE',
        });
        expect(read.values).toEqual(ROWS);
      });
  });

  it('getValues: a range naming no sheet is a BadRequestError “Unable to parse range”', async () => {
    await pact
      .addInteraction()
      .given('a spreadsheet exists', { spreadsheetId: SPREADSHEET_ID, title: 'Invoices' })
      .uponReceiving('a request for the values of a range on a sheet that does not exist')
      .withRequest('GET', `${VALUES}/Nope!A1`, (builder) => builder.headers(auth))
      .willRespondWith(400, (builder) =>
        builder.jsonBody(googleError(400, 'INVALID_ARGUMENT', 'Unable to parse range: Nope!A1')),
      )
      .executeTest(async (mockserver) => {
        const error = await sheetsAt(mockserver.url)
          .spreadsheets.values.get({ spreadsheetId: SPREADSHEET_ID, range: 'Nope!A1' })
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(BadRequestError);
        expect((error as BadRequestError).body?.error.status).toBe('INVALID_ARGUMENT');
      });
  });

  it('updateValues: writes rows parsed as typed into the UI (USER_ENTERED)', async () => {
    const values = [
      ['Item', 'Qty'],
      ['Widget', '3'],
    ];
    await pact
      .addInteraction()
      .given('a spreadsheet exists', { spreadsheetId: SPREADSHEET_ID, title: 'Invoices' })
      .uponReceiving('a request to write two rows into a range')
      .withRequest('PUT', `${VALUES}/Sheet1!A1%3AB2`, (builder) =>
        builder.headers(auth).query({ valueInputOption: 'USER_ENTERED' }).jsonBody({ values }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(updated('Sheet1!A1:B2', 2, 2)))
      .executeTest(async (mockserver) => {
        const result = await sheetsAt(mockserver.url).spreadsheets.values.update({
          spreadsheetId: SPREADSHEET_ID,
          range: 'Sheet1!A1:B2',
          valueInputOption: 'USER_ENTERED',
          values,
        });
        expect(result.updatedCells).toBe(4);
      });
  });

  it('appendValues: appends a row after the table', async () => {
    const values = [['Gadget', 5, false]];
    await pact
      .addInteraction()
      .given('a spreadsheet has values', withValues)
      .uponReceiving('a request to append a row after the table of a sheet')
      .withRequest('POST', `${VALUES}/Sheet1:append`, (builder) =>
        builder.headers(auth).query({ valueInputOption: 'RAW' }).jsonBody({ values }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          spreadsheetId: like(SPREADSHEET_ID),
          tableRange: like('Sheet1!A1:C2'),
          updates: updated('Sheet1!A3:C3', 1, 3),
        }),
      )
      .executeTest(async (mockserver) => {
        const result = await sheetsAt(mockserver.url).spreadsheets.values.append({
          spreadsheetId: SPREADSHEET_ID,
          range: 'Sheet1',
          valueInputOption: 'RAW',
          values,
        });
        expect(result.tableRange).toBe('Sheet1!A1:C2');
        expect(result.updates?.updatedRange).toBe('Sheet1!A3:C3');
      });
  });

  it('clearValues: clears a range', async () => {
    await pact
      .addInteraction()
      .given('a spreadsheet has values', withValues)
      .uponReceiving('a request to clear a range')
      .withRequest('POST', `${VALUES}/Sheet1!A1%3AC2:clear`, (builder) => builder.headers(auth).jsonBody({}))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ spreadsheetId: like(SPREADSHEET_ID), clearedRange: like('Sheet1!A1:C2') }),
      )
      .executeTest(async (mockserver) => {
        const result = await sheetsAt(mockserver.url).spreadsheets.values.clear({
          spreadsheetId: SPREADSHEET_ID,
          range: 'Sheet1!A1:C2',
        });
        expect(result.clearedRange).toBe('Sheet1!A1:C2');
      });
  });
});

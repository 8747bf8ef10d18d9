import { NotFoundError } from '@specbound/sheets';
import { describe, expect, it } from 'vitest';
import { googleError } from '../../support/apps-script.ts';
import { bearerHeader, sheetsAt } from '../../support/clients.ts';
import { like } from '../../support/matchers.ts';
import { createPact } from '../../support/pact.ts';
import { SPREADSHEET_ID, spreadsheet } from '../../support/sheets.ts';

const pact = createPact('sheets-api', import.meta.url);
const auth = { Authorization: bearerHeader };

describe('Sheets spreadsheets', () => {
  it('createSpreadsheet: creates a spreadsheet with a title and gets its ID and first sheet', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a request to create a spreadsheet')
      .withRequest('POST', '/v4/spreadsheets', (builder) =>
        builder.headers(auth).jsonBody({ properties: { title: like('Invoices') } }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(spreadsheet('Invoices')))
      .executeTest(async (mockserver) => {
        const created = await sheetsAt(mockserver.url).spreadsheets.create({
          properties: { title: 'Invoices' },
        });
        expect(created.spreadsheetId).toBe(SPREADSHEET_ID);
        expect(created.properties?.title).toBe('Invoices');
        expect(created.sheets?.[0]?.properties?.title).toBe('Sheet1');
      });
  });

  it('getSpreadsheet: reads the properties and sheets of a spreadsheet', async () => {
    await pact
      .addInteraction()
      .given('a spreadsheet exists', { spreadsheetId: SPREADSHEET_ID, title: 'Invoices' })
      .uponReceiving('a request to get a spreadsheet')
      .withRequest('GET', `/v4/spreadsheets/${SPREADSHEET_ID}`, (builder) => builder.headers(auth))
      .willRespondWith(200, (builder) => builder.jsonBody(spreadsheet('Invoices')))
      .executeTest(async (mockserver) => {
        const found = await sheetsAt(mockserver.url).spreadsheets.get({ spreadsheetId: SPREADSHEET_ID });
        expect(found.properties?.title).toBe('Invoices');
        expect(found.sheets?.map((one) => one.properties?.sheetId)).toEqual([0]);
      });
  });

  it('getSpreadsheet: an unknown spreadsheet is a NotFoundError with Google’s message', async () => {
    const missing = '1NoSuchSpreadsheet000000000000000000000000000';
    await pact
      .addInteraction()
      .uponReceiving('a request to get a spreadsheet that does not exist')
      .withRequest('GET', `/v4/spreadsheets/${missing}`, (builder) => builder.headers(auth))
      .willRespondWith(404, (builder) =>
        builder.jsonBody(googleError(404, 'NOT_FOUND', 'Requested entity was not found.')),
      )
      .executeTest(async (mockserver) => {
        const error = await sheetsAt(mockserver.url)
          .spreadsheets.get({ spreadsheetId: missing })
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(NotFoundError);
        expect((error as NotFoundError).body?.error.status).toBe('NOT_FOUND');
      });
  });
});

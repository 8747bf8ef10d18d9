import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  createSheetsClient,
  createSheetsCore,
  getValues,
  NotFoundError,
  ValidationError,
} from '../src/index.js';
import { BASE, fakeFetch, googleError, json, only, SPREADSHEET, TOKEN } from './fake-fetch.js';

const sheet = { properties: { sheetId: 0, title: 'Sheet1', index: 0 } };
const created = {
  spreadsheetId: SPREADSHEET,
  properties: { title: 'Invoices', locale: 'en_US', timeZone: 'Etc/GMT' },
  sheets: [sheet],
  spreadsheetUrl: `https://docs.google.com/spreadsheets/d/${SPREADSHEET}/edit`,
};

function client(respond: Parameters<typeof fakeFetch>[0] = () => json(200, {})) {
  const fake = fakeFetch(respond);
  return { fake, sheets: createSheetsClient({ auth: TOKEN, fetch: fake.fetch }) };
}

describe('spreadsheets', () => {
  it('create POSTs the properties and sheets and returns the new spreadsheet', async () => {
    const { fake, sheets } = client(() => json(200, created));
    const result = await sheets.spreadsheets.create({
      properties: { title: 'Invoices' },
      sheets: [{ properties: { title: 'Sheet1' } }],
      fields: 'spreadsheetId',
    });
    expect(result).toEqual(created);
    const call = only(fake.calls);
    expect(call.method).toBe('POST');
    expect(call.url.href).toBe(`${BASE}/v4/spreadsheets?fields=spreadsheetId`);
    expect(call.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(call.body).toEqual({
      properties: { title: 'Invoices' },
      sheets: [{ properties: { title: 'Sheet1' } }],
    });
  });

  it('create is not retried: a second attempt would make a second spreadsheet', async () => {
    const { fake, sheets } = client(() =>
      googleError(503, 'UNAVAILABLE', 'The service is currently unavailable.'),
    );
    await expect(sheets.spreadsheets.create({ properties: { title: 'x' } })).rejects.toThrow('503');
    expect(fake.calls).toHaveLength(1);
  });

  it('get sends repeated ranges and includeGridData in the query', async () => {
    const { fake, sheets } = client(() => json(200, created));
    await sheets.spreadsheets.get({
      spreadsheetId: SPREADSHEET,
      ranges: ['Sheet1!A1:B2', 'Totals'],
      includeGridData: false,
    });
    const call = only(fake.calls);
    expect(call.method).toBe('GET');
    expect(call.url.pathname).toBe(`/v4/spreadsheets/${SPREADSHEET}`);
    expect(call.url.searchParams.getAll('ranges')).toEqual(['Sheet1!A1:B2', 'Totals']);
    expect(call.url.searchParams.get('includeGridData')).toBe('false');
  });
});

describe('spreadsheets.values', () => {
  it('get percent-encodes the A1 range into the path and returns the ValueRange', async () => {
    const body = { range: "'My Sheet'!A1:B2", majorDimension: 'ROWS', values: [['a', 1]] };
    const { fake, sheets } = client(() => json(200, body));
    const result = await sheets.spreadsheets.values.get({
      spreadsheetId: SPREADSHEET,
      range: "'My Sheet'!A1:B2",
      valueRenderOption: 'UNFORMATTED_VALUE',
    });
    expect(result).toEqual(body);
    const call = only(fake.calls);
    expect(decodeURIComponent(call.url.pathname)).toBe(
      `/v4/spreadsheets/${SPREADSHEET}/values/'My Sheet'!A1:B2`,
    );
    expect(call.url.pathname).not.toContain(' ');
    expect(call.url.searchParams.get('valueRenderOption')).toBe('UNFORMATTED_VALUE');
  });

  it('update PUTs the values in the body and valueInputOption in the query', async () => {
    const answer = { spreadsheetId: SPREADSHEET, updatedRange: 'Sheet1!A1:B1', updatedCells: 2 };
    const { fake, sheets } = client(() => json(200, answer));
    const result = await sheets.spreadsheets.values.update({
      spreadsheetId: SPREADSHEET,
      range: 'Sheet1!A1',
      valueInputOption: 'USER_ENTERED',
      includeValuesInResponse: true,
      majorDimension: 'ROWS',
      values: [['Widget', '3']],
    });
    expect(result).toEqual(answer);
    const call = only(fake.calls);
    expect(call.method).toBe('PUT');
    expect(call.url.searchParams.get('valueInputOption')).toBe('USER_ENTERED');
    expect(call.url.searchParams.get('includeValuesInResponse')).toBe('true');
    expect(call.body).toEqual({ majorDimension: 'ROWS', values: [['Widget', '3']] });
  });

  it('append POSTs to the :append verb with insertDataOption, and is not retried', async () => {
    const { fake, sheets } = client(() => googleError(500, 'INTERNAL', 'Internal error encountered.'));
    await expect(
      sheets.spreadsheets.values.append({
        spreadsheetId: SPREADSHEET,
        range: 'Sheet1',
        valueInputOption: 'RAW',
        insertDataOption: 'INSERT_ROWS',
        values: [['Gadget', 5, false]],
      }),
    ).rejects.toThrow('500');
    const call = only(fake.calls);
    expect(call.method).toBe('POST');
    expect(call.url.pathname).toBe(`/v4/spreadsheets/${SPREADSHEET}/values/Sheet1:append`);
    expect(call.url.searchParams.get('insertDataOption')).toBe('INSERT_ROWS');
    expect(call.body).toEqual({ values: [['Gadget', 5, false]] });
  });

  it('clear POSTs an empty body to the :clear verb and is retried (clearing twice is clearing once)', async () => {
    const answer = { spreadsheetId: SPREADSHEET, clearedRange: 'Sheet1!A1:C3' };
    const { fake, sheets } = client((_request, n) =>
      n === 1 ? googleError(503, 'UNAVAILABLE', 'The service is currently unavailable.') : json(200, answer),
    );
    const result = await sheets.spreadsheets.values.clear(
      { spreadsheetId: SPREADSHEET, range: 'Sheet1!A1:C3' },
      { retry: { initialDelayMs: 1 } },
    );
    expect(result).toEqual(answer);
    expect(fake.calls).toHaveLength(2);
    expect(fake.calls[1]?.url.pathname).toBe(`/v4/spreadsheets/${SPREADSHEET}/values/Sheet1!A1%3AC3:clear`);
    expect(fake.calls[1]?.body).toEqual({});
  });

  it('operation functions work on a core', async () => {
    const fake = fakeFetch(() => json(200, { range: 'Sheet1!A1' }));
    const core = createSheetsCore({ auth: TOKEN, fetch: fake.fetch });
    await expect(getValues(core, { spreadsheetId: SPREADSHEET, range: 'Sheet1!A1' })).resolves.toEqual({
      range: 'Sheet1!A1',
    });
  });
});

describe('checks before sending', () => {
  it.each([
    [{ valueInputOption: undefined }, 'valueInputOption'],
    [{ valueInputOption: 'INPUT_VALUE_OPTION_UNSPECIFIED' }, 'valueInputOption'],
    [{ values: ['a', 'b'] }, 'values'],
    [{ insertDataOption: 'APPEND' }, 'insertDataOption'],
  ])('refuses %j without a request, naming %s', async (bad, field) => {
    const { fake, sheets } = client();
    const params = {
      spreadsheetId: SPREADSHEET,
      range: 'A1',
      valueInputOption: 'RAW',
      values: [['a']],
      ...bad,
    };
    const error = await sheets.spreadsheets.values
      .append(params as Parameters<typeof sheets.spreadsheets.values.append>[0])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toContain(`"${field}"`);
    expect(fake.calls).toHaveLength(0);
  });

  it('refuses an empty range or spreadsheetId (it would address another resource)', async () => {
    const { fake, sheets } = client();
    await expect(sheets.spreadsheets.values.get({ spreadsheetId: SPREADSHEET, range: '' })).rejects.toThrow(
      ValidationError,
    );
    await expect(sheets.spreadsheets.get({ spreadsheetId: '..' })).rejects.toThrow(ValidationError);
    expect(fake.calls).toHaveLength(0);
  });
});

describe('Google errors', () => {
  it('an unreadable range is a BadRequestError with Google message and body', async () => {
    const { sheets } = client(() => googleError(400, 'INVALID_ARGUMENT', 'Unable to parse range: Nope!A1'));
    const error = await sheets.spreadsheets.values
      .get({ spreadsheetId: SPREADSHEET, range: 'Nope!A1' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).message).toBe('400 Bad Request: Unable to parse range: Nope!A1');
    expect((error as BadRequestError).body?.error.status).toBe('INVALID_ARGUMENT');
  });

  it('an unknown spreadsheet is a NotFoundError, and the token never appears in it', async () => {
    const { sheets } = client(() => googleError(404, 'NOT_FOUND', 'Requested entity was not found.'));
    const error = await sheets.spreadsheets
      .get({ spreadsheetId: 'missing', access_token: TOKEN })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).message).toBe('404 Not Found: Requested entity was not found.');
    expect(JSON.stringify(error)).not.toContain(TOKEN);
    expect(String((error as NotFoundError).request.url)).not.toContain(TOKEN);
  });
});

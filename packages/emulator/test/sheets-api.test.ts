// The Sheets API v4 subset on the emulator's Google origin, through @specbound/sheets: RAW vs
// USER_ENTERED, A1 ranges, append after the table, clear, Google's 400/404 bodies, and the shared
// spreadsheet store (kept in the state database).

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BadRequestError, createSheetsClient, NotFoundError, RateLimitError } from '@specbound/sheets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../src/index.ts';
import { strictEmulator } from './helpers.ts';

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await strictEmulator();
});
afterAll(() => emulator?.close());

function sheets(token = 'ada-token', on = emulator) {
  return createSheetsClient({ auth: token, baseUrl: on.appsScriptUrl, retry: false });
}

async function newSpreadsheet(title = 'Invoices'): Promise<string> {
  const created = await sheets().spreadsheets.create({ properties: { title } });
  return String(created.spreadsheetId);
}

describe('spreadsheets', () => {
  it('create returns the new spreadsheet with Sheet1 and its URL; get reads it back', async () => {
    const created = await sheets().spreadsheets.create({
      properties: { title: 'Budget', timeZone: 'Europe/Paris' },
      sheets: [{ properties: { title: 'Costs' } }, { properties: { title: 'Totals' } }],
    });
    const id = String(created.spreadsheetId);
    expect(created.properties).toMatchObject({ title: 'Budget', timeZone: 'Europe/Paris' });
    expect(created.spreadsheetUrl).toBe(`https://docs.google.com/spreadsheets/d/${id}/edit`);
    expect(created.sheets?.map((s) => [s.properties?.title, s.properties?.index])).toEqual([
      ['Costs', 0],
      ['Totals', 1],
    ]);
    const found = await sheets().spreadsheets.get({ spreadsheetId: id });
    expect(found).toEqual(created);
    const untitled = await sheets().spreadsheets.create({});
    expect(untitled.properties?.title).toBe('Untitled spreadsheet');
    expect(untitled.sheets?.[0]?.properties).toMatchObject({ sheetId: 0, title: 'Sheet1', index: 0 });
  });

  it('an unknown spreadsheet is 404 “Requested entity was not found.”', async () => {
    const error = await sheets()
      .spreadsheets.get({ spreadsheetId: 'no-such-spreadsheet' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).body?.error).toEqual({
      code: 404,
      message: 'Requested entity was not found.',
      status: 'NOT_FOUND',
    });
  });
});

describe('values', () => {
  it('USER_ENTERED parses numbers, booleans and formulas (stored, not evaluated); RAW keeps strings', async () => {
    const spreadsheetId = await newSpreadsheet();
    const values = [['Widget', '3', 'TRUE', '=B1*2']];
    await sheets().spreadsheets.values.update({
      spreadsheetId,
      range: 'Sheet1!A1',
      valueInputOption: 'USER_ENTERED',
      values,
    });
    await sheets().spreadsheets.values.update({
      spreadsheetId,
      range: 'Sheet1!A2',
      valueInputOption: 'RAW',
      values,
    });
    const read = (valueRenderOption: 'UNFORMATTED_VALUE' | 'FORMULA') =>
      sheets().spreadsheets.values.get({ spreadsheetId, range: 'Sheet1!A1:D2', valueRenderOption });
    // The formula is kept as written: FORMULA shows it; its value is empty, never computed.
    expect((await read('UNFORMATTED_VALUE')).values).toEqual([
      ['Widget', 3, true, ''],
      ['Widget', '3', 'TRUE', '=B1*2'],
    ]);
    expect((await read('FORMULA')).values?.[0]).toEqual(['Widget', 3, true, '=B1*2']);
    const formatted = await sheets().spreadsheets.values.get({ spreadsheetId, range: 'A1:C1' });
    expect(formatted).toEqual({
      range: 'Sheet1!A1:C1',
      majorDimension: 'ROWS',
      values: [['Widget', '3', 'TRUE']],
    });
  });

  it('update answers the range written and its counts, and reads leave out trailing empty cells', async () => {
    const spreadsheetId = await newSpreadsheet();
    const result = await sheets().spreadsheets.values.update({
      spreadsheetId,
      range: 'Sheet1!B2:D3',
      valueInputOption: 'RAW',
      values: [['a', 'b'], ['c']],
    });
    expect(result).toEqual({
      spreadsheetId,
      updatedRange: 'Sheet1!B2:C3',
      updatedRows: 2,
      updatedColumns: 2,
      updatedCells: 3,
    });
    const read = await sheets().spreadsheets.values.get({ spreadsheetId, range: 'Sheet1!A1:E5' });
    expect(read).toEqual({
      range: 'Sheet1!A1:E5',
      majorDimension: 'ROWS',
      values: [[], ['', 'a', 'b'], ['', 'c']],
    });
    const columns = await sheets().spreadsheets.values.get({
      spreadsheetId,
      range: 'Sheet1!B2:C3',
      majorDimension: 'COLUMNS',
    });
    expect(columns.values).toEqual([['a', 'c'], ['b']]);
    const empty = await sheets().spreadsheets.values.get({ spreadsheetId, range: 'Sheet1!H8:J9' });
    expect(empty).toEqual({ range: 'Sheet1!H8:J9', majorDimension: 'ROWS' });
  });

  it('refuses rows longer than the range with Google’s 400, writing nothing', async () => {
    const spreadsheetId = await newSpreadsheet();
    const error = await sheets()
      .spreadsheets.values.update({
        spreadsheetId,
        range: 'Sheet1!A1:B1',
        valueInputOption: 'RAW',
        values: [['a', 'b', 'c']],
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).body?.error.message).toMatch(
      /^Requested writing within range \[Sheet1!A1:B1\]/,
    );
    expect(
      (await sheets().spreadsheets.values.get({ spreadsheetId, range: 'Sheet1' })).values,
    ).toBeUndefined();
  });

  it('append writes after the table and answers tableRange; clear empties the range', async () => {
    const spreadsheetId = await newSpreadsheet();
    const first = await sheets().spreadsheets.values.append({
      spreadsheetId,
      range: 'Sheet1',
      valueInputOption: 'RAW',
      values: [['Item', 'Qty']],
    });
    expect(first.tableRange).toBeUndefined();
    expect(first.updates?.updatedRange).toBe('Sheet1!A1:B1');
    const second = await sheets().spreadsheets.values.append({
      spreadsheetId,
      range: 'Sheet1!A1',
      valueInputOption: 'USER_ENTERED',
      values: [
        ['Widget', '3'],
        ['Gadget', '5'],
      ],
    });
    expect(second).toEqual({
      spreadsheetId,
      tableRange: 'Sheet1!A1:B1',
      updates: {
        spreadsheetId,
        updatedRange: 'Sheet1!A2:B3',
        updatedRows: 2,
        updatedColumns: 2,
        updatedCells: 4,
      },
    });
    const cleared = await sheets().spreadsheets.values.clear({ spreadsheetId, range: 'Sheet1!A2:B2' });
    expect(cleared).toEqual({ spreadsheetId, clearedRange: 'Sheet1!A2:B2' });
    const read = await sheets().spreadsheets.values.get({
      spreadsheetId,
      range: 'Sheet1',
      valueRenderOption: 'UNFORMATTED_VALUE',
    });
    expect(read.range).toBe('Sheet1!A1:Z1000');
    expect(read.values).toEqual([['Item', 'Qty'], [], ['Gadget', 5]]);
  });

  it('a write without valueInputOption is Google’s 400 naming the parameter', async () => {
    const spreadsheetId = await newSpreadsheet();
    const answer = await fetch(`${emulator.appsScriptUrl}/v4/spreadsheets/${spreadsheetId}/values/A1`, {
      method: 'PUT',
      headers: { authorization: 'Bearer ada-token', 'content-type': 'application/json' },
      body: JSON.stringify({ values: [['a']] }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      error: {
        code: 400,
        message: "'valueInputOption' is required but not specified",
        status: 'INVALID_ARGUMENT',
      },
    });
  });

  it('a range naming no sheet is 400 “Unable to parse range: …”', async () => {
    const spreadsheetId = await newSpreadsheet();
    for (const range of ['Nope!A1', 'Sheet1!A1:B2:C3']) {
      const error = await sheets()
        .spreadsheets.values.get({ spreadsheetId, range })
        .catch((caught: unknown) => caught);
      expect(error, range).toBeInstanceOf(BadRequestError);
      expect((error as BadRequestError).body?.error).toMatchObject({
        code: 400,
        message: `Unable to parse range: ${range}`,
        status: 'INVALID_ARGUMENT',
      });
    }
  });
});

describe('options', () => {
  it('get with ranges returns only the sheets the ranges are on', async () => {
    const created = await sheets().spreadsheets.create({
      sheets: [{ properties: { title: 'Costs' } }, { properties: { title: 'Totals' } }],
    });
    const found = await sheets().spreadsheets.get({
      spreadsheetId: String(created.spreadsheetId),
      ranges: ['Totals!A1:B2'],
    });
    expect(found.sheets?.map((s) => s.properties?.title)).toEqual(['Totals']);
  });

  it('writes columns (majorDimension COLUMNS) and returns the values written when asked', async () => {
    const spreadsheetId = await newSpreadsheet();
    const result = await sheets().spreadsheets.values.update({
      spreadsheetId,
      range: 'Sheet1!A1:B2',
      valueInputOption: 'USER_ENTERED',
      majorDimension: 'COLUMNS',
      values: [
        ['Item', 'Widget'],
        ['Qty', '3'],
      ],
      includeValuesInResponse: true,
      responseValueRenderOption: 'UNFORMATTED_VALUE',
    });
    expect(result.updatedData).toEqual({
      range: 'Sheet1!A1:B2',
      majorDimension: 'ROWS',
      values: [
        ['Item', 'Qty'],
        ['Widget', 3],
      ],
    });
  });

  it('append with INSERT_ROWS moves the rows below the table down instead of overwriting them', async () => {
    const spreadsheetId = await newSpreadsheet();
    const rows = [['head'], ['one'], [], ['below']];
    await sheets().spreadsheets.values.update({
      spreadsheetId,
      range: 'A1',
      valueInputOption: 'RAW',
      values: rows,
    });
    await sheets().spreadsheets.values.append({
      spreadsheetId,
      range: 'A1',
      valueInputOption: 'RAW',
      insertDataOption: 'INSERT_ROWS',
      values: [['two'], ['three']],
    });
    const read = await sheets().spreadsheets.values.get({ spreadsheetId, range: 'A1:A10' });
    expect(read.values).toEqual([['head'], ['one'], ['two'], ['three'], [], ['below']]);
  });

  it('a read outside the grid is Google’s 400 “exceeds grid limits”', async () => {
    const spreadsheetId = await newSpreadsheet();
    const error = await sheets()
      .spreadsheets.values.get({ spreadsheetId, range: 'Sheet1!A1001' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).body?.error.message).toBe(
      'Range (Sheet1!A1001) exceeds grid limits. Max rows: 1000, max columns: 26',
    );
  });
});

describe('faults', () => {
  it('answers a registered Sheets fault (429 with Retry-After) once, then serves again', async () => {
    const spreadsheetId = await newSpreadsheet();
    const registered = await fetch(`${emulator.controlUrl}/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        service: 'sheets',
        operationId: 'getValues',
        status: 429,
        headers: { 'Retry-After': '7' },
        body: { error: { code: 429, message: 'Quota exceeded.', status: 'RESOURCE_EXHAUSTED' } },
      }),
    });
    expect(registered.status).toBe(201);
    const error = await sheets()
      .spreadsheets.values.get({ spreadsheetId, range: 'A1' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(7000);
    await expect(sheets().spreadsheets.values.get({ spreadsheetId, range: 'A1' })).resolves.toMatchObject({
      range: 'Sheet1!A1',
    });
  });
});

describe('state', () => {
  it('spreadsheets written through the API are in the state document and survive a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'specbound-sheets-'));
    try {
      const state = join(dir, 'state.db');
      const first = await startEmulator({ state, sandboxWorkers: 1 });
      const created = await sheets('ada-token', first).spreadsheets.create({ properties: { title: 'Kept' } });
      const spreadsheetId = String(created.spreadsheetId);
      await sheets('ada-token', first).spreadsheets.values.update({
        spreadsheetId,
        range: 'A1:B1',
        valueInputOption: 'USER_ENTERED',
        values: [['total', '42']],
      });
      expect(first.state().sheets?.spreadsheets.map((ss) => ss.title)).toEqual(['Kept']);
      await first.close();
      const second = await startEmulator({ state, sandboxWorkers: 1 });
      const read = await sheets('ada-token', second).spreadsheets.values.get({
        spreadsheetId,
        range: 'A1:B1',
        valueRenderOption: 'UNFORMATTED_VALUE',
      });
      await second.close();
      expect(read.values).toEqual([['total', 42]]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

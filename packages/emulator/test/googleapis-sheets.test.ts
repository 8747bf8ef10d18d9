// Google's own Sheets client (`@googleapis/sheets`, on gaxios), pointed at the emulator with `rootUrl`
// and nothing else changed, through the six operations the emulator serves.
import { auth, sheets } from '@googleapis/sheets';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.ts';
import { strictEmulator } from './helpers.ts';

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await strictEmulator();
});
afterAll(() => emulator?.close());

it('@googleapis/sheets creates, reads, writes, appends and clears against the emulator', async () => {
  const credentials = new auth.OAuth2();
  credentials.setCredentials({ access_token: 'ada-token' });
  const api = sheets({
    version: 'v4',
    rootUrl: `${emulator.appsScriptUrl}/`,
    auth: credentials,
    retry: false,
  });

  const created = await api.spreadsheets.create({ requestBody: { properties: { title: 'googleapis' } } });
  const spreadsheetId = created.data.spreadsheetId ?? '';
  expect(created.data.sheets?.[0]?.properties?.title).toBe('Sheet1');
  const got = await api.spreadsheets.get({ spreadsheetId, fields: 'properties.title' });
  expect(got.data).toEqual({ properties: { title: 'googleapis' } });

  const updated = await api.spreadsheets.values.update({
    spreadsheetId,
    range: "'Sheet1'!A1:B2",
    valueInputOption: 'USER_ENTERED',
    requestBody: {
      values: [
        ['Item', 'Qty'],
        ['Widget', '3'],
      ],
    },
  });
  expect(updated.data.updatedCells).toBe(4);
  const appended = await api.spreadsheets.values.append({
    spreadsheetId,
    range: 'Sheet1!A:B',
    valueInputOption: 'RAW',
    requestBody: { values: [['Gadget', 5]] },
  });
  expect(appended.data.updates?.updatedRange).toBe('Sheet1!A3:B3');
  const read = await api.spreadsheets.values.get({
    spreadsheetId,
    range: 'Sheet1!A1:B3',
    valueRenderOption: 'UNFORMATTED_VALUE',
  });
  expect(read.data.values).toEqual([
    ['Item', 'Qty'],
    ['Widget', 3],
    ['Gadget', 5],
  ]);
  const cleared = await api.spreadsheets.values.clear({ spreadsheetId, range: 'Sheet1!A2:B3' });
  expect(cleared.data.clearedRange).toBe('Sheet1!A2:B3');
  const missing = await api.spreadsheets.values
    .get({ spreadsheetId, range: 'Nope!A1' })
    .catch((error: { status?: number; message?: string }) => error);
  expect(missing).toMatchObject({ status: 400, message: 'Unable to parse range: Nope!A1' });
});

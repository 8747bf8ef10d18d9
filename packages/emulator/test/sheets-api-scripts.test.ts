// The Sheets API and SpreadsheetApp see the same spreadsheets: cells seeded through the API are read
// in a script run, and a spreadsheet a script created and filled is read through the API.
import { createSheetsClient } from '@specbound/sheets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.ts';
import { appsScript, deployScript, strictEmulator } from './helpers.ts';

let emulator: RunningEmulator;
let deploymentId = '';

const MANIFEST = JSON.stringify({ timeZone: 'Etc/UTC', executionApi: { access: 'ANYONE' } });
const CODE = `
function readRange(id, a1) { return SpreadsheetApp.openById(id).getRange(a1).getValues(); }
function writeLedger() {
  var ss = SpreadsheetApp.create('Ledger');
  var sheet = ss.getSheets()[0];
  sheet.appendRow(['Item', 'Qty', 'Paid']);
  sheet.appendRow(['Widget', 3, true]);
  return ss.getId();
}
`;

beforeAll(async () => {
  emulator = await strictEmulator({ sandboxWorkers: 1 });
  const source = { title: 'Sheets', code: CODE, manifest: MANIFEST };
  ({ deploymentId } = await deployScript(appsScript(emulator), source));
});
afterAll(() => emulator?.close());

const sheets = () => createSheetsClient({ auth: 'ada-token', baseUrl: emulator.appsScriptUrl, retry: false });
const run = (fn: string, parameters: unknown[] = []) =>
  appsScript(emulator).scripts.run({ deploymentId, function: fn, parameters });

describe('the same spreadsheets scripts open with SpreadsheetApp', () => {
  it('cells written through the API are read by a script, typed', async () => {
    const created = await sheets().spreadsheets.create({ properties: { title: 'Invoices' } });
    const spreadsheetId = String(created.spreadsheetId);
    await sheets().spreadsheets.values.update({
      spreadsheetId,
      range: 'Sheet1!A1:C2',
      valueInputOption: 'USER_ENTERED',
      values: [
        ['Item', 'Qty', 'Paid'],
        ['Widget', '3', 'TRUE'],
      ],
    });
    expect(await run('readRange', [spreadsheetId, 'Sheet1!A1:C2'])).toEqual([
      ['Item', 'Qty', 'Paid'],
      ['Widget', 3, true],
    ]);
  });

  it('a spreadsheet a script created and filled is read through the API', async () => {
    const spreadsheetId = String(await run('writeLedger'));
    const found = await sheets().spreadsheets.get({ spreadsheetId });
    expect(found.properties?.title).toBe('Ledger');
    const read = await sheets().spreadsheets.values.get({
      spreadsheetId,
      range: 'A1:C',
      valueRenderOption: 'UNFORMATTED_VALUE',
    });
    expect(read.values).toEqual([
      ['Item', 'Qty', 'Paid'],
      ['Widget', 3, true],
    ]);
  });
});

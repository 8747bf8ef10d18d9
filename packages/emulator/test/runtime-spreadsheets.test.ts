import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeState, type RunningEmulator, startEmulator } from '../src/index.ts';
import { spreadsheetCall } from '../src/runtime/spreadsheets.ts';
import { SandboxPool } from '../src/sandbox/pool.ts';
import type { HostCall } from '../src/sandbox/types.ts';
import { createSpreadsheet, SpreadsheetStore } from '../src/sheets/store.ts';
import { appsScript, deployScript } from './helpers.ts';

const MANIFEST = JSON.stringify({ timeZone: 'Etc/UTC', executionApi: { access: 'ANYONE' } });
const BOUND_ID = '1boundSpreadsheet000000000000000000000000000';

const CODE = `
function roundTrip() {
  var ss = SpreadsheetApp.create('Budget');
  var sheet = ss.getSheets()[0];
  sheet.getRange('A1:D3').setValues([
    ['item', 'amount', 'paid', 'due'],
    ['rent', '1,200', 'TRUE', '3/14/2025'],
    ['food', 250.5, false, new Date(Date.UTC(2025, 6, 1, 12))],
  ]);
  sheet.appendRow(['total', '=SUM(B2:B3)', "'007", '50%']);
  var values = sheet.getDataRange().getValues();
  var again = SpreadsheetApp.openByUrl(ss.getUrl());
  return {
    id: ss.getId() === again.getId(), name: again.getName(), url: ss.getUrl(),
    last: [sheet.getLastRow(), sheet.getLastColumn()],
    types: values.map(function (row) { return row.map(function (v) { return v instanceof Date ? 'Date' : typeof v; }); }),
    amounts: [values[1][1], values[2][1]], paid: values[1][2],
    due: values[1][3].getTime(), dueUtc: values[2][3].toISOString(),
    display: sheet.getRange(2, 1, 3, 4).getDisplayValues(),
    formula: [sheet.getRange('B4').getFormula(), sheet.getRange('B4').getValue()],
    text: sheet.getRange(4, 3).getValue(),
    a1: sheet.getRange(2, 2, 2, 3).getA1Notation(),
  };
}
function sheetsAndRows() {
  var ss = SpreadsheetApp.create('Rows');
  var data = ss.insertSheet('My Data');
  data.getRange('A1:B4').setValues([['n', 'x'], [3, 'c'], [1, 'a'], [2, 'b']]);
  data.getRange('A2:B4').sort(1);
  var sorted = data.getRange('A2:A4').getValues().map(function (r) { return r[0]; });
  data.sort(2, false);
  var desc = data.getRange('B1:B4').getValues().map(function (r) { return r[0]; });
  data.insertRowBefore(1).getRange('A1').setValue('top');
  data.deleteRow(2);
  var afterRows = data.getRange('A1:A4').getValues().map(function (r) { return r[0]; });
  data.getRange('A4:B4').clearContent();
  var quoted = ss.getRange("'My Data'!A1").getValue();
  var names = ss.getSheets().map(function (s) { return s.getName() + '@' + s.getIndex(); });
  ss.deleteSheet(ss.getSheetByName('Sheet1'));
  return {
    sorted: sorted, desc: desc, afterRows: afterRows, lastRow: data.getLastRow(), quoted: quoted, names: names,
    left: ss.getSheets().map(function (s) { return s.getName(); }), missing: ss.getSheetByName('Sheet1'),
  };
}
function bound() {
  var ss = SpreadsheetApp.getActiveSpreadsheet();
  if (ss === null) return null;
  return [ss.getName(), SpreadsheetApp.getActiveSheet().getName(), ss.getRangeByName('Totals').getValues()];
}
function mixed() {
  var range = SpreadsheetApp.create('Mixed').getSheets()[0].getRange('A1:D2');
  range.setValues([[new Date(Date.UTC(2024, 0, 2)), [1, 2], 'plain', 3], [true, new Date(0), 'a', null]]);
  var v = range.getValues();
  return [v[0][0].toISOString(), v[0][1], v[0][2], v[0][3], v[1][0], v[1][1] instanceof Date, v[1][3],
    JSON.stringify(new Date(0))];
}
function rowsMismatch() { SpreadsheetApp.create('x').getSheets()[0].getRange('A1:B3').setValues([[1, 2], [3, 4]]); }
function columnsMismatch() { SpreadsheetApp.create('x').getSheets()[0].getRange('A1:C1').setValues([[1, 2]]); }
function rowTooSmall() { SpreadsheetApp.create('x').getSheets()[0].getRange(0, 1); }
function outside() { SpreadsheetApp.create('x').getSheets()[0].getRange(1, 1, 1001, 1); }
function badA1() { SpreadsheetApp.create('x').getRange('Nowhere!A1'); }
function unknownId() { SpreadsheetApp.openById('no-such-sheet'); }
function twice() { SpreadsheetApp.create('x').insertSheet('Sheet1'); }
function notCore() { SpreadsheetApp.create('x').getSheets()[0].getRange('A1').setBackground('red'); }
function wrongArgs() { SpreadsheetApp.create('x').getSheets()[0].getRange('A1').setValues('a'); }
`;

let emulator: RunningEmulator;
let deploymentId: string;
let boundDeployment: string;

async function deploy(title: string, parentId?: string): Promise<string> {
  const source = { title, code: CODE, manifest: MANIFEST, ...(parentId === undefined ? {} : { parentId }) };
  return (await deployScript(appsScript(emulator), source)).deploymentId;
}

beforeAll(async () => {
  emulator = await startEmulator({
    sandboxWorkers: 1,
    state: normalizeState({
      version: 1,
      sheets: {
        spreadsheets: [
          {
            spreadsheetId: BOUND_ID,
            title: 'Container',
            timeZone: 'Etc/UTC',
            locale: 'en_US',
            namedRanges: [
              {
                namedRangeId: 'n1',
                name: 'Totals',
                range: {
                  sheetId: 0,
                  startRowIndex: 0,
                  endRowIndex: 1,
                  startColumnIndex: 0,
                  endColumnIndex: 2,
                },
              },
            ],
            sheets: [
              { sheetId: 0, title: 'Main', index: 0, rowCount: 1000, columnCount: 26, rows: [['sum', 42]] },
            ],
          },
        ],
      },
    }),
  });
  deploymentId = await deploy('Sheets');
  boundDeployment = await deploy('Bound', BOUND_ID);
});
afterAll(() => emulator.close());

async function run(fn: string, deployment = deploymentId) {
  const answer = await fetch(`${emulator.appsScriptUrl}/v1/scripts/${deployment}:run`, {
    method: 'POST',
    headers: { authorization: 'Bearer ada-token', 'content-type': 'application/json' },
    body: JSON.stringify({ function: fn }),
  });
  const body = (await answer.json()) as {
    response?: { result?: unknown };
    error?: { details?: { errorType?: string; errorMessage?: string }[] };
  };
  return body.error === undefined ? { result: body.response?.result } : { error: body.error.details?.[0] };
}

describe('SpreadsheetApp', () => {
  it('writes as a user types, reads typed values (numbers, booleans, Dates) and keeps formulas unevaluated', async () => {
    const { result } = await run('roundTrip');
    expect(result).toMatchObject({
      id: true,
      name: 'Budget',
      last: [4, 4],
      types: [
        ['string', 'string', 'string', 'string'],
        ['string', 'number', 'boolean', 'Date'],
        ['string', 'number', 'boolean', 'Date'],
        ['string', 'string', 'string', 'number'],
      ],
      amounts: [1200, 250.5],
      paid: true,
      // 3/14/2025 at midnight in the spreadsheet's zone (America/New_York, EDT).
      due: Date.UTC(2025, 2, 14, 4),
      dueUtc: '2025-07-01T12:00:00.000Z',
      display: [
        ['rent', '1200', 'TRUE', '3/14/2025'],
        ['food', '250.5', 'FALSE', '7/1/2025 8:00:00'],
        ['total', '', '007', '50%'],
      ],
      formula: ['=SUM(B2:B3)', ''],
      text: '007',
      a1: 'B2:D3',
    });
    expect((result as { url: string }).url).toMatch(
      /^https:\/\/docs\.google\.com\/spreadsheets\/d\/[\w-]{44}\/edit$/,
    );
    const saved = emulator.state().sheets.spreadsheets.find((s) => s.title === 'Budget');
    expect(saved?.sheets[0]?.rows[3]).toEqual([
      'total',
      { v: null, f: '=SUM(B2:B3)' },
      '007',
      { v: 0.5, fmt: 'percent' },
    ]);
  });

  it('adds, finds and deletes sheets, sorts, inserts and deletes rows', async () => {
    expect((await run('sheetsAndRows')).result).toEqual({
      sorted: [1, 2, 3],
      desc: ['x', 'c', 'b', 'a'],
      afterRows: ['top', 3, 2, 1],
      lastRow: 3,
      quoted: 'top',
      names: ['Sheet1@1', 'My Data@2'],
      left: ['My Data'],
      missing: null,
    });
  });

  it('gives a bound script its container (named ranges too), and an unbound one null', async () => {
    expect((await run('bound', boundDeployment)).result).toEqual(['Container', 'Main', [['sum', 42]]]);
    expect((await run('bound')).result).toBeNull();
  });

  it('throws Google’s exceptions for bad shapes, coordinates, ranges and ids, and names what is not implemented', async () => {
    const messages: Record<string, string> = {
      rowsMismatch:
        'The number of rows in the data does not match the number of rows in the range. The data has 2 but the range has 3.',
      columnsMismatch:
        'The number of columns in the data does not match the number of columns in the range. The data has 2 but the range has 3.',
      rowTooSmall: 'The starting row of the range is too small.',
      outside: 'The coordinates of the range are outside the dimensions of the sheet.',
      badA1: 'Range not found',
      unknownId: 'Unexpected error while getting the method or property openById on object SpreadsheetApp.',
      twice: 'A sheet with the name "Sheet1" already exists. Please enter another name.',
      notCore: 'SpreadsheetApp.Range.setBackground is not implemented in the emulator.',
      wrongArgs:
        "The parameters (String) don't match the method signature for SpreadsheetApp.Range.setValues.",
    };
    for (const [fn, errorMessage] of Object.entries(messages))
      expect((await run(fn)).error, fn).toEqual({
        '@type': expect.any(String),
        errorType: 'Exception',
        errorMessage,
        scriptStackTraceElements: expect.any(Array),
      });
  });
});

describe('SpreadsheetApp values', () => {
  it('keeps Dates among other values, writes other objects as their text, and leaves Date.toJSON alone', async () => {
    expect((await run('mixed')).result).toEqual([
      '2024-01-02T00:00:00.000Z',
      '1,2',
      'plain',
      3,
      true,
      true,
      '',
      '"1970-01-01T00:00:00.000Z"',
    ]);
  });
});

describe('SpreadsheetApp host calls', () => {
  it('a getValues and a setValues of 10,000 × 10 are one host call each', async () => {
    const store = new SpreadsheetStore();
    const ss = createSpreadsheet(store, {
      title: 'Big',
      sheets: [{ title: 'Data', rowCount: 10_000, columnCount: 10 }],
    });
    const calls: string[] = [];
    const host = (call: HostCall) => {
      calls.push(call.method);
      return spreadsheetCall(store, call.method, call.args, () => {});
    };
    const pool = new SandboxPool(1);
    try {
      const out = await pool.run(
        {
          files: [
            {
              name: 'Code',
              source: `function big(id) {
  var range = SpreadsheetApp.openById(id).getSheets()[0].getRange(1, 1, 10000, 10);
  var rows = [];
  for (var i = 0; i < 10000; i++) rows.push([i, 'x', true, i, 'y', false, i, 'z', 1.5, new Date(0)]);
  range.setValues(rows);
  var back = range.getValues();
  return [back.length, back[9999][0], back[9999][9] instanceof Date];
}`,
            },
          ],
          functionName: 'big',
          parameters: [ss.spreadsheetId],
          timeoutMs: 60_000,
          memoryLimitBytes: 64 * 1024 * 1024,
        },
        undefined,
        host,
      );
      expect(out).toMatchObject({ kind: 'ok', result: [10_000, 9999, true] });
      expect(calls.filter((m) => m === 'write' || m === 'read')).toEqual(['write', 'read']);
    } finally {
      await pool.close();
    }
  });
});

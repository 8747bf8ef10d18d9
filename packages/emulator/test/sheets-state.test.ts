import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeState, StateDocumentError } from '../src/index.ts';
import { appsScript, readStateDatabase, strictEmulator } from './helpers.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'specbound-sheets-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const spreadsheet = {
  spreadsheetId: 'sheet-kept',
  title: 'Kept',
  sheets: [
    {
      sheetId: 0,
      title: 'Sheet1',
      rows: [
        ['name', 'count'],
        ['a', 1],
        [
          { v: 45730, fmt: 'date' },
          { v: null, f: '=SUM(B2)' },
        ],
      ],
    },
  ],
};

describe('spreadsheet state', () => {
  it('is saved in the state database, survives a restart and is cleared by reset', async () => {
    const file = join(dir, 'state.db');
    const first = await strictEmulator({ state: file });
    const put = await fetch(`${first.controlUrl}/state`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ version: 1, sheets: { spreadsheets: [spreadsheet] } }),
    });
    expect(put.status).toBe(200);
    const onDisk = readStateDatabase(file) as { sheets: { spreadsheets: { title: string }[] } };
    expect(onDisk.sheets.spreadsheets.map((s) => s.title)).toEqual(['Kept']);
    const before = first.state();
    expect(before.sheets.spreadsheets[0]).toMatchObject({
      locale: 'en_US',
      sheets: [{ index: 0, rowCount: 1000 }],
    });
    await first.close();

    const second = await strictEmulator({ state: file });
    expect(second.state().sheets).toEqual(before.sheets);
    const reset = await fetch(`${second.controlUrl}/reset`, { method: 'POST' });
    expect(reset.ok).toBe(true);
    expect(second.state().sheets.spreadsheets).toEqual([]);
    expect(
      (readStateDatabase(file) as { sheets: { spreadsheets?: unknown[] } }).sheets.spreadsheets ?? [],
    ).toEqual([]);
    await second.close();
  });

  it('keeps what a script wrote with SpreadsheetApp across a restart', async () => {
    const file = join(dir, 'scripted.db');
    const first = await strictEmulator({ state: file });
    const client = appsScript(first);
    const scriptId = String((await client.projects.create({ title: 'Writer' })).scriptId);
    await client.projects.updateContent({
      scriptId,
      files: [
        { name: 'appsscript', type: 'JSON', source: '{"executionApi":{"access":"ANYONE"}}' },
        {
          name: 'Code',
          type: 'SERVER_JS',
          source:
            "function write() { var s = SpreadsheetApp.create('Saved').getSheets()[0]; s.appendRow([1, 'a']); s.getRange('B1').setValue('b'); }",
        },
      ],
    });
    await client.scripts.run({ deploymentId: scriptId, function: 'write', devMode: true });
    await first.close();
    const second = await strictEmulator({ state: file });
    const saved = second.state().sheets.spreadsheets.find((s) => s.title === 'Saved');
    expect(saved?.sheets[0]?.rows).toEqual([[1, 'b']]);
    await second.close();
  });

  it('refuses two spreadsheets with one id, and two sheets with one title', () => {
    expect(() =>
      normalizeState({ version: 1, sheets: { spreadsheets: [spreadsheet, spreadsheet] } }),
    ).toThrow(new StateDocumentError('invalid state document: two spreadsheets have the id sheet-kept'));
    const twice = { ...spreadsheet, sheets: [spreadsheet.sheets[0], { sheetId: 5, title: 'Sheet1' }] };
    expect(() => normalizeState({ version: 1, sheets: { spreadsheets: [twice] } })).toThrow(
      StateDocumentError,
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeState, type RunningEmulator, startEmulator } from '../src/index.ts';
import { appsScript, deployScript } from './helpers.ts';

const SHEET_ID = '1triggerSheet000000000000000000000000000000';
const MANIFEST = JSON.stringify({ timeZone: 'Etc/UTC', executionApi: { access: 'ANYONE' } });
const CODE = `
function note(name, e) {
  var seen = {
    source: e.source.getName(), authMode: e.authMode, user: e.user.getEmail(),
    uid: e.triggerUid === undefined ? null : typeof e.triggerUid,
    range: e.range === undefined ? null : e.range.getA1Notation(),
    value: e.value === undefined ? null : e.value, oldValue: e.oldValue === undefined ? null : e.oldValue,
    changeType: e.changeType === undefined ? null : e.changeType,
  };
  PropertiesService.getScriptProperties().setProperty(name, JSON.stringify(seen));
}
function onOpen(e) { note('onOpen', e); }
function onEdit(e) { note('onEdit', e); e.source.getSheets()[0].getRange('C1').setValue('edited'); }
function recordOpen(e) { note('recordOpen', e); }
function recordEdit(e) { note('recordEdit', e); }
function recordChange(e) { note('recordChange', e); }
function install() {
  var ss = SpreadsheetApp.getActive();
  ScriptApp.newTrigger('recordOpen').forSpreadsheet(ss).onOpen().create();
  ScriptApp.newTrigger('recordEdit').forSpreadsheet(ss).onEdit().create();
  var t = ScriptApp.newTrigger('recordChange').forSpreadsheet(ss.getId()).onChange().create();
  return [t.getEventType(), t.getTriggerSource(), t.getTriggerSourceId() === ss.getId(), ScriptApp.getProjectTriggers().length];
}
function seen() { return PropertiesService.getScriptProperties().getProperties(); }
`;

let emulator: RunningEmulator;
let deploymentId: string;
let scriptId: string;

async function run(fn: string) {
  const out = (await appsScript(emulator).scripts.run({ deploymentId, function: fn })) as unknown;
  return out;
}

async function control(path: string, body?: unknown) {
  const res = await fetch(`${emulator.controlUrl}/spreadsheets/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as { fired?: unknown[]; error?: string } };
}

beforeAll(async () => {
  emulator = await startEmulator({
    strict: true,
    sandboxWorkers: 1,
    state: normalizeState({
      version: 1,
      sheets: {
        spreadsheets: [
          {
            spreadsheetId: SHEET_ID,
            title: 'Tracker',
            sheets: [{ sheetId: 0, title: 'Sheet1', rows: [[], [null, 'old']] }],
          },
        ],
      },
    }),
  });
  const source = { title: 'Bound', parentId: SHEET_ID, code: CODE, manifest: MANIFEST };
  ({ scriptId, deploymentId } = await deployScript(appsScript(emulator), source));
});
afterAll(() => emulator.close());

describe('spreadsheet triggers', () => {
  it('runs onOpen, onEdit and installable triggers with Google’s event objects, recorded as trigger processes', async () => {
    expect(await run('install')).toEqual(['ON_CHANGE', 'SPREADSHEETS', true, 3]);
    const opened = await control(`${SHEET_ID}/open`, { user: 'grace@example.com' });
    expect(opened).toEqual({
      status: 200,
      body: {
        fired: [
          { scriptId, functionName: 'onOpen', processType: 'SIMPLE_TRIGGER', status: 'COMPLETED' },
          {
            triggerUid: expect.any(String),
            scriptId,
            functionName: 'recordOpen',
            processType: 'TRIGGER',
            status: 'COMPLETED',
          },
        ],
      },
    });
    const edited = await control(`${SHEET_ID}/edit`, { range: 'Sheet1!B2', value: '42' });
    expect(
      edited.body.fired?.map((f) =>
        Object.values(f as object)
          .slice(-3)
          .join(' '),
      ),
    ).toEqual([
      'onEdit SIMPLE_TRIGGER COMPLETED',
      'recordEdit TRIGGER COMPLETED',
      'recordChange TRIGGER COMPLETED',
    ]);
    const seen = Object.fromEntries(
      Object.entries((await run('seen')) as Record<string, string>).map(([k, v]) => [k, JSON.parse(v)]),
    );
    const base = { source: 'Tracker', range: null, value: null, oldValue: null, changeType: null };
    expect(seen).toEqual({
      onOpen: { ...base, authMode: 'LIMITED', user: 'grace@example.com', uid: null },
      recordOpen: { ...base, authMode: 'FULL', user: 'grace@example.com', uid: 'string' },
      onEdit: {
        ...base,
        authMode: 'LIMITED',
        user: expect.any(String),
        uid: null,
        range: 'B2',
        value: '42',
        oldValue: 'old',
      },
      recordEdit: {
        ...base,
        authMode: 'FULL',
        user: expect.any(String),
        uid: 'string',
        range: 'B2',
        value: '42',
        oldValue: 'old',
      },
      recordChange: {
        ...base,
        authMode: 'FULL',
        user: expect.any(String),
        uid: 'string',
        changeType: 'EDIT',
      },
    });
    const cells = emulator.state().sheets.spreadsheets[0]?.sheets[0]?.rows;
    expect(cells).toEqual([
      [null, null, 'edited'],
      [null, 42],
    ]);
    const listed = (await appsScript(emulator).processes.listScriptProcesses({ scriptId })) as {
      processes?: { functionName?: string; processType?: string }[];
    };
    const types = new Set(listed.processes?.map((p) => `${p.functionName} ${p.processType}`));
    expect(types).toEqual(
      new Set([
        'install EXECUTION_API',
        'seen EXECUTION_API',
        'onOpen SIMPLE_TRIGGER',
        'onEdit SIMPLE_TRIGGER',
        'recordOpen TRIGGER',
        'recordEdit TRIGGER',
        'recordChange TRIGGER',
      ]),
    );
  });

  it('answers 404 for a spreadsheet it does not hold and 400 for a range it cannot read', async () => {
    expect((await control('nope/open')).status).toBe(404);
    expect(await control(`${SHEET_ID}/edit`, { range: 'Nowhere!A1', value: 'x' })).toEqual({
      status: 400,
      body: { error: 'Unable to parse range: Nowhere!A1' },
    });
  });
});

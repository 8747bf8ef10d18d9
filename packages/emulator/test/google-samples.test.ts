// Google's own published samples (test/fixtures/google-samples, copied unchanged) pushed to the
// emulator as they are and run through scripts.run, as a developer would run them in Apps Script.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeState, type RunningEmulator } from '../src/index.ts';
import { appsScript, deployScript, strictEmulator } from './helpers.ts';

const SAMPLES = new URL('./fixtures/google-samples/', import.meta.url);
const sample = (path: string) => readFile(new URL(path, SAMPLES), 'utf8');

// The caller of the samples' functions: the one file here that is not Google's.
const DRIVER = `
function runMemoize() {
  var calls = 0;
  var add = function (a, b) { calls++; return a + b; };
  var cached = memoize(add);
  return [cached(1, 2), cached(1, 2), cached(2, 3), calls, hash('specbound')];
}
function readDefaults() {
  return [scriptPropertyWithDefault('cow', 'none'), scriptPropertyWithDefault('horse', 'neigh')];
}
function dedupe() {
  removeDuplicates();
  return SpreadsheetApp.getActiveSheet().getDataRange().getValues();
}
function standupDb() {
  var db = new DB('1StandupSheetId');
  db.append({ name: 'spaces/A/messages/1', text: 'hello' });
  db.append({ name: 'spaces/A/messages/2', text: 'again' });
  return [db.last, db.sheet.getLastRow()];
}
function classify() {
  var ss = SpreadsheetApp.create('Emails');
  addDataToSheet(ss, 'Invoice due', 'needs-response', 'asks for payment');
  var thread = { getId: function () { return 't1'; }, getFirstMessageSubject: function () { return 'Invoice due'; } };
  var cell = ss.getActiveSheet().getRange('D1').setValue(hyperlink(thread));
  return [ss.getActiveSheet().getRange('A1:C1').getValues()[0], cell.getFormula(), cell.getValue()];
}
function allProperties() {
  return [PropertiesService.getScriptProperties().getProperties(), PropertiesService.getUserProperties().getProperties(),
    PropertiesService.getDocumentProperties().getProperties()];
}
`;

let emulator: RunningEmulator;
let scriptId: string;
beforeAll(async () => {
  // The spreadsheet the project is bound to (rows with a duplicate), and the stand-up app's database.
  const sheet = (title: string, rows: unknown[][]) => ({ sheetId: 0, title, rows });
  emulator = await strictEmulator({
    state: normalizeState({
      version: 1,
      sheets: {
        spreadsheets: [
          {
            spreadsheetId: '1SampleSheetId',
            title: 'Samples',
            sheets: [
              sheet('Sheet1', [
                ['a', 1],
                ['b', 2],
                ['a', 1],
                ['c', true],
              ]),
            ],
          },
          { spreadsheetId: '1StandupSheetId', title: 'Stand-up', sheets: [sheet('Messages', [])] },
        ],
      },
    }),
  });
  const client = appsScript(emulator);
  // Bound to a container (parentId), so document properties exist, as in the sample's own project.
  const created = await client.projects.create({ title: 'Google samples', parentId: '1SampleSheetId' });
  scriptId = String(created.scriptId);
  await client.projects.updateContent({
    scriptId,
    files: [
      {
        name: 'appsscript',
        type: 'JSON',
        source: JSON.stringify({ timeZone: 'Etc/UTC', executionApi: { access: 'MYSELF' } }),
      },
      {
        name: 'service/propertyService',
        type: 'SERVER_JS',
        source: await sample('service/propertyService.gs'),
      },
      {
        name: 'service/test_propertyServices',
        type: 'SERVER_JS',
        source: await sample('service/test_propertyServices.gs'),
      },
      {
        name: 'ai/standup-chat-app/memoize',
        type: 'SERVER_JS',
        source: await sample('ai/standup-chat-app/memoize.js'),
      },
      {
        name: 'ai/devdocs-link-preview/Helpers',
        type: 'SERVER_JS',
        source: await sample('ai/devdocs-link-preview/Helpers.js'),
      },
      { name: 'gmail/markup/Code', type: 'SERVER_JS', source: await sample('gmail/markup/Code.gs') },
      { name: 'mail_template', type: 'HTML', source: await sample('gmail/markup/mail_template.html') },
      {
        name: 'sheets/removingDuplicates/removingDuplicates',
        type: 'SERVER_JS',
        source: await sample('sheets/removingDuplicates/removingDuplicates.gs'),
      },
      {
        name: 'ai/standup-chat-app/db',
        type: 'SERVER_JS',
        source: await sample('ai/standup-chat-app/db.js'),
      },
      {
        name: 'ai/email-classifier/Sheet',
        type: 'SERVER_JS',
        source: await sample('ai/email-classifier/Sheet.gs'),
      },
      { name: 'driver', type: 'SERVER_JS', source: DRIVER },
    ],
  });
});
afterAll(() => emulator.close());

function run(fn: string): Promise<unknown> {
  return appsScript(emulator).scripts.run({ deploymentId: scriptId, function: fn, devMode: true });
}

describe("Google's published samples, unchanged", () => {
  it('ui/webapp: doGet serves its HTML file as a web app', async () => {
    const client = appsScript(emulator);
    const deployment = await deployScript(client, {
      title: 'Web app sample',
      manifest: JSON.stringify({
        timeZone: 'Etc/UTC',
        webapp: { access: 'ANYONE_ANONYMOUS', executeAs: 'USER_DEPLOYING' },
      }),
      files: [
        { name: 'code', type: 'SERVER_JS', source: await sample('ui/webapp/code.gs') },
        { name: 'Index', type: 'HTML', source: await sample('ui/webapp/index.html') },
      ],
    });
    const page = await fetch(`${emulator.appsScriptUrl}/macros/s/${deployment.deploymentId}/exec`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Hello, World!');
  });

  it('gmail/markup/Code.gs: sends its HTML template with MailApp, captured in the outbox', async () => {
    await run('testSchemas');
    const outbox = (await (await fetch(`${emulator.controlUrl}/outbox`)).json()) as {
      to: string[];
      subject: string;
      htmlBody?: string;
    }[];
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.subject).toMatch(/^Test Email markup - /);
    expect(outbox[0]?.htmlBody).toBe(await sample('gmail/markup/mail_template.html'));
  });

  it('service/propertyService.gs: its own test driver saves, reads, updates and deletes properties', async () => {
    await run('RUN_ALL_TESTS');
    const logs = ((await (await fetch(`${emulator.controlUrl}/logs`)).json()) as { line: string }[]).map(
      (l) => l.line,
    );
    expect(logs).toEqual(
      expect.arrayContaining([
        'INFO > itShouldSaveSingleProperty',
        'INFO values of units metric',
        'INFO Key: cow, Value: moo',
        'INFO Key: SERVER_URL, Value: http://www.example.com/',
        'INFO > itShouldDeleteAllUserProperties',
      ]),
    );
    expect(logs.some((line) => line.includes('Failed with error'))).toBe(false);
    expect(await run('allProperties')).toEqual([
      { SERVER_URL: 'http://www.example.com/', cow: 'moo', sheep: 'baa', chicken: 'cluck' },
      {},
      { SOURCE_DATA_ID: '1j3GgabZvXUF177W0Zs_2v--H6SPCQb4pmZ6HsTZYT5k' },
    ]);
  });

  it('ai/standup-chat-app/memoize.js: caches results in CacheService under an MD5 of the call', async () => {
    const md5 = createHash('md5').update('specbound').digest('base64');
    expect(await run('runMemoize')).toEqual([3, 3, 5, 2, md5]);
  });

  it('ai/devdocs-link-preview/Helpers.js: reads script properties with a default', async () => {
    expect(await run('readDefaults')).toEqual(['moo', 'neigh']);
  });

  it('sheets/removingDuplicates: removes the duplicate rows of the active sheet with getValues and setValues', async () => {
    expect(await run('dedupe')).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', true],
    ]);
  });

  it('ai/standup-chat-app/db.js: appends messages as rows and reads the last one back', async () => {
    expect(await run('standupDb')).toEqual([{ name: 'spaces/A/messages/2', text: 'again' }, 2]);
  });

  it('ai/email-classifier/Sheet.gs: appends a classification row; its HYPERLINK formula is stored, not evaluated', async () => {
    expect(await run('classify')).toEqual([
      ['Invoice due', 'needs-response', 'asks for payment'],
      '=HYPERLINK("https://mail.google.com/mail/u/0/#inbox/t1", "Invoice due")',
      '',
    ]);
  });
});

// Issue #24's whole loop through the built CLI against the emulator, offline: a project bound to a new
// spreadsheet, written in TypeScript, pushed, run with its log lines, a script error shown at its `.ts`
// line, deployed as a web app with its access set, listed through Drive, and deleted.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createSheetsClient } from '@specbound/sheets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control } from './bs-helpers.js';
import { E2E_TOKEN, type Harness, startHarness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const MANIFEST = '{"timeZone":"Etc/UTC","runtimeVersion":"V8","executionApi":{"access":"MYSELF"}}\n';
const CODE = [
  "import { checked } from './amounts';",
  '',
  'export function record(amount: number): number {',
  '  const sheet = SpreadsheetApp.getActiveSpreadsheet().getSheets()[0];',
  "  sheet.appendRow(['amount', checked(amount)]);",
  "  console.log('recorded ' + amount);",
  '  return sheet.getLastRow();',
  '}',
  '',
  'export function doGet() {',
  "  return ContentService.createTextOutput('budget tools');",
  '}',
  '',
].join('\n');
const AMOUNTS = [
  'export function checked(amount: number): number {',
  "  if (amount < 0) throw new RangeError('a negative amount: ' + amount);",
  '  return amount;',
  '}',
  '',
].join('\n');

describe('the Apps Script inner loop, offline', () => {
  it('creates a Sheets-bound TypeScript project, pushes, runs with logs, maps an error, deploys, lists, deletes', async () => {
    const dir = await h.tempDir();
    const gas = (args: string[]) => h.run(['gas', ...args], { cwd: dir });
    const created = await gas([
      'create',
      '--type',
      'sheets',
      '--title',
      'Budget tools',
      '--root-dir',
      'src',
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const { scriptId, container } = created.json<{ scriptId: string; container: { id: string } }>();
    await mkdir(join(dir, 'src'), { recursive: true });
    await writeFile(join(dir, 'src', 'appsscript.json'), MANIFEST);
    await writeFile(join(dir, 'src', 'Code.ts'), CODE);
    await writeFile(join(dir, 'src', 'amounts.ts'), AMOUNTS);

    const pushed = await gas(['push', '--force']);
    expect(pushed.code, pushed.stderr).toBe(0);

    // The run's result, then exactly its own log line; the row is in the bound spreadsheet.
    const ran = await gas(['run', 'record', '--params', '[5]', '--dev-mode', '--logs']);
    expect(ran.code, ran.stderr).toBe(0);
    const out = ran.stdout.trim().split('\n');
    expect(out[0]).toBe('1');
    expect(out.slice(1)).toEqual([expect.stringMatching(/INFO +record recorded 5$/)]);
    const sheets = createSheetsClient({ baseUrl: h.emulator.appsScriptUrl, auth: E2E_TOKEN });
    // As Google does, a number reads back as a number only unformatted (formatted values are strings).
    const values = await sheets.spreadsheets.values.get({
      spreadsheetId: container.id,
      range: 'A1:B1',
      valueRenderOption: 'UNFORMATTED_VALUE',
    });
    expect(values.values).toEqual([['amount', 5]]);

    // A script error names the .ts lines it came from, not the pushed bundle's.
    const failed = await gas(['run', 'record', '--params', '[-1]', '--dev-mode', '--logs']);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('RangeError: a negative amount: -1');
    expect(failed.stderr).toContain('at checked (src/amounts.ts:2:');
    expect(failed.stderr).toContain('at record (src/Code.ts:5:');

    // A call the API refused ran nothing: no lines are looked for, the refusal is the answer.
    await control(h, 'POST', '/faults', {
      service: 'apps-script',
      operationId: 'runScriptFunction',
      status: 403,
      body: {
        error: { code: 403, message: 'The caller does not have permission', status: 'PERMISSION_DENIED' },
      },
      times: 1,
    });
    const refused = await gas(['run', 'record', '--params', '[1]', '--dev-mode', '--logs']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('The caller does not have permission');
    expect(refused.stderr).not.toContain('best guess');
    expect(refused.stdout).toBe('');

    // Deployed as a web app anyone can open; the manifest's webapp block is set by the deploy.
    const deployed = await gas(['deploy', '--access', 'ANYONE_ANONYMOUS', '--execute-as', 'USER_DEPLOYING']);
    expect(deployed.code, deployed.stderr).toBe(0);
    const url = /Web app: (http\S+\/exec)/.exec(deployed.stdout)?.[1];
    expect(url, deployed.stdout).toBeDefined();
    expect(await (await fetch(String(url))).text()).toBe('budget tools');

    const listed = await gas(['list', '--json']);
    expect(listed.json<{ id: string; name: string }[]>()).toContainEqual({
      id: scriptId,
      name: 'Budget tools',
    });

    const deleted = await gas(['delete', '--force']);
    expect(deleted.code, deleted.stderr).toBe(0);
    const after = await gas(['list', '--json']);
    expect(after.json<{ id: string }[]>().map((file) => file.id)).not.toContain(scriptId);
  });
});

// `specbound gas list`, `delete` and `open-container`: the commands that go through Drive, run against
// the emulator (which serves Drive on its Google origin from its own state).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createAppsScriptClient } from '@specbound/apps-script';
import { createDriveClient, GOOGLE_APPS_MIME_TYPES } from '@specbound/drive';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shorten } from '../../src/cli/commands/apps-script/list.js';
import { E2E_TOKEN, type Harness, startHarness } from './harness.js';

let h: Harness;
let dir: string;
const gas = (args: string[], cwd = dir) => h.run(['gas', ...args], { cwd });
const apps = () => createAppsScriptClient({ baseUrl: h.emulator.appsScriptUrl, auth: E2E_TOKEN });
const drive = () => createDriveClient({ baseUrl: h.emulator.appsScriptUrl, auth: E2E_TOKEN });

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await fetch(`${h.emulator.controlUrl}/reset`, { method: 'POST' });
  dir = await h.tempDir();
});

describe('specbound gas list', () => {
  it('lists every script project by name and id; --json keeps the names whole', async () => {
    const long = await apps().projects.create({ title: 'Quarterly invoice reminder mailer' });
    const short = await apps().projects.create({ title: 'Tiny' });
    const piped = await gas(['list']);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toBe(`Quarterly invoice r…\t${long.scriptId}\nTiny\t${short.scriptId}\n`);
    const full = await gas(['list', '--no-shorten']);
    expect(full.stdout).toContain(`Quarterly invoice reminder mailer\t${long.scriptId}`);
    expect((await gas(['list-scripts', '--noShorten'])).stdout).toBe(full.stdout);
    const json = await gas(['list', '--json']);
    expect(json.json()).toEqual([
      { id: long.scriptId, name: 'Quarterly invoice reminder mailer' },
      { id: short.scriptId, name: 'Tiny' },
    ]);
  });

  it('leaves out containers and other Drive files', async () => {
    await drive().files.create({ name: 'Budget', mimeType: GOOGLE_APPS_MIME_TYPES.sheets });
    const result = await gas(['list', '--json']);
    expect(result.json()).toEqual([]);
  });

  it('cuts a name at 20 characters with an ellipsis, as clasp', () => {
    expect(shorten('exactly twenty chars')).toBe('exactly twenty chars');
    expect(shorten('twenty-one characters')).toBe('twenty-one characte…');
  });
});

describe('specbound gas delete', () => {
  it('refuses without --force when not on a terminal (exit 2), deleting nothing', async () => {
    const { scriptId } = await apps().projects.create({ title: 'Keep me' });
    const result = await gas(['delete', String(scriptId)]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('without confirmation; nothing was changed');
    expect((await apps().projects.get({ scriptId: String(scriptId) })).title).toBe('Keep me');
  });

  it("deletes the .clasp.json project with --force; a second delete is Drive's 404", async () => {
    const { scriptId } = await apps().projects.create({ title: 'Doomed' });
    await writeFile(join(dir, '.clasp.json'), JSON.stringify({ scriptId }));
    const result = await gas(['delete', '--force', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.json()).toEqual({ scriptId });
    await expect(apps().projects.get({ scriptId: String(scriptId) })).rejects.toMatchObject({ status: 404 });
    const again = await gas(['delete-script', String(scriptId), '-f']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`File not found: ${scriptId}`);
  });
});

describe('specbound gas open-container', () => {
  it("prints the container's URL of a bound project", async () => {
    const sheet = await drive().files.create({ name: 'Budget', mimeType: GOOGLE_APPS_MIME_TYPES.sheets });
    const { scriptId } = await apps().projects.create({ title: 'Bound', parentId: sheet.id ?? '' });
    const result = await gas(['open-container', String(scriptId), '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.json()).toEqual({
      scriptId,
      parentId: sheet.id,
      name: 'Budget',
      mimeType: GOOGLE_APPS_MIME_TYPES.sheets,
      url: `https://docs.google.com/spreadsheets/d/${sheet.id}/edit?usp=drivesdk`,
    });
    expect((await gas(['open-container', String(scriptId)])).stdout).toBe(
      `https://docs.google.com/spreadsheets/d/${sheet.id}/edit?usp=drivesdk\n`,
    );
  });

  it('says a standalone project has no container (exit 2, with what to do)', async () => {
    const { scriptId } = await apps().projects.create({ title: 'Alone' });
    const result = await gas(['open-container', '--script-id', String(scriptId)]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('is standalone: it has no container');
    expect(result.stderr).toContain('hint:');
  });
});

describe('specbound gas create --type', () => {
  it('sheets: makes a spreadsheet through Drive, binds the new project to it, and records parentId as clasp', async () => {
    const result = await gas(['create', '--type', 'sheets', '--title', 'Budget tools', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const data = result.json<{
      scriptId: string;
      container: { id: string; mimeType: string; url: string };
    }>();
    expect(data.container.mimeType).toBe(GOOGLE_APPS_MIME_TYPES.sheets);
    const sheet = await drive().files.get({ fileId: data.container.id, fields: 'name,mimeType,webViewLink' });
    expect(sheet).toEqual({
      name: 'Budget tools',
      mimeType: GOOGLE_APPS_MIME_TYPES.sheets,
      webViewLink: data.container.url,
    });
    expect((await apps().projects.get({ scriptId: data.scriptId })).parentId).toBe(data.container.id);
    expect(JSON.parse(await readFile(join(dir, '.clasp.json'), 'utf8'))).toEqual({
      scriptId: data.scriptId,
      parentId: [data.container.id],
    });
    expect((await gas(['open-container', '--json'])).json()).toMatchObject({ url: data.container.url });
  });

  it('webapp and api: the manifest starts with the webapp or executionApi block, here and remotely', async () => {
    for (const [type, block] of [
      ['webapp', { webapp: { access: 'MYSELF', executeAs: 'USER_DEPLOYING' } }],
      ['api', { executionApi: { access: 'MYSELF' } }],
    ] as const) {
      const here = await h.tempDir();
      const result = await gas(['create', '--type', type.toUpperCase(), '--title', type, '--json'], here);
      expect(result.code, result.stderr).toBe(0);
      const local = JSON.parse(await readFile(join(here, 'appsscript.json'), 'utf8'));
      expect(local).toMatchObject(block);
      const remote = await apps().projects.getContent({
        scriptId: result.json<{ scriptId: string }>().scriptId,
      });
      expect(JSON.parse(remote.files?.find((f) => f.name === 'appsscript')?.source ?? '{}')).toEqual(local);
    }
  });

  it('refuses an unknown type, and a container type with --parent-id, creating nothing (exit 2)', async () => {
    const unknown = await gas(['create', '--type', 'calendar']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('"calendar" is not a script type');
    expect(unknown.stderr).toContain('standalone, webapp, api, sheets, docs, forms, slides');
    const both = await gas(['create', '--type', 'docs', '--parent-id', '1Existing']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('hint:');
    expect((await drive().files.list()).files).toEqual([]);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDriveClient, GOOGLE_APPS_MIME_TYPES, NotFoundError, SCRIPT_MIME_TYPE } from '@specbound/drive';
import { createSheetsClient, NotFoundError as SheetsNotFound } from '@specbound/sheets';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allFiles, registerContainer } from '../src/drive/files.ts';
import { parseQuery, QueryError } from '../src/drive/query.ts';
import type { RunningEmulator } from '../src/index.ts';
import { appsScript, readStateDatabase, strictEmulator } from './helpers.ts';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await strictEmulator();
});
afterAll(async () => {
  expect(emulator.violations()).toEqual([]);
  await emulator.close();
});
beforeEach(async () => {
  await fetch(`${emulator.controlUrl}/reset`, { method: 'POST' });
});

const drive = (token = 'ada-token') =>
  createDriveClient({ auth: token, baseUrl: emulator.appsScriptUrl, retry: false });
const SCRIPTS = `mimeType = '${SCRIPT_MIME_TYPE}' and trashed = false`;

describe('Drive on the emulator: script projects are files', () => {
  it('lists every project as a script file, with the default fields unless fields asks for more', async () => {
    const a = await appsScript(emulator).projects.create({ title: 'Invoice mailer' });
    await appsScript(emulator).projects.create({ title: 'Report builder' });
    const page = await drive().files.list({ q: SCRIPTS });
    expect(page.files).toEqual([
      { kind: 'drive#file', id: a.scriptId, name: 'Invoice mailer', mimeType: SCRIPT_MIME_TYPE },
      expect.objectContaining({ name: 'Report builder' }),
    ]);
    const chosen = await drive().files.get({ fileId: String(a.scriptId), fields: 'id,webViewLink,owners' });
    expect(chosen).toEqual({
      id: a.scriptId,
      webViewLink: `https://script.google.com/d/${a.scriptId}/edit?usp=drivesdk`,
      owners: [expect.objectContaining({ me: true, kind: 'drive#user' })],
    });
  });

  it('filters by name contains, not and or, and pages with nextPageToken in orderBy order', async () => {
    for (const title of ['beta tool', 'Alpha tool', 'gamma', 'delta tool'])
      await appsScript(emulator).projects.create({ title });
    const names = async (q: string) =>
      (await drive().files.iterate({ q, orderBy: 'name', pageSize: 1 }).all()).map((f) => f.name);
    expect(await names(`${SCRIPTS} and name contains 'TOOL'`)).toEqual([
      'Alpha tool',
      'beta tool',
      'delta tool',
    ]);
    expect(await names(`name = 'gamma' or (name contains 'beta' and not name = 'x')`)).toEqual([
      'beta tool',
      'gamma',
    ]);
    const first = await drive().files.list({
      orderBy: 'name desc',
      pageSize: 3,
      fields: 'nextPageToken,files(name)',
    });
    expect(first.files?.map((f) => f.name)).toEqual(['gamma', 'delta tool', 'beta tool']);
    expect(first.nextPageToken).toEqual(expect.any(String));
  });

  it("refuses a q or an orderBy it cannot read with Drive's 400, naming the parameter", async () => {
    const error = await drive()
      .files.list({ q: "owner = 'me'" })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400 });
    expect((error as NotFoundError).body?.error.errors?.[0]).toMatchObject({
      reason: 'invalid',
      location: 'q',
    });
    await expect(drive().files.list({ orderBy: 'size' })).rejects.toMatchObject({ status: 400 });
  });

  it('answers 401 without a token, as Drive does', async () => {
    const response = await fetch(`${emulator.appsScriptUrl}/drive/v3/files`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 401, errors: [{ reason: 'required' }] } });
  });
});

describe('Drive on the emulator: containers and bound scripts', () => {
  it('creates an empty spreadsheet, binds a project to it, and deletes both with the container', async () => {
    const sheet = await drive().files.create({
      name: 'Invoices 2026',
      mimeType: GOOGLE_APPS_MIME_TYPES.sheets,
      fields: 'id,name,mimeType,webViewLink',
    });
    expect(sheet.webViewLink).toBe(`https://docs.google.com/spreadsheets/d/${sheet.id}/edit?usp=drivesdk`);
    const bound = await appsScript(emulator).projects.create({
      title: 'Sheet tools',
      parentId: sheet.id ?? '',
    });
    expect((await appsScript(emulator).projects.get({ scriptId: String(bound.scriptId) })).parentId).toBe(
      sheet.id,
    );
    const inSheet = await drive().files.list({ q: `'${sheet.id}' in parents`, fields: 'files(id,parents)' });
    expect(inSheet.files).toEqual([{ id: bound.scriptId, parents: [sheet.id] }]);

    await drive().files.delete({ fileId: sheet.id ?? '' });
    await expect(drive().files.get({ fileId: sheet.id ?? '' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      appsScript(emulator).projects.get({ scriptId: String(bound.scriptId) }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });

  it("deleting a script's file deletes the project; an unknown id is Drive's 404", async () => {
    const { scriptId } = await appsScript(emulator).projects.create({ title: 'Doomed' });
    await drive().files.delete({ fileId: String(scriptId) });
    await expect(appsScript(emulator).projects.get({ scriptId: String(scriptId) })).rejects.toMatchObject({
      status: 404,
    });
    const error = await drive()
      .files.delete({ fileId: String(scriptId) })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).body?.error).toMatchObject({
      message: `File not found: ${scriptId}.`,
      errors: [{ reason: 'notFound', location: 'fileId' }],
    });
  });

  it('refuses a parent folder that does not exist, creating nothing', async () => {
    await expect(
      drive().files.create({ name: 'x', mimeType: GOOGLE_APPS_MIME_TYPES.docs, parents: ['1nope'] }),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect((await drive().files.list()).files).toEqual([]);
  });

  it('keeps containers in the state (reset clears them) and in the state database across a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'specbound-drive-'));
    try {
      const file = join(dir, 'state.db');
      const first = await strictEmulator({ state: file });
      const client = createDriveClient({ auth: 't', baseUrl: first.appsScriptUrl, retry: false });
      const form = await client.files.create({ name: 'Survey', mimeType: GOOGLE_APPS_MIME_TYPES.forms });
      const onDisk = readStateDatabase(file) as { appsScript: { driveFiles: { id: string }[] } };
      expect(onDisk.appsScript.driveFiles.map((f) => f.id)).toEqual([form.id]);
      // What was acknowledged is what a restart reads back (a file made without parents included).
      const saved = first.state().appsScript.driveFiles;
      await first.close();
      const second = await strictEmulator({ state: file });
      expect(second.state().appsScript.driveFiles).toEqual(saved);
      const again = createDriveClient({ auth: 't', baseUrl: second.appsScriptUrl, retry: false });
      expect((await again.files.get({ fileId: form.id ?? '' })).name).toBe('Survey');
      await fetch(`${second.controlUrl}/reset`, { method: 'POST' });
      expect(second.state().appsScript.driveFiles).toEqual([]);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('registerContainer and the q parser', () => {
  it('registerContainer adds a file Drive then lists, keeping the id its caller made', async () => {
    const { AppsScriptBackend } = await import('../src/apps-script/backend.ts');
    const backend = new AppsScriptBackend({ pool: undefined as never, runTimeoutMs: 1, runMemoryBytes: 1 });
    registerContainer(backend, { id: 'sheet-1', name: 'Budget', mimeType: GOOGLE_APPS_MIME_TYPES.sheets });
    expect(allFiles(backend)).toEqual([expect.objectContaining({ id: 'sheet-1', name: 'Budget' })]);
  });

  it('reads quotes with escapes and refuses what it cannot read, saying where', () => {
    const file = { id: 'a', name: "Ada's tool", mimeType: 'x', createdTime: '', modifiedTime: '', owner: '' };
    expect(parseQuery("name = 'Ada\\'s tool'")(file)).toBe(true);
    expect(parseQuery('trashed = false and not starred = true')(file)).toBe(true);
    expect(() => parseQuery("name = 'a' and")).toThrow(QueryError);
    expect(() => parseQuery("name contains 'a' )")).toThrow(/unexpected "\)"/);
    expect(() => parseQuery('trashed = maybe')).toThrow(/true or false/);
    expect(() => parseQuery("'x' in owners")).toThrow(/only "in parents"/);
  });
});

describe('the spreadsheet hook (the seam the Sheets routes plug into)', () => {
  it('files.create of a spreadsheet calls spreadsheetCreated with the new file; other types do not', async () => {
    const { AppsScriptBackend } = await import('../src/apps-script/backend.ts');
    const { driveService } = await import('../src/drive/service.ts');
    const { CompiledSpec } = await import('../src/spec/operations.ts');
    const { loadSpec, REPO_SPEC_PATHS } = await import('../src/spec/load.ts');
    const spec = new CompiledSpec(
      await loadSpec(REPO_SPEC_PATHS.drive),
      'https://specbound.local/drive.json',
    );
    const backend = new AppsScriptBackend({ pool: undefined as never, runTimeoutMs: 1, runMemoryBytes: 1 });
    const created: string[] = [];
    const service = driveService(spec, backend, { spreadsheetCreated: (file) => created.push(file.name) });
    const principal = backend.userForToken('ada-token');
    const create = (name: string, mimeType: string) =>
      service.handlers.createFile?.({
        body: { name, mimeType },
        principal,
        params: { path: {}, query: {}, header: {} },
      } as never);
    await create('Budget', GOOGLE_APPS_MIME_TYPES.sheets);
    await create('Notes', GOOGLE_APPS_MIME_TYPES.docs);
    expect(created).toEqual(['Budget']);
    expect(allFiles(backend).map((f) => f.name)).toEqual(['Budget', 'Notes']);
  });
});

describe('Drive and Sheets share spreadsheets', () => {
  const sheets = () =>
    createSheetsClient({ auth: 'ada-token', baseUrl: emulator.appsScriptUrl, retry: false });
  const SPREADSHEETS = `mimeType = '${GOOGLE_APPS_MIME_TYPES.sheets}'`;

  it('lists a spreadsheet the Sheets API created, and deleting its file deletes its cells', async () => {
    const created = await sheets().spreadsheets.create({ properties: { title: 'Budget' } });
    const id = String(created.spreadsheetId);
    const page = await drive().files.list({ q: SPREADSHEETS });
    expect(page.files).toEqual([expect.objectContaining({ id, name: 'Budget' })]);
    await drive().files.delete({ fileId: id });
    await expect(sheets().spreadsheets.get({ spreadsheetId: id })).rejects.toBeInstanceOf(SheetsNotFound);
  });

  it('gives a spreadsheet Drive created cells the Sheets API reads and writes', async () => {
    const file = await drive().files.create({ name: 'Plan', mimeType: GOOGLE_APPS_MIME_TYPES.sheets });
    const spreadsheetId = String(file.id);
    await sheets().spreadsheets.values.update({
      spreadsheetId,
      range: 'Sheet1!A1',
      valueInputOption: 'RAW',
      values: [['kept']],
    });
    const read = await sheets().spreadsheets.values.get({ spreadsheetId, range: 'Sheet1!A1' });
    expect(read.values).toEqual([['kept']]);
    expect((await drive().files.list({ q: SPREADSHEETS })).files).toHaveLength(1);
  });
});

// A `--state` file of the old JSON format (a snapshot, a journal of later changes, uploads in
// `<state>.blobs/`) is imported once into a state database, with one line saying so. The fixture in
// test/fixtures/legacy-v1 was written by the emulator before the state database (journal and all).
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StateDocumentError, startEmulator } from '../src/index.ts';
import { strictEmulator } from './helpers.ts';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'legacy-v1');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'specbound-emulator-import-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('importing a state file of the old JSON format', () => {
  it('imports snapshot, journal and uploads once, says so in one line, and keeps the old files', async () => {
    const folder = await mkdtemp(join(dir, 'fixture-'));
    await cp(FIXTURE, folder, { recursive: true });
    const file = join(folder, 'legacy.state');
    const lines: string[] = [];
    const emulator = await strictEmulator({ state: file, onStateImport: (line) => lines.push(line) });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Imported the JSON state file ${file} and 3 journal entries`);
    expect(lines[0]).toContain(`into a state database at ${file}`);
    expect(lines[0]).toContain(
      '1 Apps Script project(s), 0 process(es), 1 BugSmash project(s), 1 comment(s), 1 upload(s)',
    );
    expect(lines[0]).toContain(`${file}.blobs → ${file}.v1.bak.blobs`);

    // The snapshot's folder, the journal's project, upload, comment and Apps Script project.
    const state = emulator.state();
    expect(state.bugsmash.folders.map((f) => f.name)).toEqual(['From the snapshot']);
    expect(state.bugsmash.projects.map((p) => p.name)).toEqual(['Legacy upload']);
    expect(state.bugsmash.comments.map((c) => c.comment)).toEqual(['<p>From the journal</p>']);
    expect(state.appsScript.projects.map((p) => p.title)).toEqual(['Legacy script']);
    const uploaded = state.bugsmash.versions[0]?.files[0];
    const bytes = await fetch(
      `${emulator.controlUrl}/files/${uploaded?.project_file_id}/${uploaded?.filename}`,
    );
    expect(await bytes.text()).toBe('%PDF-1.4 legacy bytes\n');
    await emulator.close();

    expect((await readFile(file)).subarray(0, 15).toString()).toBe('SQLite format 3');
    expect(await readFile(`${file}.v1.bak`)).toEqual(await readFile(join(FIXTURE, 'legacy.state')));
    expect(await readFile(`${file}.v1.bak.journal`)).toEqual(
      await readFile(join(FIXTURE, 'legacy.state.journal')),
    );
    expect((await readdir(folder)).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    // Once: the next start opens the database and says nothing.
    const again = await strictEmulator({ state: file, onStateImport: (line) => lines.push(line) });
    expect(lines).toHaveLength(1);
    expect(again.state()).toEqual(state);
    await again.close();
  });

  it('imports a hand-written state document, dropping a torn last journal line (never acknowledged)', async () => {
    const file = join(dir, 'handwritten.json');
    const folder = {
      id: 'f1',
      name: 'Kept',
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    };
    await writeFile(file, JSON.stringify({ version: 1, $journal: 0 }));
    await writeFile(
      `${file}.journal`,
      `${JSON.stringify({ seq: 1, ops: [['bs.folders', 'f1', folder]] })}\n{"seq":2,"op`,
    );
    const lines: string[] = [];
    const emulator = await strictEmulator({ state: file, onStateImport: (line) => lines.push(line) });
    expect(emulator.state().bugsmash.folders.map((f) => f.name)).toEqual(['Kept']);
    expect(lines[0]).toContain('and 1 journal entry into a state database');
    await emulator.close();
  });

  it('refuses, naming the file and leaving it untouched, a JSON file it cannot import', async () => {
    const refused = async (name: string, content: string, journal?: string) => {
      const file = join(dir, name);
      await writeFile(file, content);
      if (journal !== undefined) await writeFile(`${file}.journal`, journal);
      const error = (await startEmulator({ state: file }).catch((caught: unknown) => caught)) as Error;
      expect(error).toBeInstanceOf(StateDocumentError);
      expect(await readFile(file, 'utf8')).toBe(content);
      return error.message;
    };
    const folder = {
      id: 'f1',
      name: 'A',
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    };
    expect(await refused('truncated.json', '{"version":1,"bugsmash":{"projects":[{"id":')).toMatch(
      /truncated\.json is neither .* left untouched/,
    );
    expect(
      await refused('dupes.json', JSON.stringify({ version: 1, bugsmash: { folders: [folder, folder] } })),
    ).toContain('two BugSmash folders have the id f1');
    expect(
      await refused('journal.json', '{"version":1,"$journal":0}', 'garbage\n{"seq":2,"ops":[]}\n'),
    ).toMatch(/journal\.json\.journal .*line 1/);
    // A missing upload: refused, not imported without its bytes.
    const version = {
      id: 'v1',
      project_id: 'p1',
      version_no: 1,
      short_code: 'AbCdE',
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
      files: [{ project_file_id: 'x', filename: 'a.pdf', sha256: 'a'.repeat(64) }],
    };
    expect(
      await refused('noblob.json', JSON.stringify({ version: 1, bugsmash: { versions: [version] } })),
    ).toContain(`noblob.json.blobs/${'a'.repeat(64)} is missing`);
  });
});

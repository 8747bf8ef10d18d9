// The state file of emulators before the state database: a JSON state document (`<state>`), maybe with
// a journal of later changes (`<state>.journal`, one JSON line per save) and uploads in `<state>.blobs/`
// (files named by their SHA-256). Such a file is imported once: the database is built beside it, the
// old files are kept under `<state>.v1.bak`, and the database takes the `--state` path.
import { copyFileSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeState, StateDocumentError } from '../state.ts';
import { sha256 } from './blobs.ts';
import { COLLECTIONS, type Collection } from './changes.ts';
import { StateDatabase, StateFileError } from './database.ts';
import { documentToRows } from './rows.ts';

type JsonObject = Record<string, unknown>;

const refuse = (path: string, why: string) =>
  new StateFileError(
    `state file ${path} is neither a state database nor a state document the emulator can import (${why}); it was left untouched. Restore it from a copy, or start with another --state file.`,
  );

/** Applies journal operations (`[collection, key, value | null]`) to a state document, in order. */
function applyOps(doc: JsonObject, ops: readonly [string, string, unknown][]): void {
  for (const [collection, key, value] of ops) {
    const spec = COLLECTIONS[collection as Collection];
    if (spec === undefined) throw new Error(`unknown collection ${collection}`);
    if (doc[spec.service] === undefined) doc[spec.service] = {};
    const service = doc[spec.service] as JsonObject;
    if (spec.key === '' && spec.list !== 'processes') {
      service[spec.list] = value;
      continue;
    }
    if (!Array.isArray(service[spec.list])) service[spec.list] = [];
    const list = service[spec.list] as unknown[];
    // Processes are addressed by their position; other entities by their id.
    const at =
      spec.key === ''
        ? Number(key)
        : list.findIndex((item) => String((item as JsonObject)?.[spec.key]) === key);
    if (value === null) {
      if (at >= 0 && spec.key !== '') list.splice(at, 1);
    } else if (at < 0) list.push(value);
    else list[at] = value;
  }
}

/** The document of the snapshot plus the journal's later entries (a torn last line was never acknowledged). */
function readLegacy(path: string): { doc: JsonObject; journalEntries: number } {
  let doc: JsonObject;
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new Error('it is not a JSON object');
    doc = parsed as JsonObject;
  } catch (error) {
    throw refuse(path, error instanceof Error ? error.message : String(error));
  }
  const since = typeof doc.$journal === 'number' ? doc.$journal : 0;
  delete doc.$journal;
  const journalPath = `${path}.journal`;
  if (!existsSync(journalPath)) return { doc, journalEntries: 0 };
  const lines = readFileSync(journalPath, 'utf8').split('\n');
  lines.pop();
  let journalEntries = 0;
  for (const [i, line] of lines.entries()) {
    try {
      const entry = JSON.parse(line) as { seq?: unknown; ops?: unknown };
      if (typeof entry.seq !== 'number' || !Array.isArray(entry.ops)) throw new Error('not a journal entry');
      if (entry.seq <= since) continue;
      applyOps(doc, entry.ops as [string, string, unknown][]);
      journalEntries++;
    } catch (error) {
      throw refuse(journalPath, `line ${i + 1}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { doc, journalEntries };
}

/** Uploads the versions name: from `<state>.blobs/`, each checked against its hash, or inline base64. */
function readUploads(path: string, versions: JsonObject[]): Map<string, Uint8Array> {
  const blobs = new Map<string, Uint8Array>();
  for (const version of versions) {
    for (const file of (version.files ?? []) as JsonObject[]) {
      if (typeof file.data_base64 === 'string') {
        const data = Buffer.from(file.data_base64, 'base64');
        file.sha256 = sha256(data);
        delete file.data_base64;
        blobs.set(file.sha256 as string, data);
      } else if (typeof file.sha256 === 'string' && !blobs.has(file.sha256)) {
        const blobPath = join(`${path}.blobs`, file.sha256);
        let data: Uint8Array;
        try {
          data = readFileSync(blobPath);
        } catch {
          throw refuse(path, `the upload ${blobPath} is missing`);
        }
        if (sha256(data) !== file.sha256)
          throw refuse(path, `the upload ${blobPath} does not match its hash`);
        blobs.set(file.sha256, data);
      }
    }
  }
  return blobs;
}

/** The first name `<path>.v1.bak`, `<path>.v1.2.bak`, ... not taken by a file or a journal or blob folder. */
function backupName(path: string): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? `${path}.v1.bak` : `${path}.v1.${n}.bak`;
    if (![name, `${name}.journal`, `${name}.blobs`].some((p) => existsSync(p))) return name;
  }
}

/** Imports the old-format state file at `path` into a new state database there; returns the line that says so. */
export function importLegacyState(path: string): string {
  const { doc, journalEntries } = readLegacy(path);
  let state: JsonObject;
  try {
    state = normalizeState(doc) as unknown as JsonObject;
  } catch (error) {
    if (error instanceof StateDocumentError) throw refuse(path, error.message);
    throw error;
  }
  const bugsmash = state.bugsmash as { versions: JsonObject[]; comments: unknown[]; projects: unknown[] };
  const apps = state.appsScript as { projects: unknown[]; processes: unknown[] };
  const uploads = readUploads(path, bugsmash.versions);

  // Built beside the file and moved over it once complete: a crash leaves either file whole.
  const building = `${path}.import-${process.pid}.tmp`;
  for (const leftover of ['', '-wal', '-shm']) rmSync(`${building}${leftover}`, { force: true });
  const database = StateDatabase.open(building);
  try {
    database.transaction(() => {
      for (const [hash, data] of uploads) database.putBlob(hash, data);
      for (const row of documentToRows(state)) database.put(row.collection, row.key, row.value);
    });
  } finally {
    database.close();
  }
  const backup = backupName(path);
  copyFileSync(path, backup);
  renameSync(building, path);
  const kept = [`${path} → ${backup}`];
  for (const suffix of ['.journal', '.blobs']) {
    if (!existsSync(`${path}${suffix}`)) continue;
    renameSync(`${path}${suffix}`, `${backup}${suffix}`);
    kept.push(`${path}${suffix} → ${backup}${suffix}`);
  }
  const from =
    journalEntries > 0
      ? `${path} and ${journalEntries} journal entr${journalEntries === 1 ? 'y' : 'ies'}`
      : path;
  return `Imported the JSON state file ${from} into a state database at ${path}: ${apps.projects.length} Apps Script project(s), ${apps.processes.length} process(es), ${bugsmash.projects.length} BugSmash project(s), ${bugsmash.comments.length} comment(s), ${uploads.size} upload(s). The old files are kept (${kept.join(', ')}).`;
}

// The state database: one SQLite file per `--state` (WAL, synchronous=FULL), through Node's built-in
// `node:sqlite`. Two tables: `entities` (one row per entity of the state document, its JSON and the
// CRC-32 of that JSON) and `blobs` (uploaded bytes by their SHA-256). Opening checks the file before
// anything is read: SQLite's own `quick_check` (structure only, not the bytes of a value), that it is
// an emulator database, then every entity's CRC and every upload's hash, so a bit flip or a truncated
// file is refused at start instead of loading silently. (A CRC, not a hash, for the entities: it
// catches every burst error up to 32 bits, and 10 000 of them cost about 4 ms instead of 30.)
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { crc32 } from 'node:zlib';
import { COLLECTIONS, type Collection } from './changes.ts';
import type { Row } from './rows.ts';
import { sqlite } from './sqlite.ts';

/** `PRAGMA application_id` of an emulator state database ("SBEM"). */
const APPLICATION_ID = 0x5342454d;
const SCHEMA_VERSION = 1;

/** A state database that cannot be opened or loaded; it is left untouched. */
export class StateFileError extends Error {}

/** What to do about a damaged database, for messages that name it. */
const damagedAdvice = (path: string) =>
  `It was left untouched: restore it from a copy, recover what is left with \`sqlite3 ${path} .recover\`, or start with another --state file.`;

/** SQLite's message for a failure (`database or disk is full`, ...). */
export function sqliteReason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class StateDatabase {
  readonly path: string;
  readonly db: DatabaseSync;
  readonly #upsert;
  readonly #remove;
  readonly #clear;
  readonly #putBlob;
  readonly #getBlob;
  readonly #dropBlobs;
  #closed = false;

  private constructor(path: string, db: DatabaseSync) {
    this.path = path;
    this.db = db;
    this.#upsert = db.prepare(
      'INSERT INTO entities (collection, key, value, crc32) VALUES (?, ?, ?, ?) ON CONFLICT (collection, key) DO UPDATE SET value = excluded.value, crc32 = excluded.crc32',
    );
    this.#remove = db.prepare('DELETE FROM entities WHERE collection = ? AND key = ?');
    this.#clear = db.prepare('DELETE FROM entities');
    this.#putBlob = db.prepare('INSERT OR IGNORE INTO blobs (sha256, data) VALUES (?, ?)');
    this.#getBlob = db.prepare('SELECT data FROM blobs WHERE sha256 = ?');
    this.#dropBlobs = db.prepare(`DELETE FROM blobs WHERE sha256 NOT IN (
        SELECT json_extract(f.value, '$.sha256') FROM entities AS e, json_each(e.value, '$.files') AS f
        WHERE e.collection = 'bs.versions' AND json_extract(f.value, '$.sha256') IS NOT NULL)
      AND sha256 NOT IN (SELECT value FROM json_each(?))`);
  }

  /**
   * Opens (creating when missing or empty) and checks a state database. Refuses with StateFileError,
   * naming the file and what to do, one that is damaged, not an emulator database, or read-only.
   */
  static open(path: string, options: { maxPages?: number } = {}): StateDatabase {
    // A read-only file (or folder, where the write-ahead log goes) is refused now, not at the first
    // write. Checked without writing: a database on a full disk must still open.
    for (const target of [path, dirname(path)]) {
      if (!existsSync(target)) continue;
      try {
        accessSync(target, constants.W_OK);
      } catch (error) {
        throw new StateFileError(
          `state database ${path} cannot be written (${target} is read-only: ${(error as NodeJS.ErrnoException).code ?? 'EACCES'}): make it writable, or start with another --state file.`,
        );
      }
    }
    let db: DatabaseSync | undefined;
    try {
      db = new (sqlite().DatabaseSync)(path);
      const checked = StateDatabase.#check(path, db);
      db.exec('PRAGMA journal_mode = WAL');
      db.exec('PRAGMA synchronous = FULL');
      if (options.maxPages !== undefined) db.exec(`PRAGMA max_page_count = ${options.maxPages}`);
      if (checked === 'new') {
        db.exec('BEGIN IMMEDIATE');
        db.exec(`PRAGMA application_id = ${APPLICATION_ID}`);
        db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
        db.exec(`CREATE TABLE entities (
          id INTEGER PRIMARY KEY, collection TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,
          crc32 INTEGER NOT NULL, UNIQUE (collection, key)) STRICT`);
        db.exec('CREATE TABLE blobs (sha256 TEXT PRIMARY KEY, data BLOB NOT NULL) STRICT');
        db.exec('COMMIT');
      }
      return new StateDatabase(path, db);
    } catch (error) {
      db?.close();
      if (error instanceof StateFileError) throw error;
      throw new StateFileError(StateDatabase.#explain(path, error));
    }
  }

  static #explain(path: string, error: unknown): string {
    const reason = sqliteReason(error);
    if (/readonly|read-only/i.test(reason))
      return `state database ${path} cannot be written (${reason}): make the file and its folder writable, or start with another --state file.`;
    if (/not a database|malformed|corrupt/i.test(reason))
      return `state database ${path} is damaged (${reason}). ${damagedAdvice(path)}`;
    return `state database ${path} cannot be opened (${reason}). It was left untouched.`;
  }

  /** SQLite's quick_check, then: an emulator database, or an empty file to make one of. */
  static #check(path: string, db: DatabaseSync): 'new' | 'existing' {
    const problems = db
      .prepare('PRAGMA quick_check')
      .all()
      .map((row) => String(Object.values(row)[0]));
    if (problems.length !== 1 || problems[0] !== 'ok')
      throw new StateFileError(
        `state database ${path} is damaged (quick_check: ${problems.slice(0, 3).join('; ')}). ${damagedAdvice(path)}`,
      );
    const id = Number(db.prepare('PRAGMA application_id').get()?.application_id ?? 0);
    const tables = Number(db.prepare('SELECT count(*) AS n FROM sqlite_schema').get()?.n ?? 0);
    if (id === APPLICATION_ID) {
      const version = Number(db.prepare('PRAGMA user_version').get()?.user_version ?? 0);
      if (version > SCHEMA_VERSION)
        throw new StateFileError(
          `state database ${path} was written by a newer emulator (schema ${version}); start it with that version, or with another --state file.`,
        );
      return 'existing';
    }
    if (id === 0 && tables === 0) return 'new';
    throw new StateFileError(
      `${path} is a SQLite database, but not an emulator state database; it was left untouched. Pass another --state file.`,
    );
  }

  /** Every entity, in the order it was first written; refuses a row whose JSON no longer matches its CRC. */
  readRows(): Row[] {
    const rows: Row[] = [];
    for (const row of this.db
      .prepare('SELECT collection, key, value, crc32 FROM entities ORDER BY id')
      .all()) {
      const collection = String(row.collection);
      const text = String(row.value);
      if (!(collection in COLLECTIONS) || crc32(text) !== row.crc32)
        throw new StateFileError(
          `state database ${this.path} is damaged (the ${collection} entity ${String(row.key)} does not match its CRC). ${damagedAdvice(this.path)}`,
        );
      rows.push({ collection: collection as Collection, key: String(row.key), value: JSON.parse(text) });
    }
    return rows;
  }

  /** Checks every stored upload against its hash (at start: a damaged upload is refused, not served). */
  verifyBlobs(): number {
    const hashes = this.db.prepare('SELECT sha256 FROM blobs').all();
    for (const { sha256 } of hashes) {
      const data = this.readBlob(String(sha256));
      if (data === undefined || createHash('sha256').update(data).digest('hex') !== sha256)
        throw new StateFileError(
          `state database ${this.path} is damaged (the stored upload ${String(sha256)} does not match its hash). ${damagedAdvice(this.path)}`,
        );
    }
    return hashes.length;
  }

  readBlob(hash: string): Uint8Array | undefined {
    const data = this.#getBlob.get(hash)?.data;
    return data instanceof Uint8Array ? data : undefined;
  }

  put(collection: Collection, key: string, value: unknown): void {
    const text = JSON.stringify(value);
    this.#upsert.run(collection, key, text, crc32(text));
  }

  remove(collection: Collection, key: string): void {
    this.#remove.run(collection, key);
  }

  clear(): void {
    this.#clear.run();
  }

  /**
   * Deletes the uploads no version names any more (a deleted project, a reset), except `keep`: bytes
   * of a request still running, whose version is not saved yet.
   */
  dropUnnamedBlobs(keep: readonly string[]): void {
    this.#dropBlobs.run(JSON.stringify(keep));
  }

  putBlob(hash: string, data: Uint8Array): void {
    this.#putBlob.run(hash, data);
  }

  /** Runs `write` in one transaction: all of it is committed, or none of it. */
  transaction(write: () => void): void {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      write();
      this.db.exec('COMMIT');
    } catch (error) {
      // SQLite may have rolled back already (after SQLITE_FULL, say); then there is nothing to undo.
      try {
        this.db.exec('ROLLBACK');
      } catch {}
      throw error;
    }
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.db.close();
  }
}

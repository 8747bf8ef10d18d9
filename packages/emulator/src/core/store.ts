// The emulator's state on disk: a state database (database.ts) kept in step with the state in memory.
// Backends note every entity a request creates, changes or deletes (changes.ts); after the request,
// `flush()` writes those entities, and any uploads waiting, in one transaction that is committed
// before the answer is sent. When the commit fails (a full disk, a read-only file, an I/O error)
// nothing of it is on disk, memory is put back as the database holds it, and the request is answered
// with an error: the client is never told a write happened that was not kept.
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { BlobStore } from './blobs.ts';
import type { Changes, Collection } from './changes.ts';
import { StateDatabase, StateFileError, sqliteReason } from './database.ts';
import { importLegacyState } from './legacy.ts';
import { documentToRows, rowsToDocument } from './rows.ts';

type JsonObject = Record<string, unknown>;

export { StateFileError };

export interface StateSource {
  /** The whole state document. */
  snapshot(): JsonObject;
  /** The current value of one entity, or undefined when it no longer exists. */
  lookup(collection: Collection, key: string): unknown;
  /** Puts the state in memory back to a document read from the database (after a failed save). */
  restore(document: JsonObject): void;
}

export interface StateStoreOptions {
  /** Largest database, in pages of 4 KiB (tests: a database that is full). */
  maxPages?: number;
}

const SQLITE_MAGIC = 'SQLite format 3\0';

/** What a `--state` path holds: nothing (or an empty file), a SQLite database, or something else. */
function sniff(path: string): 'new' | 'sqlite' | 'other' {
  if (!existsSync(path) || statSync(path).size === 0) return 'new';
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(SQLITE_MAGIC.length);
    readSync(fd, head, 0, head.length, 0);
    return head.toString('latin1') === SQLITE_MAGIC ? 'sqlite' : 'other';
  } finally {
    closeSync(fd);
  }
}

export class StateStore {
  readonly database: StateDatabase;
  readonly blobs: BlobStore;
  readonly #changes: Changes;
  #source: StateSource | undefined;

  private constructor(database: StateDatabase, changes: Changes) {
    this.database = database;
    this.#changes = changes;
    this.blobs = new BlobStore({ read: (hash) => database.readBlob(hash) });
  }

  /**
   * Opens the state database at `path` (importing a state file of the old JSON format first): returns
   * the document it holds, or undefined when it holds nothing yet, and the import's one-line report.
   */
  static open(
    path: string,
    changes: Changes,
    options: StateStoreOptions = {},
  ): { store: StateStore; document: JsonObject | undefined; imported: string | undefined } {
    const kind = sniff(path);
    const imported = kind === 'other' ? importLegacyState(path) : undefined;
    const database = StateDatabase.open(path, options);
    try {
      database.verifyBlobs();
      const rows = database.readRows();
      const document = rows.length === 0 ? undefined : rowsToDocument(rows);
      return { store: new StateStore(database, changes), document, imported };
    } catch (error) {
      database.close();
      throw error;
    }
  }

  /**
   * Starts saving `source`, loaded from `document` (what `open` returned). When the state in memory
   * is not what the database holds (a new database, seeded, or processes to renumber), it is written
   * whole first.
   */
  attach(source: StateSource, document: JsonObject | undefined): void {
    this.#source = source;
    this.#changes.clear();
    const snapshot = source.snapshot();
    if (document === undefined || !sameProcessOrder(document, snapshot)) this.#changes.replaceAll();
    if (this.#changes.pending) this.#commit();
  }

  /** Resolves once every change noted so far is committed; rejects (memory put back) when it cannot be. */
  flush(): Promise<void> {
    // Uploads wait for the entity naming them: they are committed with the next entity change (all of
    // them, in its transaction), so a request that changed no entity writes nothing.
    if (!this.#changes.pending) return this.#checkNotLost();
    try {
      this.#commit();
    } catch (error) {
      const reason = `the state database could not be written: ${sqliteReason(error)}`;
      try {
        this.#undo();
      } catch (undoError) {
        return Promise.reject(
          new Error(
            `${reason}; reading it back failed too (${sqliteReason(undoError)}): restart the emulator`,
          ),
        );
      }
      return Promise.reject(new Error(reason));
    }
    return this.#checkNotLost();
  }

  /** A change of this request undone by another request's failed save is an error for this one too. */
  #checkNotLost(): Promise<void> {
    if (!this.#changes.lostHere()) return Promise.resolve();
    return Promise.reject(
      new Error('the state database could not be written (a save failed while this request ran)'),
    );
  }

  close(): void {
    this.database.close();
  }

  #commit(): void {
    const source = this.#source;
    if (source === undefined) return;
    const { all, keys } = this.#changes.take();
    const blobs = this.blobs.waiting();
    try {
      this.database.transaction(() => {
        for (const [hash, data] of blobs) this.database.putBlob(hash, data);
        let versionsGone = all;
        if (all) {
          this.database.clear();
          for (const row of documentToRows(source.snapshot()))
            this.database.put(row.collection, row.key, row.value);
        }
        for (const [collection, key] of all ? [] : keys) {
          const value = source.lookup(collection, key);
          if (value !== undefined) this.database.put(collection, key, value);
          else {
            this.database.remove(collection, key);
            if (collection === 'bs.versions') versionsGone = true;
          }
        }
        // Uploads of deleted versions go with them, in the same transaction.
        if (versionsGone) this.database.dropUnnamedBlobs(blobs.map(([hash]) => hash));
      });
    } catch (error) {
      // Not committed: noted again, so that `#undo` (or the next save) knows something is pending.
      if (all) this.#changes.replaceAll();
      throw error;
    }
    this.blobs.committed();
    this.#changes.committed();
  }

  /** After a failed commit: memory goes back to what the database holds. */
  #undo(): void {
    this.#changes.clear();
    this.#changes.undone();
    const rows = this.database.readRows();
    this.#source?.restore(rowsToDocument(rows));
  }
}

/**
 * Whether every process keeps, in the process store (which sorts them by start time), the position
 * that is its key in the database; saves address a process by that position.
 */
function sameProcessOrder(document: JsonObject, snapshot: JsonObject): boolean {
  type Process = { startTime?: unknown; scriptId?: unknown; functionName?: unknown };
  const processes = (doc: JsonObject) =>
    ((doc.appsScript as JsonObject | undefined)?.processes ?? []) as Process[];
  const stored = processes(document);
  const loaded = processes(snapshot);
  const same = (a: Process | undefined, b: Process | undefined) =>
    a?.startTime === b?.startTime && a?.scriptId === b?.scriptId && a?.functionName === b?.functionName;
  return stored.length === loaded.length && stored.every((p, i) => same(p, loaded[i]));
}

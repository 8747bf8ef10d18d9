// The state file, saved so that a write costs what it changes. Two files:
//
// - `<state>`: a snapshot, the state document plus `"$journal": <seq>` (the last journal entry it holds);
// - `<state>.journal`: one JSON line per save, `{"seq":n,"ops":[[collection, key, value|null], ...]}`,
//   the entities a request created, changed (`value`) or deleted (`null`).
//
// A save appends one line and fsyncs it before the answer is sent, so every acknowledged write
// survives a crash (kill -9 included). When the journal grows past the snapshot (or at shutdown, or
// on a reset) the state is compacted: a new snapshot (temp file, fsync, rename, fsync of the folder),
// then the journal is emptied. Loading replays the journal's entries newer than the snapshot; a
// torn last line (a write that was never acknowledged) is dropped, anything else that does not parse
// is refused with a clear message and the files are left untouched. A failed save puts the state in
// memory back as it is on disk, removes its temp file, and the next save starts afresh.
import { existsSync } from 'node:fs';
import { type FileHandle, open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { type Changes, COLLECTIONS, type Collection } from './changes.ts';

type JsonObject = Record<string, unknown>;

/** A state file (or its journal) that cannot be loaded: it is left untouched. */
export class StateFileError extends Error {}

export interface StateSource {
  /** The whole state document (without `$journal`). */
  snapshot(): JsonObject;
  /** The current value of one entity, or undefined when it no longer exists. */
  lookup(collection: Collection, key: string): unknown;
  /** Puts the state in memory back to a document read from disk (after a failed save). */
  restore(document: JsonObject): void;
}

export interface StateFileOptions {
  /** Compact once the journal is larger than this many bytes and than the snapshot (default 4 MiB). */
  compactBytes?: number;
  /** Opens files for writing (default fs/promises `open`); tests pass one whose disk fills up. */
  open?: (path: string, flags: string) => Promise<FileHandle>;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Applies journal operations to a state document (plain JSON), in order. */
export function applyOps(doc: JsonObject, ops: readonly [string, string, unknown][]): void {
  const indexes = new Map<string, Map<string, number>>();
  for (const [collection, key, value] of ops) {
    const spec = COLLECTIONS[collection as Collection];
    if (spec === undefined) throw new StateFileError(`unknown collection ${collection} in the journal`);
    if (doc[spec.service] === undefined) doc[spec.service] = {};
    const service = doc[spec.service] as JsonObject;
    if (spec.list === 'workspace') {
      service.workspace = value;
      continue;
    }
    if (!Array.isArray(service[spec.list])) service[spec.list] = [];
    const list = service[spec.list] as unknown[];
    if (spec.key === '') {
      // Processes are addressed by their position (the store only appends and updates).
      const i = Number(key);
      if (value === null) continue;
      list[i] = value;
      continue;
    }
    let index = indexes.get(collection);
    if (index === undefined) {
      index = new Map(list.map((item, i) => [String((item as JsonObject)[spec.key]), i]));
      indexes.set(collection, index);
    }
    const at = index.get(key);
    if (value === null) {
      if (at !== undefined) list[at] = undefined;
      index.delete(key);
    } else if (at === undefined) {
      index.set(key, list.length);
      list.push(value);
    } else list[at] = value;
  }
  for (const spec of Object.values(COLLECTIONS)) {
    const service = doc[spec.service] as JsonObject | undefined;
    const list = service?.[spec.list];
    if (service !== undefined && Array.isArray(list))
      service[spec.list] = list.filter((item) => item !== undefined && item !== null);
  }
}

export class StateFile {
  readonly path: string;
  readonly journalPath: string;
  readonly #changes: Changes;
  readonly #compactBytes: number;
  readonly #open: (path: string, flags: string) => Promise<FileHandle>;
  #source: StateSource | undefined;
  #journal: FileHandle | undefined;
  #journalBytes = 0;
  #snapshotBytes = 0;
  #seq = 0;
  #chain: Promise<void> = Promise.resolve();
  #counter = 0;
  /** Bumped when memory is restored from disk: saves requested before that fail. */
  #epoch = 0;
  #compactQueued = false;

  private constructor(path: string, changes: Changes, options: StateFileOptions) {
    this.path = path;
    this.journalPath = `${path}.journal`;
    this.#changes = changes;
    this.#compactBytes = options.compactBytes ?? 4 * 1024 * 1024;
    this.#open = options.open ?? ((path, flags) => open(path, flags));
  }

  /**
   * Opens a state file: returns the document it holds (snapshot plus journal), or undefined when
   * there is none yet. Refuses (StateFileError) a file or journal that does not parse.
   */
  static async open(
    path: string,
    changes: Changes,
    options: StateFileOptions = {},
  ): Promise<{ file: StateFile; document: JsonObject | undefined }> {
    const file = new StateFile(path, changes, options);
    await file.#removeStaleTemps();
    const document = await file.#read(true);
    return { file, document };
  }

  /** Starts saving `source` (after it was loaded): writes a fresh snapshot and an empty journal. */
  async attach(source: StateSource): Promise<void> {
    this.#source = source;
    this.#changes.clear();
    await this.#compact();
  }

  /** Resolves once every change noted so far is on disk; a request that changed nothing waits for nothing. */
  flush(): Promise<void> {
    if (!this.#changes.pending) return Promise.resolve();
    const epoch = this.#epoch;
    const step = this.#chain.then(() => {
      if (epoch !== this.#epoch) throw new Error('an earlier save failed and the change was undone');
      return this.#save();
    });
    this.#chain = step.catch(() => undefined);
    return step;
  }

  /** Compacts now (shutdown): a new snapshot, an empty journal. */
  compact(): Promise<void> {
    const step = this.#chain.then(() => this.#compact());
    this.#chain = step.catch(() => undefined);
    return step;
  }

  async close(): Promise<void> {
    await this.compact().catch(() => undefined);
    await this.#chain;
    await this.#journal?.close();
    this.#journal = undefined;
  }

  get journalBytes(): number {
    return this.#journalBytes;
  }

  async #save(): Promise<void> {
    const { all, keys } = this.#changes.take();
    if (all) return this.#guard(() => this.#compact(true));
    if (keys.length === 0) return;
    const source = this.#source;
    if (source === undefined) return;
    await this.#guard(async () => {
      const ops = keys.map(([collection, key]) => [collection, key, source.lookup(collection, key) ?? null]);
      const line = `${JSON.stringify({ seq: this.#seq + 1, ops })}\n`;
      const journal = await this.#openJournal();
      const before = this.#journalBytes;
      try {
        await journal.write(line);
        await journal.datasync();
      } catch (error) {
        // Cut a partial line off, so the journal stays a list of whole entries.
        await journal.truncate(before).catch(() => undefined);
        throw error;
      }
      this.#seq++;
      this.#journalBytes += Buffer.byteLength(line);
    });
    if (this.#journalBytes > Math.max(this.#compactBytes, this.#snapshotBytes) && !this.#compactQueued) {
      // In the background: the request that crossed the line does not wait for it.
      this.#compactQueued = true;
      void this.compact()
        .catch(() => undefined)
        .finally(() => {
          this.#compactQueued = false;
        });
    }
  }

  /** Runs a write; when it fails, memory goes back to what is on disk and the error is passed on. */
  async #guard(write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      this.#epoch++;
      this.#changes.clear();
      const document = await this.#read(false).catch(() => undefined);
      if (document !== undefined) this.#source?.restore(document);
      throw error;
    }
  }

  async #compact(guarded = false): Promise<void> {
    const source = this.#source;
    if (source === undefined) return;
    const run = async () => {
      // The snapshot holds every change made so far, including ones not journaled yet.
      this.#changes.take();
      const text = JSON.stringify({ ...source.snapshot(), $journal: this.#seq });
      await this.#writeAtomic(text);
      this.#snapshotBytes = Buffer.byteLength(text);
      const journal = await this.#openJournal();
      await journal.truncate(0);
      await journal.datasync();
      this.#journalBytes = 0;
    };
    if (guarded) return run();
    return this.#guard(run);
  }

  async #openJournal(): Promise<FileHandle> {
    this.#journal ??= await this.#open(this.journalPath, 'a');
    return this.#journal;
  }

  async #writeAtomic(text: string): Promise<void> {
    const tmp = `${this.path}.${process.pid}.${++this.#counter}.tmp`;
    try {
      const handle = await this.#open(tmp, 'w');
      try {
        await handle.writeFile(text);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(tmp, this.path);
    } catch (error) {
      await unlink(tmp).catch(() => undefined);
      throw error;
    }
    // The rename itself is durable only once the folder is synced.
    const dir = await open(dirname(this.path), 'r').catch(() => undefined);
    await dir?.sync().catch(() => undefined);
    await dir?.close();
  }

  /** Reads snapshot + journal. At start (`repair`), a torn last journal line is cut off. */
  async #read(repair: boolean): Promise<JsonObject | undefined> {
    let text: string | undefined;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    let doc: JsonObject | undefined;
    if (text !== undefined) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
          throw new Error('it is not a JSON object');
        doc = parsed as JsonObject;
      } catch (error) {
        throw new StateFileError(
          `state file ${this.path} cannot be loaded (left untouched): ${text.trim() === '' ? 'it is empty (truncated?)' : error instanceof Error ? error.message : String(error)}. Restore it from a copy, or start with another --state file.`,
        );
      }
    }
    const since = typeof doc?.$journal === 'number' ? doc.$journal : 0;
    if (doc !== undefined) delete doc.$journal;
    this.#seq = since;
    let journal: string;
    try {
      journal = await readFile(this.journalPath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      return doc;
    }
    const lines = journal.split('\n');
    const torn = lines.pop() ?? '';
    let good = 0;
    for (const [i, line] of lines.entries()) {
      let entry: { seq?: unknown; ops?: unknown };
      try {
        entry = JSON.parse(line) as typeof entry;
        if (typeof entry.seq !== 'number' || !Array.isArray(entry.ops))
          throw new Error('not a journal entry');
      } catch (error) {
        throw new StateFileError(
          `state journal ${this.journalPath} is corrupt at line ${i + 1} (left untouched): ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      good += Buffer.byteLength(line) + 1;
      if (entry.seq <= since) continue;
      doc ??= { version: 1 };
      applyOps(doc, entry.ops as [string, string, unknown][]);
      this.#seq = entry.seq;
    }
    if (torn !== '' && repair) {
      // The last write never completed (so it was never acknowledged): drop it.
      const handle = await open(this.journalPath, 'r+');
      await handle.truncate(good);
      await handle.close();
    }
    return doc;
  }

  /** Temp files of a process that is gone (a crash mid-write) are removed at start. */
  async #removeStaleTemps(): Promise<void> {
    const dir = dirname(this.path);
    if (!existsSync(dir)) return;
    const prefix = `${basename(this.path)}.`;
    for (const name of await readdir(dir)) {
      const match = /\.(\d+)\.\d+\.tmp$/.exec(name);
      if (!name.startsWith(prefix) || match === null) continue;
      if (!pidAlive(Number(match[1]))) await unlink(join(dir, name)).catch(() => undefined);
    }
  }
}

// What changed since the last save, entity by entity, so a save writes what a request changed and not
// the whole state. Backends call `touch(collection, key)` for every entity they create, change or
// delete; a reset or a replaced state calls `replaceAll()`.
//
// Changes are also numbered, and counted for the request that made them: a save takes every pending
// change, whichever request made it, so when one fails and memory is read back from the database,
// the changes of other requests still running are undone too. `lostHere()` tells such a request,
// which must then not be acknowledged either.
import { AsyncLocalStorage } from 'node:async_hooks';

/** Collections of the state document that are saved entity by entity. */
export const COLLECTIONS = {
  'as.users': { service: 'appsScript', list: 'users', key: 'email' },
  'as.tokens': { service: 'appsScript', list: 'tokens', key: '' },
  'as.projects': { service: 'appsScript', list: 'projects', key: 'scriptId' },
  'as.processes': { service: 'appsScript', list: 'processes', key: '' },
  'as.driveFiles': { service: 'appsScript', list: 'driveFiles', key: 'id' },
  'bs.projects': { service: 'bugsmash', list: 'projects', key: 'id' },
  'bs.versions': { service: 'bugsmash', list: 'versions', key: 'id' },
  'bs.comments': { service: 'bugsmash', list: 'comments', key: 'comment_id' },
  'bs.folders': { service: 'bugsmash', list: 'folders', key: 'id' },
  'bs.webhooks': { service: 'bugsmash', list: 'webhooks', key: 'id' },
  'bs.workspace': { service: 'bugsmash', list: 'workspace', key: '' },
  'sh.spreadsheets': { service: 'sheets', list: 'spreadsheets', key: 'spreadsheetId' },
} as const;

export type Collection = keyof typeof COLLECTIONS;

/** The numbers of the first and last change one request made (0: none yet). */
interface RequestChanges {
  first: number;
  last: number;
}

export class Changes {
  readonly #dirty = new Map<Collection, Set<string>>();
  #all = false;
  readonly #requests = new AsyncLocalStorage<RequestChanges>();
  /** Number of the last change noted. */
  #seq = 0;
  /** Number of the last change a save committed. */
  #committed = 0;
  /** Changes undone by failed saves: ranges (from, to] of their numbers, merged, oldest first. */
  readonly #lost: [number, number][] = [];

  /** Runs `work` (and the async work it starts) as one request: the changes it makes are counted for it. */
  inRequest<T>(work: () => T): T {
    return this.#requests.run({ first: 0, last: 0 }, work);
  }

  /**
   * The current request's record, to carry by hand to work answered outside its async context (a
   * run's host calls, which arrive on the sandbox channel's port); `within` runs work counted for it.
   */
  request(): RequestChanges | undefined {
    return this.#requests.getStore();
  }

  /** Runs `work` counted for `request` (from `request()`), or for no request. */
  within<T>(request: RequestChanges | undefined, work: () => T): T {
    return request === undefined ? this.#requests.exit(work) : this.#requests.run(request, work);
  }

  #number(): void {
    const n = ++this.#seq;
    const request = this.#requests.getStore();
    if (request === undefined) return;
    if (request.first === 0) request.first = n;
    request.last = n;
  }

  /** Every change noted so far is committed. */
  committed(): void {
    this.#committed = this.#seq;
  }

  /** Every change not committed was undone (a failed save read memory back from the database). */
  undone(): void {
    const from = this.#committed;
    const last = this.#lost.at(-1);
    if (last !== undefined && from <= last[1]) last[1] = this.#seq;
    else if (from < this.#seq) this.#lost.push([from, this.#seq]);
  }

  /** Whether a failed save undid a change the current request made (it must not be acknowledged). */
  lostHere(): boolean {
    const request = this.#requests.getStore();
    if (request === undefined || request.first === 0) return false;
    for (let i = this.#lost.length - 1; i >= 0; i--) {
      const [from, to] = this.#lost[i] ?? [0, 0];
      if (to < request.first) return false;
      if (request.last > from) return true;
    }
    return false;
  }

  /** Notes that one entity was created, changed or deleted. */
  touch(collection: Collection, key: string): void {
    this.#number();
    if (this.#all) return;
    let keys = this.#dirty.get(collection);
    if (keys === undefined) {
      keys = new Set();
      this.#dirty.set(collection, keys);
    }
    keys.add(key);
  }

  /** Notes that the whole state was replaced (reset, seed, a new state document). */
  replaceAll(): void {
    this.#number();
    this.#all = true;
    this.#dirty.clear();
  }

  get pending(): boolean {
    return this.#all || this.#dirty.size > 0;
  }

  /** What changed, and forgets it. */
  take(): { all: boolean; keys: [Collection, string][] } {
    const all = this.#all;
    const keys: [Collection, string][] = [];
    for (const [collection, set] of this.#dirty) for (const key of set) keys.push([collection, key]);
    this.#all = false;
    this.#dirty.clear();
    return { all, keys };
  }

  /** Forgets everything (the state was just restored from disk). */
  clear(): void {
    this.take();
  }
}

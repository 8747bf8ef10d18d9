// What changed since the last save, entity by entity, so a save writes what a request changed and not
// the whole state. Backends call `touch(collection, key)` for every entity they create, change or
// delete; a reset or a replaced state calls `replaceAll()`.

/** Collections of the state document that are saved entity by entity. */
export const COLLECTIONS = {
  'as.users': { service: 'appsScript', list: 'users', key: 'email' },
  'as.tokens': { service: 'appsScript', list: 'tokens', key: '' },
  'as.projects': { service: 'appsScript', list: 'projects', key: 'scriptId' },
  'as.processes': { service: 'appsScript', list: 'processes', key: '' },
  'bs.projects': { service: 'bugsmash', list: 'projects', key: 'id' },
  'bs.versions': { service: 'bugsmash', list: 'versions', key: 'id' },
  'bs.comments': { service: 'bugsmash', list: 'comments', key: 'comment_id' },
  'bs.folders': { service: 'bugsmash', list: 'folders', key: 'id' },
  'bs.webhooks': { service: 'bugsmash', list: 'webhooks', key: 'id' },
  'bs.workspace': { service: 'bugsmash', list: 'workspace', key: '' },
} as const;

export type Collection = keyof typeof COLLECTIONS;

export class Changes {
  readonly #dirty = new Map<Collection, Set<string>>();
  #all = false;

  /** Notes that one entity was created, changed or deleted. */
  touch(collection: Collection, key: string): void {
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

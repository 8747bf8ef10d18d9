// The lists a paging agent asks for again and again (offset 0, 35, 70, ... of 5,000 comments) are
// fetched once and kept for a minute, so each page is cheap and all pages come from one snapshot.
// Any write the server makes clears them all: a list read after a change is fresh.
const TTL_MS = 60_000;
const MAX_ENTRIES = 8;

export class ListMemo {
  readonly #entries = new Map<string, { at: number; value: Promise<unknown> }>();

  get<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
    const hit = this.#entries.get(key);
    if (hit !== undefined && now - hit.at < TTL_MS) return hit.value as Promise<T>;
    const value = load();
    this.#entries.delete(key);
    this.#entries.set(key, { at: now, value });
    value.catch(() => this.#entries.delete(key));
    // The oldest entry goes first (a Map iterates in insertion order).
    for (const old of this.#entries.keys()) {
      if (this.#entries.size <= MAX_ENTRIES) break;
      this.#entries.delete(old);
    }
    return value;
  }

  clear(): void {
    this.#entries.clear();
  }
}

// Saves the state document after every change with an atomic write (temp file, fsync, rename), and
// before the response that caused the change is sent, so a crash or Ctrl-C loses nothing.
import { open, rename, unlink } from 'node:fs/promises';

export class StateFile {
  readonly path: string;
  readonly #snapshot: () => unknown;
  #saved = 0;
  #changes = 0;
  #writing: Promise<void> = Promise.resolve();
  #counter = 0;

  constructor(path: string, snapshot: () => unknown) {
    this.path = path;
    this.#snapshot = snapshot;
  }

  /** Notes that the state changed; the next `flush()` writes it. */
  changed(): void {
    this.#changes++;
  }

  /** Resolves once every change noted so far is on disk. Concurrent callers share writes. */
  flush(): Promise<void> {
    const target = this.#changes;
    if (this.#saved >= target) return this.#writing;
    // A failed write fails its callers but must not wedge later writes.
    this.#writing = this.#writing
      .catch(() => undefined)
      .then(async () => {
        if (this.#saved >= target) return;
        const upTo = this.#changes;
        await this.#write(JSON.stringify(this.#snapshot()));
        this.#saved = upTo;
      });
    return this.#writing;
  }

  async #write(text: string): Promise<void> {
    const tmp = `${this.path}.${process.pid}.${++this.#counter}.tmp`;
    const handle = await open(tmp, 'w');
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(tmp, this.path);
    } catch (error) {
      await unlink(tmp).catch(() => undefined);
      throw error;
    }
  }
}

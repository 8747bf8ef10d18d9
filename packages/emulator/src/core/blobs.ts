// Uploaded bytes, content-addressed: stored once under their SHA-256, outside the state document, so
// a change to the state never rewrites them. With a state file they are files in `<state>.blobs/`
// (written once: temp file, fsync, rename); without one they stay in memory.
import { createHash } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { access, mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';

export const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

export class BlobStore {
  readonly dir: string | undefined;
  readonly #memory = new Map<string, Uint8Array>();
  readonly #known = new Set<string>();
  #counter = 0;

  /** `dir` undefined: kept in memory. */
  constructor(dir?: string) {
    this.dir = dir;
  }

  /** Stores the bytes (once) and returns their hash. Resolves once they are durable. */
  async put(data: Uint8Array): Promise<string> {
    const hash = sha256(data);
    if (this.dir === undefined) {
      this.#memory.set(hash, data);
      return hash;
    }
    if (this.#known.has(hash)) return hash;
    const path = join(this.dir, hash);
    const exists = await access(path).then(
      () => true,
      () => false,
    );
    if (!exists) {
      await mkdir(this.dir, { recursive: true });
      const tmp = `${path}.${process.pid}.${++this.#counter}.tmp`;
      try {
        const handle = await open(tmp, 'w');
        try {
          await handle.writeFile(data);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(tmp, path);
      } catch (error) {
        await unlink(tmp).catch(() => undefined);
        throw error;
      }
    }
    this.#known.add(hash);
    return hash;
  }

  /** The same, synchronously: for the few bytes of the demo data set and of inline state documents. */
  putSync(data: Uint8Array): string {
    const hash = sha256(data);
    if (this.dir === undefined) {
      this.#memory.set(hash, data);
      return hash;
    }
    if (this.#known.has(hash)) return hash;
    mkdirSync(this.dir, { recursive: true });
    const path = join(this.dir, hash);
    const tmp = `${path}.${process.pid}.${++this.#counter}.tmp`;
    const fd = openSync(tmp, 'w');
    try {
      writeSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
    this.#known.add(hash);
    return hash;
  }

  async get(hash: string): Promise<Uint8Array | undefined> {
    if (!/^[0-9a-f]{64}$/.test(hash)) return undefined;
    if (this.dir === undefined) return this.#memory.get(hash);
    return readFile(join(this.dir, hash)).catch(() => undefined);
  }
}

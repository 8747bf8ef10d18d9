// Uploaded bytes, content-addressed by their SHA-256 so that identical uploads are stored once. With a
// state database they are rows of its `blobs` table, written in the same transaction as the entity
// that names them (until then they wait here, pending); without one they stay in memory. Bytes read
// back are checked against their hash: a damaged upload is an error, never served.
import { createHash } from 'node:crypto';

export const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** Where committed blobs live (the state database). */
export interface BlobTable {
  read(hash: string): Uint8Array | undefined;
}

/** An upload whose bytes no longer match their hash. */
class DamagedBlobError extends Error {}

export class BlobStore {
  readonly #table: BlobTable | undefined;
  /** Without a table: every blob. With one: blobs not committed yet. */
  readonly #pending = new Map<string, Uint8Array>();

  /** `table` undefined: kept in memory. */
  constructor(table?: BlobTable) {
    this.#table = table;
  }

  /** Stores the bytes (once) and returns their hash; with a table they are durable at the next save. */
  putSync(data: Uint8Array): string {
    const hash = sha256(data);
    this.#pending.set(hash, data);
    return hash;
  }

  async get(hash: string): Promise<Uint8Array | undefined> {
    if (!/^[0-9a-f]{64}$/.test(hash)) return undefined;
    const data = this.#pending.get(hash) ?? this.#table?.read(hash);
    if (data !== undefined && this.#table !== undefined && sha256(data) !== hash)
      throw new DamagedBlobError(
        `the stored upload ${hash} is damaged (its bytes no longer match their hash)`,
      );
    return data;
  }

  /**
   * The blobs waiting to be committed. Each save writes them all, and they stay pending until it
   * succeeds: a request may have stored bytes and not yet the entity naming them.
   */
  waiting(): [string, Uint8Array][] {
    return this.#table === undefined ? [] : [...this.#pending];
  }

  /** The waiting blobs are in the table now. */
  committed(): void {
    if (this.#table !== undefined) this.#pending.clear();
  }
}

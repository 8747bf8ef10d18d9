// Files written whole or not at all: a temporary file next to the target, flushed to disk, then
// renamed over it (a rename within one directory is atomic on POSIX), so a crash or an error never
// leaves a half-written export, state or secret file behind.
import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { finished } from 'node:stream/promises';

function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

/** Writes `data` to `path` atomically, creating the file with `mode` (default 0o644). */
export async function writeFileAtomic(path: string, data: string | Uint8Array, mode = 0o644): Promise<void> {
  const temp = tempPathFor(path);
  try {
    const handle = await open(temp, 'wx', mode);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** A stream to a temporary file that becomes `path` on `commit()`, or disappears on `abort()`. */
export interface AtomicFile {
  stream: WriteStream;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

export function openAtomic(path: string, mode = 0o644): AtomicFile {
  const temp = tempPathFor(path);
  const stream = createWriteStream(temp, { flags: 'wx', mode });
  let settled = false;
  return {
    stream,
    async commit() {
      if (settled) return;
      settled = true;
      stream.end();
      await finished(stream);
      const handle = await open(temp, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, path);
    },
    async abort() {
      if (settled) return;
      settled = true;
      stream.destroy();
      await finished(stream).catch(() => undefined);
      await rm(temp, { force: true });
    },
  };
}

// The one way tools/ writes a file: whole or not at all. The data goes to a temporary file next to
// the target, is flushed to disk (fsync), then renamed over it (a rename within one directory is
// atomic on POSIX), so a crash or an error never leaves a half-written export, state, project or
// secret file behind, and a failure removes the temporary file.
//
// A whole file goes through npm's write-file-atomic, which also queues concurrent writes of one file
// within the process and removes its temporary file if the process exits mid-write. It cannot
// stream, nor replace several files together: `openAtomic` (an export written as it is fetched) and
// `stageFiles` (a pull's files) take the same steps here.
import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { finished } from 'node:stream/promises';

function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

/**
 * Writes `data` to `path` atomically. With `mode` (0o600 for a secret), the file ends with exactly that
 * mode; without, it keeps the mode of the file it replaces (a new one gets 0o666 less the umask).
 */
export async function writeFileAtomic(path: string, data: string, mode?: number): Promise<void> {
  // Loaded on the first write: importing @specbound/tools stays free of it (and of signal-exit).
  const { default: write } = await import('write-file-atomic');
  await write(path, data, mode === undefined ? {} : { mode });
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

/** Files written and flushed to their temporary names, waiting to replace their targets together. */
export interface StagedFiles {
  /** Renames every temporary file over its target. */
  commit(): Promise<void>;
}

/**
 * Writes every file to a temporary file next to its target and flushes it; resolves once all are on
 * disk, before any target is touched. On a failure it removes the temporary files already written and
 * rejects, every target unchanged. New files get `mode` less the umask (0o666, as `writeFile`).
 */
export async function stageFiles(
  files: readonly { path: string; data: string | Uint8Array }[],
  mode = 0o666,
): Promise<StagedFiles> {
  const staged: { temp: string; path: string }[] = [];
  try {
    for (const { path, data } of files) {
      const temp = tempPathFor(path);
      const handle = await open(temp, 'wx', mode);
      staged.push({ temp, path });
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
  } catch (error) {
    await Promise.all(staged.map(({ temp }) => rm(temp, { force: true })));
    throw error;
  }
  return {
    async commit() {
      for (const { temp, path } of staged) await rename(temp, path);
    },
  };
}

// `push --watch`: a first push, then a push after each save that changes what a push would send.
// The content directory is watched with node's own recursive `fs.watch` (Linux, macOS and Windows
// on Node ≥ 20), so no watcher library is needed. Events are debounced, then the project is scanned
// with the push rules: a change to an ignored file, to `.clasp.json` or the state file, or a save of
// byte-identical content leaves the scan's fingerprint as it was, and nothing is sent. Every push goes
// through `pushProject`, so a remote change since the last sync is refused as in a plain push.
import { createHash } from 'node:crypto';
import { watch } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { AppsScriptClient } from '@specbound/apps-script';
import { ToolsError } from '../errors.js';
import { fileHash, loadProject } from './config.js';
import { scanLocalFiles } from './files.js';
import { type PushOptions, type PushResult, pushProject } from './push.js';

/** How long the watch waits after the last file event before it scans (editors save in bursts). */
export const WATCH_DEBOUNCE_MS = 120;

export interface WatchOptions extends Omit<PushOptions, 'dryRun'> {
  /** Ends the watch (after a push in flight has finished). */
  signal?: AbortSignal | undefined;
  debounceMs?: number | undefined;
  /** Called after the first push and after each later one, whether it succeeded or failed. */
  onPush(outcome: WatchOutcome): void;
}

export type WatchOutcome = { ok: true; result: PushResult } | { ok: false; error: unknown };

/** Raised when the watched content directory disappears: there is nothing left to push. */
export class WatchedFolderGoneError extends ToolsError {
  constructor(dir: string) {
    super(`The watched folder ${dir} no longer exists; the watch ended.`, {
      code: 'watch-folder-gone',
      details: { dir },
    });
  }
}

/** A hash of what a push would send: each file's name, type and source, in push order, and each `.ts` file. */
async function fingerprint(options: WatchOptions): Promise<string> {
  const project = await loadProject(options.dir, { ignoreFile: options.ignoreFile });
  const { files, typescript } = await scanLocalFiles(project);
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file.name}\0${fileHash(file)}\n`);
  for (const file of typescript) hash.update(`${file.path}\0${file.source}\n`);
  return hash.digest('hex');
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() === true;
}

/**
 * Pushes the project, then watches its content directory and pushes each change a push would send,
 * one push at a time. A failed push is reported through `onPush` and the watch goes on. Resolves when
 * `signal` aborts; rejects with `WatchedFolderGoneError` when the content directory is removed.
 */
export async function watchProject(client: AppsScriptClient, options: WatchOptions): Promise<void> {
  const { contentDir } = await loadProject(options.dir, { ignoreFile: options.ignoreFile });
  const debounceMs = options.debounceMs ?? WATCH_DEBOUNCE_MS;
  let sent: string | undefined;
  const attempt = async (): Promise<void> => {
    try {
      const print = await fingerprint(options);
      if (print === sent) return;
      const result = await pushProject(client, {
        dir: options.dir,
        force: options.force,
        ignoreFile: options.ignoreFile,
      });
      sent = print;
      options.onPush({ ok: true, result });
    } catch (error) {
      options.onPush({ ok: false, error });
    }
  };
  return new Promise((resolve, reject) => {
    let done = false;
    let timer: NodeJS.Timeout | undefined;
    // Pushes run one after another: a save during a push is scanned once that push has finished.
    let queue = Promise.resolve();
    const watcher = watch(contentDir, { recursive: true });
    const finish = (error?: unknown): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      watcher.close();
      options.signal?.removeEventListener('abort', onAbort);
      void queue.then(() => (error === undefined ? resolve() : reject(error)));
    };
    const onAbort = (): void => finish();
    const run = (step: () => Promise<void>): void => {
      queue = queue.then(() => (done ? undefined : step()));
    };
    const flush = (): void =>
      run(async () => {
        if (await isDirectory(contentDir)) return attempt();
        finish(new WatchedFolderGoneError(contentDir));
      });
    watcher.on('change', () => {
      clearTimeout(timer);
      timer = setTimeout(flush, debounceMs);
    });
    // The watcher fails when its folder goes away under it (or the system runs out of watches).
    watcher.on('error', (error) =>
      run(async () =>
        finish((await isDirectory(contentDir)) ? error : new WatchedFolderGoneError(contentDir)),
      ),
    );
    if (options.signal?.aborted === true) return finish();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    // The watcher is on before the first push, so a save during it is not missed.
    run(attempt);
  });
}

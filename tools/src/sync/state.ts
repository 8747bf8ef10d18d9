// The sync state: what the Apps Script function has acknowledged, comment by comment (its id and the
// `updated_at` it was sent with). It is rewritten atomically after every acknowledged batch, so a
// run that stops anywhere leaves a state that names exactly the batches that went through.
import { open, readFile, rm } from 'node:fs/promises';
import { writeFileAtomic } from '../atomic-file.js';
import { ToolsError } from '../errors.js';

export interface SyncState {
  version: 1;
  projectId: string;
  /** The deployment (or script, with dev mode) and function the comments were sent to. */
  target: string;
  function: string;
  /** comment id → the `updated_at` the function acknowledged. */
  acknowledged: Record<string, string>;
  lastRun?: { at: string; batches: number; sent: number } | undefined;
}

function emptyState(projectId: string, target: string, fn: string): SyncState {
  return { version: 1, projectId, target, function: fn, acknowledged: {} };
}

export async function readSyncState(
  path: string,
  projectId: string,
  target: string,
  fn: string,
): Promise<SyncState> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyState(projectId, target, fn);
    throw error;
  }
  let state: SyncState;
  try {
    state = JSON.parse(text) as SyncState;
  } catch (error) {
    throw new ToolsError(`The sync state ${path} is not valid JSON.`, {
      hint: 'Restore it from a backup, or delete it to send every comment again.',
      cause: error,
    });
  }
  if (state.version !== 1 || typeof state.acknowledged !== 'object' || state.acknowledged === null) {
    throw new ToolsError(`The sync state ${path} is not a specbound sync state.`, {
      code: 'sync-state-foreign',
      details: { file: path },
    });
  }
  if (state.projectId !== projectId || state.target !== target || state.function !== fn) {
    throw new ToolsError(
      `The sync state ${path} belongs to project ${state.projectId} → ${state.target} ${state.function}().`,
      { code: 'sync-state-other-target', details: { file: path, projectId: state.projectId } },
    );
  }
  return state;
}

export function writeSyncState(path: string, state: SyncState): Promise<void> {
  return writeFileAtomic(path, `${JSON.stringify(state, null, 2)}\n`);
}

/**
 * Takes the state's lock (`<state>.lock`, created exclusively, holding the pid); resolves to the
 * function that releases it. A second run on the same state fails at once instead of sending the
 * same comments twice.
 */
export async function lockSyncState(statePath: string): Promise<() => Promise<void>> {
  const lock = `${statePath}.lock`;
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(lock, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const pid = (await readFile(lock, 'utf8').catch(() => '')).trim();
    throw new ToolsError(
      `Another sync of this state is running${pid === '' ? '' : ` (pid ${pid})`}: ${lock} exists.`,
      {
        hint: 'Wait for it to finish. If no sync is running (it was killed), delete the lock file and run again.',
      },
    );
  }
  await handle.writeFile(`${process.pid}\n`);
  await handle.close();
  return () => rm(lock, { force: true });
}

// The sync state: what the Apps Script function has acknowledged, comment by comment (its id and the
// `updated_at` it was sent with). It is rewritten atomically after every acknowledged batch, so a
// run that stops anywhere leaves a state that names exactly the batches that went through.
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../bugsmash/files.js';
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

export function emptyState(projectId: string, target: string, fn: string): SyncState {
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
      hint: 'Pass another --state file, or delete this one to send every comment again.',
    });
  }
  if (state.projectId !== projectId || state.target !== target || state.function !== fn) {
    throw new ToolsError(
      `The sync state ${path} belongs to project ${state.projectId} → ${state.target} ${state.function}().`,
      { hint: 'Pass a --state file of its own for each project and function.' },
    );
  }
  return state;
}

export function writeSyncState(path: string, state: SyncState): Promise<void> {
  return writeFileAtomic(path, `${JSON.stringify(state, null, 2)}\n`);
}

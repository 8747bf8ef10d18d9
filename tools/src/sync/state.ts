// The sync state: what the Apps Script function has acknowledged, comment by comment (its id and the
// `updated_at` it was sent with), and the batch in flight. It is rewritten atomically before a batch
// goes (naming it in flight) and after it is acknowledged, so a run killed anywhere leaves a state
// that names the batches that went through and at most one that may have.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomic } from '../atomic-file.js';
import { ToolsError } from '../errors.js';
import type { SyncBatch } from './comments.js';

export interface SyncState {
  version: 1;
  projectId: string;
  /** The deployment (or script, with dev mode) and function the comments were sent to. */
  target: string;
  function: string;
  /** comment id → the `updated_at` the function acknowledged. */
  acknowledged: Record<string, string>;
  lastRun?: { at: string; batches: number; sent: number } | undefined;
  /** The batch sent and not yet acknowledged: the next run sends it first, as it was. */
  inFlight?: SyncBatch | undefined;
}

export interface SyncTarget {
  projectId: string;
  target: string;
  functionName: string;
}

/**
 * The user's state directory: `SPECBOUND_STATE_DIR` when set; `$XDG_STATE_HOME/specbound` or
 * `~/.local/state/specbound` (macOS: `~/Library/Application Support/specbound/state`; Windows:
 * `%LOCALAPPDATA%\specbound\state`).
 */
export function stateDir(env: Record<string, string | undefined>, platform = process.platform): string {
  if (env.SPECBOUND_STATE_DIR) return env.SPECBOUND_STATE_DIR;
  const home = env.HOME || homedir();
  if (platform === 'win32')
    return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), 'specbound', 'state');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'specbound', 'state');
  // XDG: a relative XDG_STATE_HOME is invalid and must be ignored.
  const xdg = env.XDG_STATE_HOME;
  return join(xdg?.startsWith('/') ? xdg : join(home, '.local', 'state'), 'specbound');
}

/**
 * Where a sync's state lives unless `--state` says: one file per BugSmash project, target script and
 * function under the state directory, whatever the current directory.
 */
export function defaultSyncStatePath(key: SyncTarget, env: Record<string, string | undefined>): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([key.projectId, key.target, key.functionName]))
    .digest('hex')
    .slice(0, 16);
  const readable = key.projectId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40);
  return join(stateDir(env), 'sync', `${readable}-${hash}.json`);
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

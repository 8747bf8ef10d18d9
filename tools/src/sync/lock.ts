// The sync state's lock: `<state>.lock`, created exclusively, naming its owner (pid and host). Two
// runs on one state at once (an overlapping cron job) would both send the same comments, so a second
// run fails at once; but a run killed with `kill -9` cannot remove its lock, so a lock whose owner is
// a dead process of this machine is taken over (with a notice) instead of blocking every later run.

import { open, readFile, rename, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { ToolsError } from '../errors.js';

interface LockOwner {
  pid: number;
  host: string;
  started?: string;
}

function parseOwner(text: string): LockOwner | undefined {
  // An older lock holds the pid alone, written on this machine.
  if (/^\d+\s*$/.test(text)) return { pid: Number(text), host: hostname() };
  try {
    const owner = JSON.parse(text) as Partial<LockOwner>;
    if (typeof owner.pid === 'number' && typeof owner.host === 'string') return owner as LockOwner;
  } catch {
    // not JSON: an unknown owner, never taken over
  }
  return undefined;
}

/** Whether the process `pid` of this machine is gone (signal 0 checks without sending anything). */
function isDead(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

async function create(lock: string): Promise<boolean> {
  try {
    const handle = await open(lock, 'wx', 0o600);
    const owner: LockOwner = { pid: process.pid, host: hostname(), started: new Date().toISOString() };
    await handle.writeFile(`${JSON.stringify(owner)}\n`);
    await handle.close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Moves a dead owner's lock aside. The rename is atomic, so of two runs taking over at once only
 * one moves it; the moved file is checked to be the dead owner's, not a lock just created.
 */
async function removeStale(lock: string, text: string): Promise<boolean> {
  const aside = `${lock}.stale-${process.pid}`;
  try {
    await rename(lock, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
  const moved = await readFile(aside, 'utf8').catch(() => '');
  if (moved !== text) {
    // Someone else's fresh lock: put it back (fails only if yet another run holds the name now).
    await rename(aside, lock).catch(() => undefined);
    return false;
  }
  await rm(aside, { force: true });
  return true;
}

function heldBy(lock: string, owner: LockOwner | undefined): ToolsError {
  const who = owner === undefined ? '' : ` (pid ${owner.pid} on ${owner.host})`;
  return new ToolsError(`Another sync of this state is running${who}: ${lock} exists.`, {
    code: 'sync-locked',
    details: {
      file: lock,
      ...(owner === undefined ? {} : { pid: String(owner.pid), host: owner.host }),
      remote: String(owner !== undefined && owner.host !== hostname()),
    },
  });
}

/**
 * Takes the lock; resolves to the function that releases it. `onNotice` hears of a dead owner's lock
 * taken over.
 */
export async function lockSyncState(
  statePath: string,
  onNotice: (message: string) => void = () => undefined,
): Promise<() => Promise<void>> {
  const lock = `${statePath}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await create(lock)) return () => rm(lock, { force: true });
    const text = await readFile(lock, 'utf8').catch(() => '');
    const owner = parseOwner(text);
    if (owner === undefined || owner.host !== hostname() || !isDead(owner.pid)) throw heldBy(lock, owner);
    if (await removeStale(lock, text)) {
      onNotice(`took over the lock of a sync that is no longer running (pid ${owner.pid} on ${owner.host})`);
    }
  }
  throw heldBy(lock, undefined);
}

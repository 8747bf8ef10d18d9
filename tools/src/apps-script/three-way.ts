// The three-way compare behind pull, push and status: for every file name, the content recorded at
// the last sync (the base), the local file and the remote file. A side "changed" when it differs from
// the base, so edits to different files merge and only a file changed on both sides is a conflict.
import { type ContentFile, fileHash, type SyncRecord } from './config.js';

export interface FileSides<L extends ContentFile = ContentFile> {
  name: string;
  local: L | undefined;
  remote: ContentFile | undefined;
  /** The hash recorded at the last sync; undefined when the file did not exist then (or no record). */
  base: string | undefined;
  localChanged: boolean;
  remoteChanged: boolean;
  /** Both sides changed, to different contents (a deletion counts as a change). */
  conflict: boolean;
}

const hashOf = (file: ContentFile | undefined) => (file === undefined ? undefined : fileHash(file));

/**
 * Pairs local and remote files by name against the record. Without a record (a clasp checkout), a file
 * present on both sides with different contents is a conflict: nothing tells which side is newer.
 */
export function threeWay<L extends ContentFile>(
  local: readonly L[],
  remote: readonly ContentFile[],
  record: SyncRecord | undefined,
): FileSides<L>[] {
  const localBy = new Map(local.map((file) => [file.name, file]));
  const remoteBy = new Map(remote.map((file) => [file.name, file]));
  const names = new Set([...localBy.keys(), ...remoteBy.keys(), ...Object.keys(record?.files ?? {})]);
  return [...names].sort().map((name) => {
    const l = localBy.get(name);
    const r = remoteBy.get(name);
    const [lh, rh] = [hashOf(l), hashOf(r)];
    if (record === undefined) {
      const both = l !== undefined && r !== undefined && lh !== rh;
      return {
        name,
        local: l,
        remote: r,
        base: undefined,
        localChanged: l !== undefined && lh !== rh,
        remoteChanged: r !== undefined && lh !== rh,
        conflict: both,
      };
    }
    const base = record.files[name];
    const localChanged = lh !== base;
    const remoteChanged = rh !== base;
    return {
      name,
      local: l,
      remote: r,
      base,
      localChanged,
      remoteChanged,
      conflict: localChanged && remoteChanged && lh !== rh,
    };
  });
}

/** What a push sends for one file, and what the record keeps for it afterwards. */
export interface PushDecision {
  /** The content to send; undefined leaves the file out (deleted remotely, or kept deleted). */
  send: ContentFile | undefined;
  /** True when the remote side is kept (changed remotely only): the record keeps the old base. */
  keptRemote: boolean;
}

/**
 * Local changes on top of remote ones: a file changed only remotely (edited, added or deleted there)
 * is sent as the remote has it, so a push never undoes a teammate's change; `force` sends the local
 * tree as it is (conflicts included), as clasp does.
 */
export function pushDecision(sides: FileSides, force: boolean): PushDecision {
  if (!force && sides.remoteChanged && !sides.localChanged) return { send: sides.remote, keptRemote: true };
  return { send: sides.local, keptRemote: false };
}

/** The record after a push: the sent files' hashes, the old base for files kept as the remote has them. */
export function recordAfterPush(
  sides: readonly FileSides[],
  force: boolean,
  previous: SyncRecord | undefined,
): Record<string, string> {
  const files: Record<string, string> = {};
  for (const file of sides) {
    const decision = pushDecision(file, force);
    if (decision.keptRemote) {
      const base = previous?.files[file.name];
      if (base !== undefined) files[file.name] = base;
    } else if (decision.send !== undefined) {
      files[file.name] = fileHash(decision.send);
    }
  }
  return files;
}

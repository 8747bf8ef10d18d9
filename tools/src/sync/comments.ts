// `syncComments()`: a BugSmash project's new and changed comments, sent in batches as the parameter
// of an Apps Script function (for example one that appends rows to a Sheet).
//
// Exactly-once, as far as the sender can make it: a comment is pending when the state has no
// acknowledgement of its current `updated_at`; each batch is acknowledged only when the function
// returned without an error, and the state is written (atomically) before the next batch goes.
// A failure stops the run: what was acknowledged is kept, the rest is sent by the next run.
// (A response lost after the function ran is the one case a sender cannot see; the sample function
// in the README upserts by comment id, so a resent batch changes nothing.)
import type { AppsScriptClient } from '@specbound/apps-script';
import type { BugSmash, Comment } from '../bugsmash/types.js';
import { UsageError } from '../errors.js';
import { lockSyncState, readSyncState, type SyncState, writeSyncState } from './state.js';

/** One comment as the Apps Script function receives it. */
export interface SyncedComment {
  comment_id: string;
  comment_number: number;
  status: string;
  priority: string;
  text: string;
  author_name: string | null;
  author_email: string | null;
  created_at: string;
  updated_at: string;
  page_url: string | null;
}

/** The function's one parameter. */
export interface SyncBatch {
  projectId: string;
  batch: number;
  comments: SyncedComment[];
}

export interface SyncOptions {
  projectId: string;
  /** The API-executable deployment id, or the script id with `devMode`. */
  target: string;
  functionName: string;
  devMode?: boolean | undefined;
  /** Only comments updated at or after this time (epoch ms). */
  since?: number | undefined;
  /** Comments per call (default 100). */
  batchSize?: number | undefined;
  /** Where the state lives. */
  statePath: string;
  /** Print what would be sent; send nothing, write nothing. */
  dryRun?: boolean | undefined;
  /** Called after each acknowledged batch. */
  onBatch?: ((batch: SyncBatch, result: unknown) => void) | undefined;
}

export interface SyncResult {
  dryRun: boolean;
  /** Comments acknowledged in this run (or that would be sent, with dryRun). */
  sent: number;
  batches: number;
  /** Comments already acknowledged with their current `updated_at`. */
  unchanged: number;
  /** With dryRun: the batches that would be sent. */
  planned?: SyncBatch[] | undefined;
}

export const DEFAULT_BATCH_SIZE = 100;

function syncedComment(comment: Comment): SyncedComment {
  const location = (comment as { location_metadata?: { page_url?: unknown } | null }).location_metadata;
  return {
    comment_id: comment.comment_id,
    comment_number: comment.comment_number,
    status: comment.status,
    priority: comment.priority,
    text: comment.comment,
    author_name: comment.comment_by_name ?? null,
    author_email: comment.comment_by_email ?? null,
    created_at: comment.created_at,
    updated_at: comment.updated_at,
    page_url: typeof location?.page_url === 'string' ? location.page_url : null,
  };
}

export async function syncComments(
  clients: { bugsmash: BugSmash /** Not needed for a dry run. */; appsScript?: AppsScriptClient | undefined },
  options: SyncOptions,
): Promise<SyncResult> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new UsageError(`--batch-size: ${batchSize} is not a positive whole number.`, {
      code: 'batch-size-invalid',
      details: { batchSize: String(batchSize) },
    });
  }
  // Two runs on one state at once (an overlapping cron job) would both send the same comments.
  const unlock = options.dryRun === true ? async () => undefined : await lockSyncState(options.statePath);
  try {
    return await run(clients, options, batchSize);
  } finally {
    await unlock();
  }
}

async function run(
  clients: { bugsmash: BugSmash; appsScript?: AppsScriptClient | undefined },
  options: SyncOptions,
  batchSize: number,
): Promise<SyncResult> {
  const state: SyncState = await readSyncState(
    options.statePath,
    options.projectId,
    options.target,
    options.functionName,
  );
  const answer = await clients.bugsmash.comments.list({
    projectId: options.projectId,
    plainText: true,
    locationMetadata: true,
  });
  const comments = answer.data
    .filter((c) => options.since === undefined || Date.parse(c.updated_at) >= options.since)
    .sort((a, b) => a.comment_number - b.comment_number);
  const pending = comments.filter((c) => state.acknowledged[c.comment_id] !== c.updated_at);
  const unchanged = comments.length - pending.length;
  const batches: SyncBatch[] = [];
  for (let i = 0; i < pending.length; i += batchSize) {
    batches.push({
      projectId: options.projectId,
      batch: batches.length + 1,
      comments: pending.slice(i, i + batchSize).map(syncedComment),
    });
  }
  if (options.dryRun === true) {
    return { dryRun: true, sent: pending.length, batches: batches.length, unchanged, planned: batches };
  }
  const { appsScript } = clients;
  if (appsScript === undefined)
    throw new TypeError('syncComments needs an Apps Script client unless dryRun is set');
  let sent = 0;
  let done = 0;
  for (const batch of batches) {
    const result = await appsScript.scripts.run({
      deploymentId: options.target,
      function: options.functionName,
      parameters: [batch],
      ...(options.devMode === true ? { devMode: true } : {}),
    });
    for (const comment of batch.comments) state.acknowledged[comment.comment_id] = comment.updated_at;
    sent += batch.comments.length;
    done++;
    state.lastRun = { at: new Date().toISOString(), batches: done, sent };
    await writeSyncState(options.statePath, state);
    options.onBatch?.(batch, result);
  }
  if (batches.length === 0) {
    state.lastRun = { at: new Date().toISOString(), batches: 0, sent: 0 };
    await writeSyncState(options.statePath, state);
  }
  return { dryRun: false, sent, batches: batches.length, unchanged };
}

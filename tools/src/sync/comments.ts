// `syncComments()`: a BugSmash project's new and changed comments, sent in batches as the parameter
// of an Apps Script function (for example one that appends rows to a Sheet).
//
// Exactly once, with the receiver's help: every comment carries an `idempotency_key`, the same for
// as long as the comment's content (its `updated_at`) is the same, and every batch a `batch_id`.
// Before a batch goes, the state names it in flight; once the function returned without an error,
// its comments are acknowledged and the state written (atomically) before the next batch goes. A
// run killed at any point therefore re-sends at most the batch in flight, unchanged and first, and
// a function that drops keys it has already stored (three lines, in docs/bugsmash.md) has each
// comment exactly once. A failure stops the run: what was acknowledged is kept.
import { createHash } from 'node:crypto';
import type { AppsScriptClient } from '@specbound/apps-script';
import type { BugSmash, Comment } from '../bugsmash/types.js';
import { UsageError } from '../errors.js';
import { lockSyncState } from './lock.js';
import { readSyncState, type SyncState, writeSyncState } from './state.js';

/** One comment as the Apps Script function receives it. */
export interface SyncedComment {
  /** The same for every send of this comment's current content; drop a key seen before. */
  idempotency_key: string;
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
  /** Names this batch; a batch re-sent after a kill keeps its id and its comments. */
  batch_id: string;
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
  /** Hears what the user should know: a dead run's lock taken over, its batch in flight re-sent. */
  onNotice?: ((message: string) => void) | undefined;
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

function hash(parts: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);
}

/** The key of one version of a comment: its project, id and `updated_at`. */
export function idempotencyKey(
  projectId: string,
  comment: Pick<Comment, 'comment_id' | 'updated_at'>,
): string {
  return hash([projectId, comment.comment_id, comment.updated_at]);
}

function syncedComment(projectId: string, comment: Comment): SyncedComment {
  const location = (comment as { location_metadata?: { page_url?: unknown } | null }).location_metadata;
  return {
    idempotency_key: idempotencyKey(projectId, comment),
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
  const unlock =
    options.dryRun === true
      ? async () => undefined
      : await lockSyncState(options.statePath, options.onNotice);
  try {
    return await run(clients, options, batchSize);
  } finally {
    await unlock();
  }
}

function planBatches(projectId: string, pending: readonly Comment[], batchSize: number, first: number) {
  const batches: SyncBatch[] = [];
  for (let i = 0; i < pending.length; i += batchSize) {
    const comments = pending.slice(i, i + batchSize).map((c) => syncedComment(projectId, c));
    batches.push({
      projectId,
      batch_id: hash(comments.map((c) => c.idempotency_key)),
      batch: first + batches.length,
      comments,
    });
  }
  return batches;
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
  const inFlight = state.inFlight;
  // The batch in flight goes again as it was; a comment changed since is sent in its new version too.
  const resent = new Set(inFlight?.comments.map((c) => c.idempotency_key));
  const pending = comments.filter(
    (c) =>
      state.acknowledged[c.comment_id] !== c.updated_at && !resent.has(idempotencyKey(options.projectId, c)),
  );
  const unchanged = comments.filter((c) => state.acknowledged[c.comment_id] === c.updated_at).length;
  const batches = [
    ...(inFlight === undefined ? [] : [inFlight]),
    ...planBatches(options.projectId, pending, batchSize, inFlight === undefined ? 1 : 2),
  ];
  const sent = batches.reduce((n, b) => n + b.comments.length, 0);
  if (options.dryRun === true) {
    return { dryRun: true, sent, batches: batches.length, unchanged, planned: batches };
  }
  const { appsScript } = clients;
  if (appsScript === undefined)
    throw new TypeError('syncComments needs an Apps Script client unless dryRun is set');
  if (inFlight !== undefined) {
    options.onNotice?.(
      `re-sending batch ${inFlight.batch_id} (${inFlight.comments.length} comment(s)), in flight when the last run stopped`,
    );
  }
  await sendAll(appsScript, options, state, batches);
  return { dryRun: false, sent, batches: batches.length, unchanged };
}

/** Sends each batch in turn, naming it in flight in the state before and acknowledging it after. */
async function sendAll(
  appsScript: AppsScriptClient,
  options: SyncOptions,
  state: SyncState,
  batches: readonly SyncBatch[],
): Promise<void> {
  let sent = 0;
  let done = 0;
  for (const batch of batches) {
    state.inFlight = batch;
    await writeSyncState(options.statePath, state);
    const result = await appsScript.scripts.run({
      deploymentId: options.target,
      function: options.functionName,
      parameters: [batch],
      ...(options.devMode === true ? { devMode: true } : {}),
    });
    for (const comment of batch.comments) state.acknowledged[comment.comment_id] = comment.updated_at;
    sent += batch.comments.length;
    done++;
    state.inFlight = undefined;
    state.lastRun = { at: new Date().toISOString(), batches: done, sent };
    await writeSyncState(options.statePath, state);
    options.onBatch?.(batch, result);
  }
  if (batches.length === 0) {
    state.lastRun = { at: new Date().toISOString(), batches: 0, sent: 0 };
    await writeSyncState(options.statePath, state);
  }
}

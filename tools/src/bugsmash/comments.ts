// Comment workflows: list with filters, resolve/reopen in bulk, change fields, reply.
import { UsageError } from '../errors.js';
import type { BugSmash, Comment } from './types.js';
import type { CommentStatus, Priority, StatusFilter } from './values.js';

export interface ListCommentsOptions {
  projectId: string;
  /** Default: every comment, whatever its status. */
  status?: StatusFilter | undefined;
  priority?: Priority | undefined;
  /** Only comments updated at or after this time (epoch ms). */
  since?: number | undefined;
  /** Plain text instead of HTML (default true). */
  plainText?: boolean | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * The project's comments. The status filter is sent to the service; the priority and `since`
 * filters are applied here, because `GET /comments` takes neither.
 */
export async function listComments(client: BugSmash, options: ListCommentsOptions): Promise<Comment[]> {
  const answer = await client.comments.list(
    {
      projectId: options.projectId,
      plainText: options.plainText ?? true,
      ...(options.status === undefined ? {} : { status: options.status }),
    },
    options.signal === undefined ? undefined : { signal: options.signal },
  );
  return answer.data.filter((comment) => keep(comment, options));
}

export function keep(
  comment: Comment,
  options: Pick<ListCommentsOptions, 'priority' | 'since' | 'status'>,
): boolean {
  if (options.status !== undefined && comment.status.toLowerCase() !== options.status) return false;
  if (options.priority !== undefined && comment.priority !== options.priority) return false;
  if (options.since !== undefined && Date.parse(comment.updated_at) < options.since) return false;
  return true;
}

/** What happened to one comment of a batch: the updated comment, or why it was not updated. */
export type CommentOutcome =
  | { commentId: string; comment: Comment; error?: undefined }
  | { commentId: string; comment?: undefined; error: Error };

/**
 * Sets the status of each comment, one request each, in order. A failure does not stop the batch:
 * every id gets its outcome, so a caller can say which succeeded and which did not.
 */
export async function setCommentsStatus(
  client: BugSmash,
  commentIds: readonly string[],
  status: CommentStatus,
): Promise<CommentOutcome[]> {
  const outcomes: CommentOutcome[] = [];
  for (const commentId of commentIds) {
    try {
      outcomes.push({ commentId, comment: await client.comments.update({ commentId, status }) });
    } catch (error) {
      outcomes.push({ commentId, error: error instanceof Error ? error : new Error(String(error)) });
    }
  }
  return outcomes;
}

export interface CommentChanges {
  priority?: Priority | undefined;
  isPrivate?: boolean | undefined;
  text?: string | undefined;
}

/** Changes a comment's priority, privacy or text; refuses an empty change before any request. */
export async function updateComment(
  client: BugSmash,
  commentId: string,
  changes: CommentChanges,
): Promise<Comment> {
  const body = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (Object.keys(body).length === 0) {
    throw new UsageError('Nothing to change.', {
      code: 'comment-nothing-to-change',
      details: { commentId },
    });
  }
  return client.comments.update({ commentId, ...body });
}

/** Posts a reply to a comment. */
export async function replyToComment(client: BugSmash, commentId: string, text: string, isPrivate = false) {
  if (text.trim() === '') {
    throw new UsageError('The reply is empty.', { hint: 'Pass the reply text as the second argument.' });
  }
  return client.replies.create({ commentId, text, ...(isPrivate ? { isPrivate } : {}) });
}

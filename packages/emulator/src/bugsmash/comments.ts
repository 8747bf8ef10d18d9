// Comments (and their replies): no public REST create (they arrive through seeding or the control
// API), listed per project, updated (raising `status_changed` / `comment_updated`), deleted.
import { randomUUID } from 'node:crypto';
import type { components } from '@specbound/bugsmash/schema';
import type { components as control } from '../generated/emulator.ts';
import type { BugsmashBackend } from './backend.ts';
import type { BugsmashHandlers } from './handlers.ts';
import { commentJson, replyJson } from './json.ts';
import type { BsComment, BsReply } from './model.ts';
import { done, envelope, laravelTime, notFound, toHtml } from './text.ts';

/** Adds a comment as a reviewer would (the control API's `createComment`, the demo data set). */
export function addComment(b: BugsmashBackend, input: control['schemas']['AddCommentRequest']): BsComment {
  const project = b.project(input.projectId);
  const versionId = input.versionId ?? b.versionsOf(project.id).at(-1)?.id ?? null;
  if (versionId !== null && b.versions.get(versionId)?.project_id !== project.id) throw notFound('Version');
  const time = laravelTime();
  const comment: BsComment = {
    comment_id: randomUUID(),
    project_id: project.id,
    version_id: versionId,
    comment_number: project.next_comment_number++,
    comment: /^\s*</.test(input.text) ? input.text : toHtml(input.text),
    status: input.status ?? 'Active',
    priority: input.priority ?? 'Unset',
    is_private: input.isPrivate ?? false,
    comment_by_name: input.byName ?? 'Guest Reviewer',
    comment_by_email: input.byEmail ?? 'reviewer@example.com',
    assigned_to_name: null,
    assigned_to_email: null,
    attachment_file_url: null,
    audio_file_url: null,
    comment_screenshot_file_url: null,
    tags: (input.tags ?? []).map((name) => ({ id: randomUUID(), name })),
    comment_metadata: input.commentMetadata ?? null,
    location_metadata: input.locationMetadata ?? null,
    created_at: time,
    updated_at: time,
    replies: [],
  };
  b.comments.set(comment.comment_id, comment);
  b.touch('bs.comments', comment.comment_id);
  b.touch('bs.projects', project.id);
  b.event('new_comment', comment);
  return comment;
}

export function addReply(b: BugsmashBackend, commentId: string, text: string, isPrivate: boolean): BsReply {
  const c = b.comment(commentId);
  const time = laravelTime();
  const reply: BsReply = {
    id: randomUUID(),
    comment: toHtml(text),
    is_private: isPrivate,
    comment_by_name: b.workspace.owner_name,
    comment_by_email: b.workspace.owner_email,
    created_at: time,
    updated_at: time,
  };
  c.replies.push(reply);
  b.touch('bs.comments', c.comment_id);
  b.event('comment_replied', c, { reply: replyJson(reply, false) });
  return reply;
}

/**
 * Applies an update's fields to the comment. True when its text, priority or privacy changed (the
 * `comment_updated` event); a status change raises its own event.
 */
function editComment(c: BsComment, body: components['schemas']['UpdateCommentRequest']): boolean {
  let edited = false;
  if (body.text !== undefined) {
    c.comment = toHtml(body.text);
    edited = true;
  }
  if (body.priority !== undefined) {
    edited ||= c.priority !== body.priority;
    c.priority = body.priority;
  }
  if (body.isPrivate !== undefined) {
    edited ||= c.is_private !== body.isPrivate;
    c.is_private = body.isPrivate;
  }
  if (body.status !== undefined) c.status = body.status;
  return edited;
}

export function commentHandlers(
  b: BugsmashBackend,
): BugsmashHandlers<
  | 'listComments'
  | 'getComment'
  | 'updateComment'
  | 'deleteComment'
  | 'listReplies'
  | 'createReply'
  | 'deleteReply'
> {
  return {
    listComments: (ctx) => {
      const q = ctx.params.query;
      const all = b.commentsOf(b.project(q.projectId).id);
      const wanted = q.status?.toLowerCase();
      const shown =
        wanted === 'active' || wanted === 'resolved'
          ? all.filter((c) => c.status.toLowerCase() === wanted)
          : all;
      const view = {
        plainText: q.plainText === true,
        locationMetadata: q.locationMetadata === true,
        replies: false,
      };
      return {
        status: 200,
        body: {
          status: true,
          message: 'Comment data',
          active: all.filter((c) => c.status === 'Active').length,
          resolved: all.filter((c) => c.status === 'Resolved').length,
          data: shown.map((c) => commentJson(b, c, view)),
        },
      };
    },
    getComment: (ctx) => {
      const q = ctx.params.query;
      const c = b.comment(ctx.params.path.commentId);
      return envelope(
        'Comment details',
        commentJson(b, c, {
          plainText: q.plainText === true,
          locationMetadata: q.locationMetadata === true,
          replies: true,
        }),
      );
    },
    updateComment: (ctx) => {
      const c = b.comment(ctx.params.path.commentId);
      const before = c.status;
      const edited = editComment(c, ctx.body);
      c.updated_at = laravelTime();
      b.touch('bs.comments', c.comment_id);
      if (c.status !== before) b.event('status_changed', c, { previous_status: before });
      if (edited) b.event('comment_updated', c);
      return envelope(
        'Comment updated',
        commentJson(b, c, { plainText: false, locationMetadata: false, replies: false }),
      );
    },
    deleteComment: (ctx) => {
      const id = b.comment(ctx.params.path.commentId).comment_id;
      b.comments.delete(id);
      b.touch('bs.comments', id);
      return done('Comment deleted');
    },
    listReplies: (ctx) => {
      const c = b.comment(ctx.params.path.commentId);
      const plain = ctx.params.query.plain_text === true;
      return envelope(
        'Replies',
        c.replies.map((r) => replyJson(r, plain)),
      );
    },
    createReply: (ctx) => {
      const body = ctx.body;
      return envelope(
        'Reply added',
        replyJson(addReply(b, body.commentId, body.text, body.isPrivate === true), false),
      );
    },
    deleteReply: (ctx) => {
      const replyId = ctx.params.path.replyId;
      for (const c of b.comments.values()) {
        const i = c.replies.findIndex((r) => r.id === replyId);
        if (i >= 0) {
          c.replies.splice(i, 1);
          b.touch('bs.comments', c.comment_id);
          return done('Reply deleted');
        }
      }
      throw notFound('Reply');
    },
  };
}

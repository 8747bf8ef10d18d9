import { eachOf, op, someOf } from './context.js';
import type { SuccessBody } from './types.js';

/** The comments with the project's `active` and `resolved` counts (the envelope without status and message). */
export type CommentList = Omit<SuccessBody<'listComments'>, 'status' | 'message'>;

// Each operation is an operation function (`listComments(core, params)`) and, through the tables
// at the end, a method of the client (`client.comments.list(params)`).

/** `comments.list` as an operation function. */
export const listComments = /* @__PURE__ */ op<'listComments', CommentList>('GET', '/comments', {
  required: ['projectId'],
  read: 'whole',
});
/** `comments.iterate` as an operation function. */
export const iterateComments = /* @__PURE__ */ eachOf(listComments, (page) => page.data);
/** `comments.get` as an operation function. */
export const getComment = /* @__PURE__ */ op<'getComment'>('GET', '/comment/{commentId}');
/** `comments.update` as an operation function. */
export const updateComment = /* @__PURE__ */ op<'updateComment'>('PATCH', '/comment/{commentId}', {
  check: /* @__PURE__ */ someOf('commentId', 'text, status, priority or isPrivate'),
});
/** `comments.delete` as an operation function. */
export const deleteComment = /* @__PURE__ */ op<'deleteComment', unknown>('DELETE', '/comment/{commentId}', {
  read: 'unconfirmed',
});

/** `replies.list` as an operation function. */
export const listReplies = /* @__PURE__ */ op<'listReplies'>('GET', '/comment/{commentId}/replies');
/** `replies.iterate` as an operation function. */
export const iterateReplies = /* @__PURE__ */ eachOf(listReplies);
/** `replies.create` as an operation function. */
export const createReply = /* @__PURE__ */ op<'createReply'>('POST', '/reply', {
  required: ['commentId', 'text'],
});
/** `replies.delete` as an operation function. */
export const deleteReply = /* @__PURE__ */ op<'deleteReply', unknown>('DELETE', '/reply/{replyId}', {
  read: 'unconfirmed',
});

/** `comments.*`. */
export const comments = {
  /** The project's comments (one answer, no pages) with its `active` and `resolved` counts. */
  list: listComments,
  /** The project's comments, item by item. */
  iterate: iterateComments,
  /** One comment with its replies. */
  get: getComment,
  /** Changes text, status, priority or privacy (at least one). Returns the updated comment. */
  update: updateComment,
  /** Deletes the comment and its replies. */
  delete: deleteComment,
};

/** `replies.*`. */
export const replies = {
  /** The comment's replies; note the snake_case `plain_text` this endpoint takes. */
  list: listReplies,
  iterate: iterateReplies,
  /** Posts a reply (`isPrivate` replies are visible to the workspace only). */
  create: createReply,
  delete: deleteReply,
};

import { type CallOptions, onePage, type Paginator } from '@specbound/http';
import { type Context, type Data, op, type Params, someOf } from './context.js';
import type { Comment, Reply, SuccessBody } from './types.js';

/** The comments with the project's `active` and `resolved` counts (the envelope without status and message). */
export type CommentList = Omit<SuccessBody<'listComments'>, 'status' | 'message'>;

export function commentsApi(ctx: Context) {
  const list = op<'listComments', CommentList>(ctx, 'GET', '/comments', {
    required: ['projectId'],
    decode: ctx.read.whole as () => CommentList,
  });
  return {
    /** The project's comments (one answer, no pages) with its `active` and `resolved` counts. */
    list,
    /** The project's comments, item by item. */
    iterate: (params: Params<'listComments'>, options?: CallOptions): Paginator<Comment> =>
      onePage(list, (page: CommentList) => page.data, params, options),
    /** One comment with its replies. */
    get: op<'getComment'>(ctx, 'GET', '/comment/{commentId}'),
    /** Changes text, status, priority or privacy (at least one). Returns the updated comment. */
    update: op<'updateComment'>(ctx, 'PATCH', '/comment/{commentId}', {
      check: someOf('commentId', 'text, status, priority or isPrivate'),
    }),
    /** Deletes the comment and its replies. */
    delete: op<'deleteComment', unknown>(ctx, 'DELETE', '/comment/{commentId}', {
      decode: ctx.read.unconfirmed,
    }),
  };
}

export function repliesApi(ctx: Context) {
  const list = op<'listReplies'>(ctx, 'GET', '/comment/{commentId}/replies');
  return {
    /** The comment's replies; note the snake_case `plain_text` this endpoint takes. */
    list,
    iterate: (params: Params<'listReplies'>, options?: CallOptions): Paginator<Reply> =>
      onePage(list, (page: Data<'listReplies'>) => page, params, options),
    /** Posts a reply (`isPrivate` replies are visible to the workspace only). */
    create: op<'createReply'>(ctx, 'POST', '/reply', { required: ['commentId', 'text'] }),
    delete: op<'deleteReply', unknown>(ctx, 'DELETE', '/reply/{replyId}', { decode: ctx.read.unconfirmed }),
  };
}

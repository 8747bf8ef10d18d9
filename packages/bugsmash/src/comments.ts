import { ValidationError } from '@specbound/http';
import { assertId, type CallOptions, type Context } from './context.js';
import { requireText } from './projects.js';
import type { JsonBodyOf, QueryOf, SuccessBody } from './types.js';

/** `GET /comments` options besides the project (camelCase, as the wire spells them). */
export type ListCommentsQuery = Omit<QueryOf<'listComments'>, 'projectId'>;

/** The comments with the project's `active` and `resolved` counts (the envelope without status and message). */
export type CommentList = Omit<SuccessBody<'listComments'>, 'status' | 'message'>;

export function commentsApi(ctx: Context) {
  return {
    async list(
      projectId: string,
      query: ListCommentsQuery = {},
      options?: CallOptions,
    ): Promise<CommentList> {
      requireText('projectId', projectId);
      const result = await ctx.client.GET('/comments', {
        params: { query: { ...query, projectId } },
        ...ctx.init(options),
      });
      const { status: _status, message: _message, ...list } = ctx.whole<SuccessBody<'listComments'>>(result);
      return list;
    },

    /** One comment with its replies. */
    async get(
      commentId: string,
      query: QueryOf<'getComment'> = {},
      options?: CallOptions,
    ): Promise<SuccessBody<'getComment'>['data']> {
      assertId('commentId', commentId);
      const result = await ctx.client.GET('/comment/{commentId}', {
        params: { path: { commentId }, query },
        ...ctx.init(options),
      });
      return ctx.payload(result);
    },

    /** Changes text, status, priority or privacy (at least one). Returns the updated comment. */
    async update(
      commentId: string,
      body: JsonBodyOf<'updateComment'>,
      options?: CallOptions,
    ): Promise<SuccessBody<'updateComment'>['data']> {
      assertId('commentId', commentId);
      if (Object.values(body).every((value) => value === undefined)) {
        throw new ValidationError('body', 'Nothing to update: pass text, status, priority or isPrivate.');
      }
      const result = await ctx.client.PATCH('/comment/{commentId}', {
        params: { path: { commentId } },
        body,
        ...ctx.init(options),
      });
      return ctx.payload(result);
    },

    /** Deletes the comment and its replies. */
    async delete(commentId: string, options?: CallOptions): Promise<unknown> {
      assertId('commentId', commentId);
      const result = await ctx.client.DELETE('/comment/{commentId}', {
        params: { path: { commentId } },
        ...ctx.init(options),
      });
      return ctx.unconfirmed(result);
    },

    /** The comment's replies; note the snake_case `plain_text` this endpoint takes. */
    async replies(
      commentId: string,
      query: QueryOf<'listReplies'> = {},
      options?: CallOptions,
    ): Promise<SuccessBody<'listReplies'>['data']> {
      assertId('commentId', commentId);
      const result = await ctx.client.GET('/comment/{commentId}/replies', {
        params: { path: { commentId }, query },
        ...ctx.init(options),
      });
      return ctx.payload(result);
    },
  };
}

export function repliesApi(ctx: Context) {
  return {
    /** Posts a reply (`isPrivate` replies are visible to the workspace only). */
    async create(
      body: JsonBodyOf<'createReply'>,
      options?: CallOptions,
    ): Promise<SuccessBody<'createReply'>['data']> {
      requireText('commentId', body.commentId);
      requireText('text', body.text);
      const result = await ctx.client.POST('/reply', { body, ...ctx.init(options) });
      return ctx.payload(result);
    },

    async delete(replyId: string, options?: CallOptions): Promise<unknown> {
      assertId('replyId', replyId);
      const result = await ctx.client.DELETE('/reply/{replyId}', {
        params: { path: { replyId } },
        ...ctx.init(options),
      });
      return ctx.unconfirmed(result);
    },
  };
}

// BugSmash comments: list with filters (paged by the answer budget), get with replies, reply, set
// status/priority, and export a project's comments. On a server narrowed to one project, a comment
// id is checked against that project's comments before anything is read or written.
import {
  type CommentStatus,
  type Priority,
  STATUS_FILTERS,
  type StatusFilter,
} from '../../bugsmash/values.js';
import { UsageError } from '../../errors.js';
import { cutAnswer, objectAnswer } from '../answer.js';
import { bodyProperty, componentSchema, paramSchema } from '../spec.js';
import { READ, type ToolCall, type ToolDefinition } from '../tool.js';
import { collect, page, projectIdProperty } from './bugsmash-list.js';
import { bugsmashProjectOf, LIMIT, OFFSET, requiredUnless, requireStr, str } from './common.js';

type Specs = Parameters<ToolDefinition['input']>[0];

function commentIdProperty(specs: Specs) {
  return paramSchema(specs.bugsmash, 'getComment', 'commentId');
}

/** The comment id of the call, refused when the server is narrowed to a project that does not hold it. */
async function commentIdOf(call: ToolCall): Promise<string> {
  const commentId = requireStr(call.args, 'commentId');
  const only = call.scope.bugsmashProject;
  if (only !== undefined) {
    const client = await call.clients.bugsmash();
    const { data } = await client.comments.list({ projectId: only });
    if (!data.some((c) => c.comment_id === commentId)) {
      throw new UsageError(
        `Comment ${commentId} is not in project ${only}, the only one this server may touch.`,
        {
          hint: `List the project's comments with bs_list_comments and use one of their ids.`,
        },
      );
    }
  }
  return commentId;
}

/** A comment's text on one line, cut at 200 characters (bs_get_comment has all of it). */
function excerpt(text: string | null | undefined): string {
  const line = (text ?? '').replace(/\s+/g, ' ');
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

const listCommentsTool: ToolDefinition = {
  name: 'bs_list_comments',
  title: 'List comments',
  service: 'bugsmash',
  description:
    "A project's comments, filtered by status, priority and last update; one compact line each (number, id, status, priority, author, text). Long lists are paged: the answer says which offset comes next.",
  effect: READ,
  input: (specs, scope) => ({
    properties: {
      projectId: projectIdProperty(specs),
      status: {
        type: 'string',
        enum: [...STATUS_FILTERS],
        description: paramSchema(specs.bugsmash, 'listComments', 'status').description,
      },
      priority: componentSchema(specs.bugsmash, 'CommentPriority'),
      since: {
        type: 'string',
        format: 'date-time',
        description: 'Only comments updated at or after this time (RFC 3339).',
      },
      offset: OFFSET,
      limit: LIMIT,
    },
    required: requiredUnless('projectId', scope.bugsmashProject),
  }),
  async run(call) {
    const { listComments } = await import('../../bugsmash/comments.js');
    const since = str(call.args, 'since');
    const filters = {
      projectId: bugsmashProjectOf(call),
      status: str(call.args, 'status') as StatusFilter | undefined,
      priority: str(call.args, 'priority') as Priority | undefined,
      since: since === undefined ? undefined : Date.parse(since),
    };
    const client = await call.clients.bugsmash();
    const comments = await call.memo(`bs_list_comments ${JSON.stringify(filters)}`, () =>
      listComments(client, filters),
    );
    return page(
      call,
      comments,
      'comments',
      'bs_list_comments',
      (c) =>
        [
          `#${c.comment_number}`,
          c.comment_id,
          c.status,
          c.priority,
          c.comment_by_name ?? '',
          excerpt(c.comment),
        ].join('\t'),
      // The list's structured copy is the line's fields; bs_get_comment gives the whole comment.
      (c) => ({
        comment_id: c.comment_id,
        comment_number: c.comment_number,
        status: c.status,
        priority: c.priority,
        comment_by_name: c.comment_by_name,
        updated_at: c.updated_at,
        comment: excerpt(c.comment),
      }),
    );
  },
};

const getCommentTool: ToolDefinition = {
  name: 'bs_get_comment',
  title: 'Get a comment with its replies',
  service: 'bugsmash',
  description: 'One comment (text, status, priority, author, where it was left) and its replies.',
  effect: READ,
  input: (specs) => ({ properties: { commentId: commentIdProperty(specs) }, required: ['commentId'] }),
  async run(call) {
    const commentId = await commentIdOf(call);
    const client = await call.clients.bugsmash();
    const [comment, replies] = await Promise.all([
      client.comments.get({ commentId }),
      collect(client.replies.iterate({ commentId })),
    ]);
    const text = [
      `Comment ${commentId}: ${JSON.stringify(comment)}`,
      `${replies.length} repl${replies.length === 1 ? 'y' : 'ies'}:`,
      ...replies.map((r) => `- ${r.comment_by_name ?? ''}: ${r.comment}`),
    ].join('\n');
    return cutAnswer({ text, structured: { comment, replies } }, call.budget);
  },
};

const replyTool: ToolDefinition = {
  name: 'bs_reply',
  title: 'Reply to a comment',
  service: 'bugsmash',
  description: 'Posts a reply to a comment (private replies are visible to the workspace only).',
  effect: { readOnly: false, destructive: false, idempotent: false },
  input: (specs) => ({
    properties: {
      commentId: bodyProperty(specs.bugsmash, 'createReply', 'commentId'),
      text: bodyProperty(specs.bugsmash, 'createReply', 'text'),
      isPrivate: bodyProperty(specs.bugsmash, 'createReply', 'isPrivate'),
    },
    required: ['commentId', 'text'],
  }),
  async run(call) {
    const commentId = await commentIdOf(call);
    const { replyToComment } = await import('../../bugsmash/comments.js');
    const reply = await replyToComment(
      await call.clients.bugsmash(),
      commentId,
      requireStr(call.args, 'text'),
      call.args.isPrivate === true,
    );
    return objectAnswer(`Replied to ${commentId}.`, { ...reply }, call.budget);
  },
};

const updateCommentTool: ToolDefinition = {
  name: 'bs_update_comment',
  title: "Set a comment's status or priority",
  service: 'bugsmash',
  description: 'Resolves or reopens a comment (status) and/or sets its priority.',
  effect: { readOnly: false, destructive: false, idempotent: true },
  input: (specs) => ({
    properties: {
      commentId: commentIdProperty(specs),
      status: bodyProperty(specs.bugsmash, 'updateComment', 'status'),
      priority: bodyProperty(specs.bugsmash, 'updateComment', 'priority'),
    },
    required: ['commentId'],
  }),
  async run(call) {
    const commentId = await commentIdOf(call);
    const status = str(call.args, 'status') as CommentStatus | undefined;
    const priority = str(call.args, 'priority') as Priority | undefined;
    if (status === undefined && priority === undefined) {
      throw new UsageError('Nothing to change: pass status and/or priority.', {
        hint: 'Pass status or priority.',
      });
    }
    const client = await call.clients.bugsmash();
    const comment = await client.comments.update({
      commentId,
      ...(status === undefined ? {} : { status }),
      ...(priority === undefined ? {} : { priority }),
    });
    return objectAnswer(
      `Comment ${commentId} is now ${comment.status}, ${comment.priority}.`,
      { ...comment },
      call.budget,
    );
  },
};

const exportTool: ToolDefinition = {
  name: 'bs_export_comments',
  title: "Export a project's comments",
  service: 'bugsmash',
  description:
    'Every comment of a project with its replies, as NDJSON, JSON, CSV or Markdown text (the same export as `specbound bs comments export`). Cut at the answer budget: for a large project, filter by status or export from the CLI.',
  effect: READ,
  input: (specs, scope) => ({
    properties: {
      projectId: projectIdProperty(specs),
      format: {
        type: 'string',
        enum: ['ndjson', 'json', 'csv', 'md'],
        description: 'Default ndjson: one comment per line.',
      },
      status: { type: 'string', enum: [...STATUS_FILTERS], description: 'Only comments in this state.' },
    },
    required: requiredUnless('projectId', scope.bugsmashProject),
  }),
  async run(call) {
    const { exportComments } = await import('../../bugsmash/export.js');
    const chunks: string[] = [];
    const format = (str(call.args, 'format') ?? 'ndjson') as 'ndjson';
    const summary = await exportComments(
      await call.clients.bugsmash(),
      { write: async (chunk) => void chunks.push(chunk) },
      {
        projects: [bugsmashProjectOf(call)],
        format,
        status: str(call.args, 'status') as StatusFilter | undefined,
      },
    );
    const head = `Exported ${summary.comments} comments and ${summary.replies} replies (${format}):`;
    return cutAnswer(
      { text: `${head}\n${chunks.join('')}`, structured: { ...summary, format } },
      call.budget,
    );
  },
};

export const BUGSMASH_COMMENT_TOOLS: readonly ToolDefinition[] = [
  listCommentsTool,
  getCommentTool,
  replyTool,
  updateCommentTool,
  exportTool,
];

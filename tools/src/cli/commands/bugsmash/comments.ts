import type { Comment } from '@specbound/bugsmash';
import {
  listComments,
  type Priority,
  replyToComment,
  type StatusFilter,
  setCommentsStatus,
  updateComment,
} from '../../../bugsmash/comments.js';
import { UsageError } from '../../../errors.js';
import type { CliContext } from '../../context.js';
import { type AuthOptions, bugsmashClient } from './client.js';

function oneLine(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

const COLUMNS = (ctx: CliContext) =>
  [
    { header: 'id', value: (c: Comment) => c.comment_id },
    { header: '#', value: (c: Comment) => c.comment_number, align: 'right' as const },
    { header: 'status', value: (c: Comment) => c.status },
    { header: 'priority', value: (c: Comment) => c.priority },
    { header: 'by', value: (c: Comment) => c.comment_by_name },
    { header: 'comment', value: (c: Comment) => (ctx.io.isTTY ? oneLine(c.comment) : c.comment) },
  ] as const;

export async function commentsLs(
  ctx: CliContext,
  projectId: string,
  options: AuthOptions & {
    status?: StatusFilter | undefined;
    priority?: Priority | undefined;
    all?: true | undefined;
  },
): Promise<void> {
  if (options.all === true && options.status !== undefined) {
    throw new UsageError('--all and --status cannot be used together.', {
      hint: '--all lists every comment; --status narrows to active or resolved ones.',
    });
  }
  const client = await bugsmashClient(ctx, options);
  // Without --all or --status, the open work: active comments.
  const status = options.all === true ? undefined : (options.status ?? 'active');
  const comments = await listComments(client, { projectId, status, priority: options.priority });
  ctx.io.table(comments, COLUMNS(ctx), 'no comments (--all includes resolved ones)');
}

export async function commentsGet(ctx: CliContext, commentId: string, options: AuthOptions): Promise<void> {
  const client = await bugsmashClient(ctx, options);
  const comment = await client.comments.get({ commentId, plainText: true });
  ctx.io.result(comment, (c) => {
    ctx.io.line(
      `${ctx.io.style('bold', `#${c.comment_number}`)} ${c.status} · ${c.priority} · ${c.comment_by_name ?? ''}`,
    );
    ctx.io.line(c.comment);
    for (const reply of c.replies ?? [])
      ctx.io.line(`  ↳ ${reply.comment_by_name ?? ''}: ${reply.comment ?? ''}`);
  });
}

export async function commentsSetStatus(
  ctx: CliContext,
  commentIds: string[],
  status: 'Active' | 'Resolved',
  options: AuthOptions,
): Promise<void> {
  const client = await bugsmashClient(ctx, options);
  const updated = await setCommentsStatus(client, commentIds, status);
  ctx.io.table(updated, [
    { header: 'id', value: (c) => c.comment_id },
    { header: '#', value: (c) => c.comment_number },
    { header: 'status', value: (c) => c.status },
  ]);
}

export async function commentsSet(
  ctx: CliContext,
  commentId: string,
  options: AuthOptions & {
    priority?: Priority | undefined;
    private?: true | undefined;
    public?: true | undefined;
    text?: string | undefined;
  },
): Promise<void> {
  if (options.private === true && options.public === true) {
    throw new UsageError('--private and --public cannot be used together.', { hint: 'Pass one of them.' });
  }
  const isPrivate = options.private === true ? true : options.public === true ? false : undefined;
  const changes = { priority: options.priority, isPrivate, text: options.text };
  if (Object.values(changes).every((v) => v === undefined)) {
    throw new UsageError('Nothing to change.', {
      hint: 'Pass --priority P, --private or --public, or --text T.',
    });
  }
  const client = await bugsmashClient(ctx, options);
  const comment = await updateComment(client, commentId, changes);
  ctx.io.result(comment, (c) =>
    ctx.io.line(
      `#${c.comment_number} ${c.status} · ${c.priority}${c.is_private === true ? ' · private' : ''}`,
    ),
  );
}

export async function reply(
  ctx: CliContext,
  commentId: string,
  text: string,
  options: AuthOptions & { private?: true | undefined },
): Promise<void> {
  if (text.trim() === '')
    throw new UsageError('The reply is empty.', { hint: 'Pass the reply text as the second argument.' });
  const client = await bugsmashClient(ctx, options);
  const created = await replyToComment(client, commentId, text, options.private === true);
  ctx.io.result(created, () => ctx.io.line(`replied to ${commentId}`));
}

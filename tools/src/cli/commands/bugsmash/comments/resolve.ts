// `specbound bs comments resolve <commentId...>`: comments resolved (`reopen` runs the same with Active).
// Every id is tried; each one's outcome is printed, and the exit code is 1 when any failed.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { CommentStatus } from '../../../../bugsmash/values.js';
import { ToolsError } from '../../../../errors.js';
import { type CliContext, contextOf } from '../../../context.js';
import { withExamples } from '../../../examples.js';
import { type AuthOptions, bugsmashClient } from '../client.js';

export function define(comments: CommandUnknownOpts): void {
  const command = comments.command('resolve').argument('<commentId...>').description('resolve comments');
  withExamples(
    command,
    ['specbound bs comments resolve 4f2a 9c1d', 'resolve two comments'],
    ['specbound bs comments resolve 4f2a --json', "each id's outcome as JSON"],
  ).action((ids, _options, command) => run(contextOf(command), ids, 'Resolved', command.optsWithGlobals()));
}

/** Sets the status of every comment in `commentIds`; prints each with its new status or its error. */
export async function run(
  ctx: CliContext,
  commentIds: string[],
  status: CommentStatus,
  options: AuthOptions,
): Promise<void> {
  const { setCommentsStatus } = await import('../../../../bugsmash/comments.js');
  const client = await bugsmashClient(ctx, options);
  const outcomes = await setCommentsStatus(client, commentIds, status);
  // JSON: the updated comment for each success, `{comment_id, error}` for each failure, in order.
  const rows = outcomes.map((o) => o.comment ?? { comment_id: o.commentId, error: o.error.message });
  if (ctx.io.json) ctx.io.jsonDocument(rows);
  else {
    ctx.io.table(outcomes, [
      { header: 'id', value: (o) => o.commentId },
      { header: '#', value: (o) => o.comment?.comment_number },
      { header: 'status', value: (o) => o.comment?.status ?? `failed: ${o.error?.message}` },
    ]);
  }
  const failed = outcomes.filter((o) => o.error !== undefined);
  if (failed.length > 0) throw batchError(failed, outcomes.length);
}

/**
 * What the batch ends with after each outcome is printed. A refused key (401) refuses every id, so
 * that error itself is thrown: exit 4 and the API key hint, as for a single request.
 */
function batchError(
  failed: readonly { commentId: string; error?: Error | undefined }[],
  total: number,
): Error {
  const refused = failed.find((o) => (o.error as { status?: unknown } | undefined)?.status === 401)?.error;
  if (refused !== undefined) return refused;
  const others = failed.length < total ? '; the others were' : '';
  return new ToolsError(
    `${failed.length} of ${total} comments were not updated: ${failed.map((o) => o.commentId).join(', ')}${others}.`,
  );
}

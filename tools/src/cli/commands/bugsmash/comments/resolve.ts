// `specbound bs comments resolve <commentId...>`: comments resolved (`reopen` runs the same with Active).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../../context.js';
import { type AuthOptions, bugsmashClient } from '../client.js';

export function define(comments: CommandUnknownOpts): void {
  comments
    .command('resolve')
    .argument('<commentId...>')
    .description('resolve comments')
    .action((ids, _options, command) => run(contextOf(command), ids, 'Resolved', command.optsWithGlobals()));
}

/** Sets the status of every comment in `commentIds`; prints them with their new status. */
export async function run(
  ctx: CliContext,
  commentIds: string[],
  status: 'Active' | 'Resolved',
  options: AuthOptions,
): Promise<void> {
  const { setCommentsStatus } = await import('../../../../bugsmash/comments.js');
  const client = await bugsmashClient(ctx, options);
  const updated = await setCommentsStatus(client, commentIds, status);
  ctx.io.table(updated, [
    { header: 'id', value: (c) => c.comment_id },
    { header: '#', value: (c) => c.comment_number },
    { header: 'status', value: (c) => c.status },
  ]);
}

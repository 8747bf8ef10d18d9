// `specbound bs reply <commentId> <text>`: a reply to a comment.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { UsageError } from '../../../errors.js';
import { type CliContext, contextOf } from '../../context.js';
import { examples } from '../../examples.js';
import { type AuthOptions, bugsmashClient } from './client.js';

export function define(bs: CommandUnknownOpts): void {
  bs.command('reply')
    .argument('<commentId>')
    .argument('<text>')
    .description('reply to a comment')
    .option('--private', 'visible to the workspace only')
    .addHelpText(
      'after',
      examples(
        ['specbound bs reply 4f2a "Fixed in v3"', 'reply to a comment'],
        ['specbound bs reply 4f2a "internal note" --private', 'a reply only the team sees'],
      ),
    )
    .action((commentId, text, _options, command) =>
      run(contextOf(command), commentId, text, command.optsWithGlobals()),
    );
}

export async function run(
  ctx: CliContext,
  commentId: string,
  text: string,
  options: AuthOptions & { private?: true | undefined },
): Promise<void> {
  if (text.trim() === '')
    throw new UsageError('The reply is empty.', { hint: 'Pass the reply text as the second argument.' });
  const { replyToComment } = await import('../../../bugsmash/comments.js');
  const client = await bugsmashClient(ctx, options);
  const created = await replyToComment(client, commentId, text, options.private === true);
  ctx.io.result(created, () => ctx.io.line(`replied to ${commentId}`));
}

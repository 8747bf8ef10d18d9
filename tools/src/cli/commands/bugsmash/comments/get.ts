// `specbound bs comments get <commentId>`: a comment with its replies.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../../context.js';
import { examples } from '../../../examples.js';
import { type AuthOptions, bugsmashClient } from '../client.js';

export function define(comments: CommandUnknownOpts): void {
  comments
    .command('get')
    .argument('<commentId>')
    .description('a comment with its replies')
    .addHelpText(
      'after',
      examples(
        ['specbound bs comments get 4f2a', 'a comment with its replies'],
        ['specbound bs comments get 4f2a --json', 'as JSON'],
      ),
    )
    .action((commentId, _options, command) => run(contextOf(command), commentId, command.optsWithGlobals()));
}

export async function run(ctx: CliContext, commentId: string, options: AuthOptions): Promise<void> {
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

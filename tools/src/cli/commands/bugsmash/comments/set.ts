// `specbound bs comments set <commentId>`: a comment's priority, privacy or text changed.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { Priority } from '../../../../bugsmash/values.js';
import { UsageError } from '../../../../errors.js';
import { type CliContext, contextOf } from '../../../context.js';
import { examples } from '../../../examples.js';
import { type AuthOptions, bugsmashClient } from '../client.js';
import { oneOf, PRIORITIES } from '../options.js';

interface CommentsSetOptions extends AuthOptions {
  priority?: Priority | undefined;
  private?: true | undefined;
  public?: true | undefined;
  text?: string | undefined;
}

export function define(comments: CommandUnknownOpts): void {
  comments
    .command('set')
    .argument('<commentId>')
    .description("change a comment's priority, privacy or text")
    .option('--priority <priority>', PRIORITIES.join('|'), oneOf('--priority', PRIORITIES))
    .option('--private', 'visible to the workspace only')
    .option('--public', 'visible to reviewers')
    .option('--text <text>', 'new text')
    .addHelpText(
      'after',
      examples(
        ['specbound bs comments set 4f2a --priority p1', 'raise its priority'],
        ['specbound bs comments set 4f2a --private --text "see ticket"', 'make it private and edit it'],
      ),
    )
    .action((commentId, _options, command) => run(contextOf(command), commentId, command.optsWithGlobals()));
}

export async function run(ctx: CliContext, commentId: string, options: CommentsSetOptions): Promise<void> {
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
  const { updateComment } = await import('../../../../bugsmash/comments.js');
  const client = await bugsmashClient(ctx, options);
  const comment = await updateComment(client, commentId, changes);
  ctx.io.result(comment, (c) =>
    ctx.io.line(
      `#${c.comment_number} ${c.status} · ${c.priority}${c.is_private === true ? ' · private' : ''}`,
    ),
  );
}

// `specbound bs review-link <projectId>`: the review link of the project's latest version.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../context.js';
import { examples } from '../../examples.js';
import { type AuthOptions, bugsmashClient } from './client.js';

export function define(bs: CommandUnknownOpts): void {
  bs.command('review-link')
    .argument('<projectId>')
    .description("print the review link of the project's latest version")
    .addHelpText(
      'after',
      examples(
        ['specbound bs review-link 81d3', 'the link to send reviewers'],
        ['specbound bs review-link 81d3 --json', 'as JSON'],
      ),
    )
    .action((projectId, _options, command) => run(contextOf(command), projectId, command.optsWithGlobals()));
}

export async function run(ctx: CliContext, projectId: string, options: AuthOptions): Promise<void> {
  const { reviewLink } = await import('../../../bugsmash/projects.js');
  const client = await bugsmashClient(ctx, options);
  const link = await reviewLink(client, projectId);
  ctx.io.result(link, (l) => ctx.io.line(l.reviewLink));
}

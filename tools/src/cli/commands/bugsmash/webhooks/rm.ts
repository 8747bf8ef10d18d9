// `specbound bs webhooks rm <webhookId>`: a webhook subscription deleted.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../../context.js';
import { examples } from '../../../examples.js';
import { type AuthOptions, bugsmashClient } from '../client.js';

export function define(webhooks: CommandUnknownOpts): void {
  webhooks
    .command('rm')
    .argument('<webhookId>')
    .description('delete a webhook')
    .addHelpText(
      'after',
      examples(
        ['specbound bs webhooks rm 9a01', 'stop a webhook'],
        ['specbound bs webhooks ls', 'find its id first'],
      ),
    )
    .action((webhookId, _options, command) => run(contextOf(command), webhookId, command.optsWithGlobals()));
}

export async function run(ctx: CliContext, webhookId: string, options: AuthOptions): Promise<void> {
  const client = await bugsmashClient(ctx, options);
  await client.webhooks.delete({ webhookId });
  ctx.io.result({ deleted: webhookId }, () => ctx.io.line(`deleted webhook ${webhookId}`));
}

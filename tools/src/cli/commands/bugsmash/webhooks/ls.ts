// `specbound bs webhooks ls`: the webhook subscriptions.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../../context.js';
import { examples } from '../../../examples.js';
import { type AuthOptions, bugsmashClient } from '../client.js';

export function define(webhooks: CommandUnknownOpts): void {
  webhooks
    .command('ls')
    .description('list webhooks')
    .addHelpText(
      'after',
      examples(['specbound bs webhooks ls', 'the webhooks'], ['specbound bs webhooks ls --json', 'as JSON']),
    )
    .action((_options, command) => run(contextOf(command), command.optsWithGlobals()));
}

export async function run(ctx: CliContext, options: AuthOptions): Promise<void> {
  const client = await bugsmashClient(ctx, options);
  const hooks = await client.webhooks.list({});
  ctx.io.table(hooks, [
    { header: 'id', value: (w) => w.id },
    { header: 'url', value: (w) => w.webhookUrl },
    { header: 'events', value: (w) => (w.events ?? []).join(',') },
  ]);
}

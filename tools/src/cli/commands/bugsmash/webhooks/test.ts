// `specbound bs webhooks test`: the service sends a sample delivery to the webhooks of an event.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { WebhookEventName } from '@specbound/bugsmash';
import { type CliContext, contextOf } from '../../../context.js';
import { examples } from '../../../examples.js';
import { type AuthOptions, bugsmashClient } from '../client.js';
import { oneOf, WEBHOOK_EVENTS } from '../options.js';

export function define(webhooks: CommandUnknownOpts): void {
  webhooks
    .command('test')
    .description('have the service send a sample delivery to every webhook subscribed to the event')
    .option(
      '--event <event>',
      WEBHOOK_EVENTS.join('|'),
      oneOf('--event', WEBHOOK_EVENTS, false),
      'new_comment',
    )
    .addHelpText(
      'after',
      examples(
        ['specbound bs webhooks test --event new_comment', 'send a test delivery'],
        ['specbound bs webhooks test --event comment_replied --json', 'its outcome as JSON'],
      ),
    )
    .action((_options, command) => run(contextOf(command), command.optsWithGlobals()));
}

export async function run(
  ctx: CliContext,
  options: AuthOptions & { event: WebhookEventName },
): Promise<void> {
  const client = await bugsmashClient(ctx, options);
  const answer = await client.webhooks.test({ event: options.event });
  ctx.io.result({ event: options.event, answer }, () =>
    ctx.io.line(`sent a sample ${options.event} delivery to every webhook subscribed to it`),
  );
}

// `specbound bs webhooks create`: a URL subscribed to events; the signing secret is shown once (or
// written to --secret-out).
import { resolve } from 'node:path';
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { WebhookEventName } from '@specbound/bugsmash';
import { ToolsError, UsageError } from '../../../../errors.js';
import { type CliContext, contextOf } from '../../../context.js';
import { examples } from '../../../examples.js';
import { type AuthOptions, bugsmashClient } from '../client.js';
import { events, WEBHOOK_EVENTS } from '../options.js';

interface WebhooksCreateOptions extends AuthOptions {
  url: string;
  events: WebhookEventName[];
  secretOut?: string | undefined;
}

export function define(webhooks: CommandUnknownOpts): void {
  webhooks
    .command('create')
    .description('subscribe a URL to events; the signing secret is shown once (or written to --secret-out)')
    .requiredOption('--url <url>', 'where deliveries go')
    .option('--events <events>', `comma-separated (default all: ${WEBHOOK_EVENTS.join(',')})`, events)
    .option(
      '--secret-out <file>',
      'write the signing secret to a new file (mode 0600) instead of printing it',
    )
    .addHelpText(
      'after',
      examples(
        ['specbound bs webhooks create --url https://example.com/hook', 'every event'],
        [
          'specbound bs webhooks create --url https://example.com/hook --events new_comment --secret-out whsec',
          'one event, the secret into a file',
        ],
      ),
    )
    .action((_options, command) => {
      const options = command.optsWithGlobals();
      return run(contextOf(command), { ...options, events: options.events ?? [...WEBHOOK_EVENTS] });
    });
}

export async function run(ctx: CliContext, options: WebhooksCreateOptions): Promise<void> {
  if (options.secretOut !== undefined) {
    const { access } = await import('node:fs/promises');
    if (
      await access(resolve(ctx.cwd, options.secretOut)).then(
        () => true,
        () => false,
      )
    ) {
      throw new UsageError(`--secret-out: ${options.secretOut} already exists.`, {
        hint: 'Name a new file; nothing was created.',
      });
    }
  }
  const { createWebhook, writeSecretFile } = await import('../../../../bugsmash/webhooks.js');
  const client = await bugsmashClient(ctx, options);
  const created = await createWebhook(client, { url: options.url, events: options.events });
  if (created.secret === undefined) {
    throw new ToolsError('The webhook was created, but the answer carried no signing secret.', {
      hint: 'Look the secret up in BugSmash (Settings → Webhooks) or delete and create the webhook again.',
    });
  }
  if (options.secretOut !== undefined) {
    await writeSecretFile(resolve(ctx.cwd, options.secretOut), created.secret);
    const { secret: _secret, ...shown } = created;
    ctx.io.result({ ...shown, secretFile: options.secretOut }, (w) => {
      ctx.io.line(`created webhook ${w.id ?? ''} → ${w.webhookUrl} (${w.events.join(', ')})`);
      ctx.io.line(`signing secret written to ${options.secretOut} (mode 0600)`);
    });
    return;
  }
  // The one place a secret is printed on purpose: BugSmash shows it once, and so do we.
  ctx.io.result(created, (w) => {
    ctx.io.line(`created webhook ${w.id ?? ''} → ${w.webhookUrl} (${w.events.join(', ')})`);
    ctx.io.line(`signing secret (shown once): ${w.secret}`);
  });
  ctx.io.hint(
    'Store the secret now; BugSmash will not show it again. --secret-out FILE writes it to a file.',
  );
}

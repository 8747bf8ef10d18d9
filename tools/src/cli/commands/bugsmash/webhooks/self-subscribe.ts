// `webhooks listen --create`: a subscription pointing at the listener itself, made once the listener
// has its port (so `--port 0` works on a first setup, as `stripe listen` registers itself), its
// secret handed to the listener (and to --secret-out), and removed again when the listener stops.
import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { WebhookEventName } from '@specbound/bugsmash';
import type { Listener } from '../../../../bugsmash/listen.js';
import { ToolsError, UsageError } from '../../../../errors.js';
import type { CliContext } from '../../../context.js';
import { type AuthOptions, bugsmashClient } from '../client.js';

export interface SelfSubscribeOptions extends AuthOptions {
  events: WebhookEventName[];
  secretOut?: string | undefined;
}

/** Checked before anything is created: --secret-out never overwrites a file. */
export async function checkSecretOut(ctx: CliContext, secretOut: string | undefined): Promise<void> {
  if (secretOut === undefined) return;
  const exists = await access(resolve(ctx.cwd, secretOut)).then(
    () => true,
    () => false,
  );
  if (exists) {
    throw new UsageError(`--secret-out: ${secretOut} already exists.`, {
      hint: 'Name a new file; nothing was created.',
    });
  }
}

/** Subscribes `listener.url`; resolves to the function that removes the subscription. */
export async function subscribeListener(
  ctx: CliContext,
  listener: Listener,
  options: SelfSubscribeOptions,
): Promise<() => Promise<void>> {
  const { createWebhook, writeSecretFile } = await import('../../../../bugsmash/webhooks.js');
  const client = await bugsmashClient(ctx, options);
  const created = await createWebhook(client, { url: listener.url, events: options.events });
  const remove = async () => {
    if (created.id === undefined) {
      ctx.io.warn(
        `the webhook for ${listener.url} has no id in BugSmash's answer: remove it with \`webhooks rm\``,
      );
      return;
    }
    await client.webhooks.delete({ webhookId: created.id });
    ctx.io.progress(`removed webhook ${created.id}`);
  };
  if (created.secret === undefined) {
    await remove();
    throw new ToolsError(
      'The webhook was created, but the answer carried no signing secret; it was removed.',
      {
        hint: 'Create one with `webhooks create --secret-out FILE` and pass --secret-file FILE.',
      },
    );
  }
  ctx.io.addSecret(created.secret);
  listener.setSecret(created.secret);
  if (options.secretOut !== undefined)
    await writeSecretFile(resolve(ctx.cwd, options.secretOut), created.secret);
  ctx.io.progress(
    `subscribed webhook ${created.id ?? ''} → ${listener.url} (${options.events.join(', ')}); removed when listen stops${options.secretOut === undefined ? '' : `; secret in ${options.secretOut} (mode 0600)`}`,
  );
  return remove;
}

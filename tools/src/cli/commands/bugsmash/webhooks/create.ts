import { resolve } from 'node:path';
import type { WebhookEventName } from '@specbound/bugsmash';
import { type Delivery, listenForWebhooks } from '../../../bugsmash/listen.js';
import { createWebhook, readWebhookSecret, writeSecretFile } from '../../../bugsmash/webhooks.js';
import { ToolsError, UsageError } from '../../../errors.js';
import type { CliContext } from '../../context.js';
import { untilStopped } from '../../signals.js';
import { type AuthOptions, bugsmashClient } from './client.js';

export async function webhooksCreate(
  ctx: CliContext,
  options: AuthOptions & { url: string; events: WebhookEventName[]; secretOut?: string | undefined },
): Promise<void> {
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

export async function webhooksLs(ctx: CliContext, options: AuthOptions): Promise<void> {
  const client = await bugsmashClient(ctx, options);
  const hooks = await client.webhooks.list({});
  ctx.io.table(hooks, [
    { header: 'id', value: (w) => w.id },
    { header: 'url', value: (w) => w.webhookUrl },
    { header: 'events', value: (w) => (w.events ?? []).join(',') },
  ]);
}

export async function webhooksRm(ctx: CliContext, webhookId: string, options: AuthOptions): Promise<void> {
  const client = await bugsmashClient(ctx, options);
  await client.webhooks.delete({ webhookId });
  ctx.io.result({ deleted: webhookId }, () => ctx.io.line(`deleted webhook ${webhookId}`));
}

export async function webhooksTest(
  ctx: CliContext,
  options: AuthOptions & { event: WebhookEventName },
): Promise<void> {
  const client = await bugsmashClient(ctx, options);
  const answer = await client.webhooks.test({ event: options.event });
  ctx.io.result({ event: options.event, answer }, () =>
    ctx.io.line(`sent a sample ${options.event} delivery to every webhook subscribed to it`),
  );
}

export async function webhooksListen(
  ctx: CliContext,
  options: { port: number; secretFile?: string | undefined; forwardTo?: string | undefined },
): Promise<void> {
  if (options.forwardTo !== undefined) {
    const url = URL.canParse(options.forwardTo) ? new URL(options.forwardTo) : undefined;
    if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new UsageError(`--forward-to: "${options.forwardTo}" is not an http(s) URL.`, {
        hint: 'Pass e.g. --forward-to http://localhost:3000/webhooks/bugsmash',
      });
    }
  }
  const secret = await readWebhookSecret(
    options.secretFile === undefined ? undefined : resolve(ctx.cwd, options.secretFile),
    ctx.env,
  );
  ctx.io.addSecret(secret);
  const print = (d: Delivery) => {
    if (ctx.io.json) {
      ctx.io.jsonLine(d);
      return;
    }
    const what = `${d.event ?? 'unknown event'}${d.test === true ? ' (test)' : ''}${d.commentId === undefined ? '' : ` comment ${d.commentId}`}`;
    if (d.outcome === 'rejected') {
      ctx.io.line(`${d.at}  ${ctx.io.style('red', 'rejected')}  ${what}: ${d.reason ?? ''} → ${d.status}`);
      return;
    }
    const forwarded =
      d.forwarded === undefined
        ? ''
        : d.forwarded.error === undefined
          ? ` → ${d.forwarded.url} ${d.forwarded.status}`
          : ` → ${d.forwarded.url} failed: ${d.forwarded.error}`;
    ctx.io.line(`${d.at}  ${ctx.io.style('green', 'verified')}  ${what}${forwarded} → ${d.status}`);
  };
  const listener = await listenForWebhooks({
    secret,
    port: options.port,
    forwardTo: options.forwardTo,
    onDelivery: print,
  });
  ctx.io.progress(
    `listening on ${listener.url}${options.forwardTo === undefined ? '' : `, forwarding to ${options.forwardTo}`} (Ctrl-C stops)`,
  );
  ctx.io.hint(`point a webhook at it: specbound bs webhooks create --url ${listener.url}`);
  await untilStopped();
  await listener.close();
}

// `specbound bs webhooks listen`: a receiver on 127.0.0.1 that verifies each delivery's signature,
// prints it and (with --forward-to) forwards it, as `stripe listen` does.
import { resolve } from 'node:path';
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { Delivery } from '../../../../bugsmash/listen.js';
import { UsageError } from '../../../../errors.js';
import { type CliContext, contextOf } from '../../../context.js';
import { examples } from '../../../examples.js';
import { parsePort } from '../../../parse.js';
import { untilStopped } from '../../../signals.js';

interface ListenOptions {
  port: number;
  secretFile?: string | undefined;
  forwardTo?: string | undefined;
}

export function define(webhooks: CommandUnknownOpts): void {
  webhooks
    .command('listen')
    .description('receive deliveries on 127.0.0.1, verify each signature, print it, and forward it')
    .option('--port <port>', 'port on 127.0.0.1 (0 picks a free one)', parsePort, 0)
    .option('--secret-file <file>', 'the signing secret (default: env BUGSMASH_WEBHOOK_SECRET)')
    .option('--forward-to <url>', 'POST verified deliveries here and answer as it does')
    .addHelpText(
      'after',
      examples(
        ['specbound bs webhooks listen --secret-file whsec', 'verify and print deliveries'],
        [
          'specbound bs webhooks listen --secret-file whsec --forward-to http://localhost:3000/hook',
          'and forward the verified ones',
        ],
      ),
    )
    .action((_options, command) => run(contextOf(command), command.optsWithGlobals()));
}

export async function run(ctx: CliContext, options: ListenOptions): Promise<void> {
  if (options.forwardTo !== undefined) {
    const url = URL.canParse(options.forwardTo) ? new URL(options.forwardTo) : undefined;
    if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new UsageError(`--forward-to: "${options.forwardTo}" is not an http(s) URL.`, {
        hint: 'Pass e.g. --forward-to http://localhost:3000/webhooks/bugsmash',
      });
    }
  }
  const { listenForWebhooks } = await import('../../../../bugsmash/listen.js');
  const { readWebhookSecret } = await import('../../../../bugsmash/webhooks.js');
  const secret = await readWebhookSecret(
    options.secretFile === undefined ? undefined : resolve(ctx.cwd, options.secretFile),
    ctx.env,
  );
  ctx.io.addSecret(secret);
  const listener = await listenForWebhooks({
    secret,
    port: options.port,
    forwardTo: options.forwardTo,
    onDelivery: (delivery) => printDelivery(ctx, delivery),
  });
  ctx.io.progress(
    `listening on ${listener.url}${options.forwardTo === undefined ? '' : `, forwarding to ${options.forwardTo}`} (Ctrl-C stops)`,
  );
  ctx.io.hint(`point a webhook at it: specbound bs webhooks create --url ${listener.url}`);
  await untilStopped(ctx.signal);
  await listener.close();
}

/** One line per delivery (one NDJSON line with --json). */
function printDelivery(ctx: CliContext, d: Delivery): void {
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
}

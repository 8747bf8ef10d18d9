// `specbound bs webhooks listen`: a receiver on 127.0.0.1 that verifies each delivery's signature
// (with a scheme you can name, or not at all), prints it (whole with --print-json), records it
// (--record DIR) and (with --forward-to) forwards it, as `stripe listen` does.
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { WebhookEventName } from '@specbound/bugsmash';
import type { Delivery, RawDelivery } from '../../../../bugsmash/listen.js';
import { UsageError } from '../../../../errors.js';
import { type CliContext, contextOf } from '../../../context.js';
import { examples } from '../../../examples.js';
import { parsePort, parsePositiveInt } from '../../../parse.js';
import { untilStopped } from '../../../signals.js';
import { events, WEBHOOK_EVENTS } from '../options.js';
import { addSchemeOptions, type SchemeFlags, schemeOf } from './scheme.js';
import { checkSecretOut, subscribeListener } from './self-subscribe.js';

interface ListenOptions extends SchemeFlags {
  create?: true | undefined;
  events?: WebhookEventName[] | undefined;
  secretOut?: string | undefined;
  apiKeyFile?: string | undefined;
  port: number;
  secretFile?: string | undefined;
  forwardTo?: string | undefined;
  verify: boolean;
  printJson?: true | undefined;
  record?: string | undefined;
  tolerance?: number | undefined;
  idHeader?: string | undefined;
  forwardMaxBytes?: number | undefined;
  forwardTimeout?: number | undefined;
}

export function define(webhooks: CommandUnknownOpts): void {
  const command = webhooks
    .command('listen')
    .description('receive deliveries on 127.0.0.1, verify each signature, print it, and forward it')
    .option('--port <port>', 'port on 127.0.0.1 (0 picks a free one)', parsePort, 0)
    .option('--secret-file <file>', 'the signing secret (default: env BUGSMASH_WEBHOOK_SECRET)')
    .option('--forward-to <url>', 'POST verified deliveries here and answer as it does')
    .option('--create', 'subscribe this listener (its URL, with the port it got) and remove it on exit')
    .option(
      '--events <events>',
      `with --create, comma-separated (default all: ${WEBHOOK_EVENTS.join(',')})`,
      events,
    )
    .option('--secret-out <file>', "with --create, write the new webhook's secret to a new file (mode 0600)")
    .option('--api-key-file <file>', 'with --create, the BugSmash API key (default: env BUGSMASH_API_KEY)')
    .option('--no-verify', 'accept and forward every delivery unchecked (a warning for each)')
    .option('--print-json', 'print each delivery whole as NDJSON: time, headers, raw body, verification')
    .option('--record <dir>', 'write each delivery (raw body and headers, credentials redacted) to DIR')
    .option(
      '--tolerance <seconds>',
      'how far a timestamp may be off (default 300)',
      parsePositiveInt('--tolerance'),
    )
    .option(
      '--id-header <name>',
      'header naming a delivery, to recognise repeats (default X-BugSmash-Delivery)',
    )
    .option(
      '--forward-max-bytes <n>',
      'largest answer of the app relayed (default 10 MiB)',
      parsePositiveInt('--forward-max-bytes'),
    )
    .option(
      '--forward-timeout <seconds>',
      'time allowed to the app (default 30)',
      parsePositiveInt('--forward-timeout'),
    )
    .addHelpText(
      'after',
      examples(
        ['specbound bs webhooks listen --secret-file whsec', 'verify and print deliveries'],
        [
          'specbound bs webhooks listen --secret-file whsec --forward-to http://localhost:3000/hook',
          'and forward the verified ones',
        ],
        [
          'specbound bs webhooks listen --port 0 --create --secret-out whsec',
          'subscribe itself, remove on exit',
        ],
      ),
    );
  addSchemeOptions(command as CommandUnknownOpts);
  command.action((_options, cmd) => run(contextOf(cmd), cmd.optsWithGlobals()));
}

function checkForwardTo(forwardTo: string | undefined): void {
  if (forwardTo === undefined) return;
  const url = URL.canParse(forwardTo) ? new URL(forwardTo) : undefined;
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new UsageError(`--forward-to: "${forwardTo}" is not an http(s) URL.`, {
      hint: 'Pass e.g. --forward-to http://localhost:3000/webhooks/bugsmash',
    });
  }
}

async function recorder(ctx: CliContext, dir: string | undefined) {
  if (dir === undefined) return undefined;
  const { recordDelivery } = await import('../../../../bugsmash/recorded.js');
  const where = resolve(ctx.cwd, dir);
  await mkdir(where, { recursive: true, mode: 0o700 });
  let n = 0;
  return async (raw: RawDelivery) => {
    await recordDelivery(where, raw, ++n);
  };
}

export async function run(ctx: CliContext, options: ListenOptions): Promise<void> {
  checkForwardTo(options.forwardTo);
  const scheme = schemeOf(options);
  const { listenForWebhooks } = await import('../../../../bugsmash/listen.js');
  const { readWebhookSecret } = await import('../../../../bugsmash/webhooks.js');
  const create = options.create === true;
  if (!create && (options.secretOut !== undefined || options.events !== undefined)) {
    throw new UsageError('--events and --secret-out go with --create.');
  }
  if (create) await checkSecretOut(ctx, options.secretOut);
  const secret =
    create || (options.verify === false && options.secretFile === undefined)
      ? undefined
      : await readWebhookSecret(
          options.secretFile === undefined ? undefined : resolve(ctx.cwd, options.secretFile),
          ctx.env,
        );
  if (secret !== undefined) ctx.io.addSecret(secret);
  const { printable } = await import('../../../../bugsmash/recorded.js');
  const listener = await listenForWebhooks({
    secret,
    scheme,
    verify: options.verify !== false,
    port: options.port,
    forwardTo: options.forwardTo,
    toleranceSeconds: options.tolerance,
    idHeader: options.idHeader,
    forwardLimits: {
      ...(options.forwardMaxBytes === undefined ? {} : { maxBytes: options.forwardMaxBytes }),
      ...(options.forwardTimeout === undefined ? {} : { timeoutMs: options.forwardTimeout * 1000 }),
    },
    onRaw: await recorder(ctx, options.record),
    onDelivery: (delivery, raw) => {
      if (delivery.outcome === 'skipped')
        ctx.io.warn(
          'delivery accepted without verification (--no-verify): anyone who reaches this port can send one',
        );
      if (options.printJson === true && raw !== undefined)
        ctx.io.jsonLine({ ...printable(raw), ...delivery });
      else printDelivery(ctx, delivery);
    },
  });
  ctx.io.progress(
    `listening on ${listener.url}${options.forwardTo === undefined ? '' : `, forwarding to ${options.forwardTo}`} (Ctrl-C stops)`,
  );
  if (options.verify === false)
    ctx.io.warn('--no-verify: deliveries are not checked, only printed and forwarded');
  let unsubscribe: (() => Promise<void>) | undefined;
  try {
    if (create)
      unsubscribe = await subscribeListener(ctx, listener, {
        ...options,
        events: options.events ?? [...WEBHOOK_EVENTS],
      });
    else ctx.io.hint(`point a webhook at it: specbound bs webhooks create --url ${listener.url}`);
    await untilStopped(ctx.signal);
  } finally {
    await listener.close();
    await unsubscribe?.();
  }
}

/** One line per delivery (one NDJSON line with --json). */
function printDelivery(ctx: CliContext, d: Delivery): void {
  if (ctx.io.json) {
    ctx.io.jsonLine(d);
    return;
  }
  const what = `${d.event ?? 'unknown event'}${d.test === true ? ' (test)' : ''}${d.commentId === undefined ? '' : ` comment ${d.commentId}`}`;
  if (d.outcome === 'rejected') {
    const seen = d.headersSeen === undefined ? '' : ` (headers seen: ${d.headersSeen.join(', ')})`;
    ctx.io.line(
      `${d.at}  ${ctx.io.style('red', 'rejected')}  ${what}: ${d.reason ?? ''}${seen} → ${d.status}`,
    );
    return;
  }
  const forwarded =
    d.forwarded === undefined
      ? ''
      : d.forwarded.error === undefined
        ? ` → ${d.forwarded.url} ${d.forwarded.status}`
        : ` → ${d.forwarded.url} failed: ${d.forwarded.error}`;
  const label =
    d.outcome === 'skipped' ? ctx.io.style('yellow', 'unverified') : ctx.io.style('green', 'verified');
  const repeat = d.duplicate === true ? ' (repeat of an accepted delivery, not forwarded)' : '';
  ctx.io.line(`${d.at}  ${label}  ${what}${repeat}${forwarded} → ${d.status}`);
}

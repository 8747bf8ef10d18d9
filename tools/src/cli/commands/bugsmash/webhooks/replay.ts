// `specbound bs webhooks replay DIR|FILE --to URL`: sends recorded deliveries (from `listen --record`)
// again, re-signed with the secret when one is given (a fresh timestamp), or exactly as recorded.
import { resolve } from 'node:path';
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { ToolsError, UsageError } from '../../../../errors.js';
import { type CliContext, contextOf } from '../../../context.js';
import { examples } from '../../../examples.js';
import { addSchemeOptions, type SchemeFlags, schemeOf } from './scheme.js';

interface ReplayOptions extends SchemeFlags {
  to: string;
  secretFile?: string | undefined;
  resign?: true | undefined;
}

export function define(webhooks: CommandUnknownOpts): void {
  const command = webhooks
    .command('replay')
    .argument('<path>', 'a file or directory written by `listen --record`')
    .description('send recorded deliveries again, re-signed with the secret or as recorded')
    .requiredOption('--to <url>', 'where to POST them (e.g. your app, or a `listen` URL)')
    .option('--resign', 'sign again with the secret (--secret-file or env BUGSMASH_WEBHOOK_SECRET)')
    .option('--secret-file <file>', 're-sign with the secret in FILE (implies --resign)')
    .addHelpText(
      'after',
      examples(
        ['specbound bs webhooks replay deliveries/ --to http://localhost:3000/hook', 'as recorded'],
        [
          'specbound bs webhooks replay deliveries/1.json --to http://localhost:3000/hook --secret-file whsec',
          're-signed now',
        ],
      ),
    );
  addSchemeOptions(command as CommandUnknownOpts);
  command.action((path, _options, cmd) => run(contextOf(cmd), path, cmd.optsWithGlobals()));
}

export async function run(ctx: CliContext, path: string, options: ReplayOptions): Promise<void> {
  if (!URL.canParse(options.to) || !/^https?:$/.test(new URL(options.to).protocol)) {
    throw new UsageError(`--to: "${options.to}" is not an http(s) URL.`);
  }
  const { readRecorded, replayDelivery } = await import('../../../../bugsmash/recorded.js');
  const { readWebhookSecret } = await import('../../../../bugsmash/webhooks.js');
  const resign = options.resign === true || options.secretFile !== undefined;
  const secret = resign
    ? await readWebhookSecret(
        options.secretFile === undefined ? undefined : resolve(ctx.cwd, options.secretFile),
        ctx.env,
      )
    : undefined;
  if (secret !== undefined) ctx.io.addSecret(secret);
  const records = await readRecorded(resolve(ctx.cwd, path));
  const results = [];
  for (const { file, delivery } of records) {
    const result = await replayDelivery(delivery, { to: options.to, secret, scheme: schemeOf(options) });
    results.push({ file, ...result });
    if (!ctx.io.json)
      ctx.io.line(
        `${file} → ${result.status ?? `failed: ${result.error}`}${result.resigned ? ' (re-signed)' : ''}`,
      );
  }
  if (ctx.io.json) ctx.io.result(results, () => undefined);
  const failed = results.filter((r) => r.status === undefined || r.status >= 300).length;
  ctx.io.progress(
    `replayed ${results.length} deliver${results.length === 1 ? 'y' : 'ies'} to ${options.to}; ${failed} not accepted`,
  );
  if (failed > 0) {
    throw new ToolsError(
      `${failed} of ${results.length} replayed deliveries were not accepted by ${options.to}.`,
    );
  }
}

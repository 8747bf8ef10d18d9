// `specbound sync comments <projectId>`: BugSmash comments → an Apps Script function, idempotently.

import { access, mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../context.js';
import { examples } from '../../examples.js';
import { parsePositiveInt, parseSince } from '../../parse.js';
import { bugsmashClient } from '../bugsmash/client.js';

interface SyncCommandOptions {
  script: string;
  function: string;
  devMode?: true | undefined;
  since?: number | undefined;
  batchSize: number;
  state?: string | undefined;
  dryRun?: true | undefined;
  apiKeyFile?: string | undefined;
}

export function define(sync: CommandUnknownOpts): void {
  sync
    .command('comments')
    .argument('<projectId>', 'the BugSmash project')
    .description(
      "send a BugSmash project's new and changed comments, in batches, to an Apps Script function (idempotent)",
    )
    .requiredOption('--script <id>', 'the API-executable deployment id (the script id with --dev-mode)')
    .requiredOption('--function <name>', 'the function that takes each batch')
    .option('--dev-mode', 'run the saved (HEAD) code; only the script owner may')
    .option('--since <iso>', 'only comments updated since this date', parseSince)
    .option('--batch-size <n>', 'comments per call', parsePositiveInt('--batch-size'), 100)
    .option(
      '--state <file>',
      'the sync state (default: one file per project, script and function in $XDG_STATE_HOME/specbound/sync)',
    )
    .option('--dry-run', 'print what would be sent; send nothing')
    .option('--api-key-file <file>', 'read the BugSmash API key from FILE (default: env BUGSMASH_API_KEY)')
    .addHelpText(
      'after',
      examples(
        [
          'specbound sync comments 81d3 --script 1AbC --function onComments',
          'new comments into a script function',
        ],
        ['specbound sync comments 81d3 --script 1AbC --function onComments --dry-run', 'what would be sent'],
      ),
    )
    .action((projectId, _options, command) => run(contextOf(command), projectId, command.optsWithGlobals()));
}

async function run(ctx: CliContext, projectId: string, options: SyncCommandOptions): Promise<void> {
  const { syncComments } = await import('../../../sync/comments.js');
  const { defaultSyncStatePath } = await import('../../../sync/state.js');
  const statePath =
    options.state === undefined
      ? defaultSyncStatePath({ projectId, target: options.script, functionName: options.function }, ctx.env)
      : resolve(ctx.cwd, options.state);
  await warnOfLegacyState(ctx, projectId, options.state === undefined ? statePath : undefined);
  const bugsmash = await bugsmashClient(ctx, options);
  // A dry run needs no Google credentials: it sends nothing.
  const appsScript = options.dryRun === true ? undefined : await ctx.appsScript();
  if (options.dryRun !== true) await mkdir(dirname(statePath), { recursive: true, mode: 0o700 });
  const result = await syncComments(
    { bugsmash, appsScript },
    {
      projectId,
      target: options.script,
      functionName: options.function,
      devMode: options.devMode === true,
      since: options.since,
      batchSize: options.batchSize,
      statePath,
      dryRun: options.dryRun === true,
      onNotice: (message) => ctx.io.warn(message),
      onBatch: (batch) =>
        ctx.io.progress(
          `batch ${batch.batch}: ${batch.comments.length} comment(s) acknowledged by ${options.function}()`,
        ),
    },
  );
  ctx.io.result(result, (r) => {
    if (r.dryRun) {
      for (const batch of r.planned ?? []) {
        ctx.io.line(`batch ${batch.batch}: ${batch.comments.map((c) => `#${c.comment_number}`).join(' ')}`);
      }
      ctx.io.line(
        `dry run: would send ${r.sent} comment(s) in ${r.batches} batch(es); ${r.unchanged} unchanged`,
      );
      return;
    }
    ctx.io.line(`sent ${r.sent} comment(s) in ${r.batches} batch(es); ${r.unchanged} unchanged`);
  });
}

/**
 * Before issue 25 the default state was `.specbound/sync-<projectId>.json` in the current directory.
 * When that file is here and the new default is not, say how to keep using it (else every comment
 * is sent once more).
 */
async function warnOfLegacyState(ctx: CliContext, projectId: string, newDefault: string | undefined) {
  if (newDefault === undefined) return;
  const legacy = join(ctx.cwd, '.specbound', `sync-${projectId}.json`);
  const exists = (path: string) =>
    access(path).then(
      () => true,
      () => false,
    );
  if ((await exists(legacy)) && !(await exists(newDefault))) {
    ctx.io.warn(
      `${legacy} is a sync state of an older specbound; the state now lives in ${newDefault}. Pass --state ${legacy} to continue from it (or move it there).`,
    );
  }
}

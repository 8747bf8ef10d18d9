import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { syncComments } from '../../../sync/comments.js';
import type { CliContext } from '../../context.js';
import { bugsmashClient } from '../bugsmash/client.js';

export interface SyncCommandOptions {
  script: string;
  function: string;
  devMode?: true | undefined;
  since?: number | undefined;
  batchSize: number;
  state?: string | undefined;
  dryRun?: true | undefined;
  apiKeyFile?: string | undefined;
}

export async function syncCommentsCommand(
  ctx: CliContext,
  projectId: string,
  options: SyncCommandOptions,
): Promise<void> {
  const statePath = resolve(ctx.cwd, options.state ?? `.specbound/sync-${projectId}.json`);
  const bugsmash = await bugsmashClient(ctx, options);
  // A dry run needs no Google credentials: it sends nothing.
  const appsScript = options.dryRun === true ? undefined : await ctx.appsScript();
  if (options.dryRun !== true) await mkdir(dirname(statePath), { recursive: true });
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

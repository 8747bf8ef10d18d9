// `specbound bs comments export [projectId...]`: every comment with its replies, streamed as csv, json,
// ndjson or md to stdout or (atomically) to a file.
import { resolve } from 'node:path';
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { openAtomic } from '../../../../atomic-file.js';
import type { ExportProgress, TextSink } from '../../../../bugsmash/export.js';
import type { ExportFormat } from '../../../../bugsmash/format.js';
import type { StatusFilter } from '../../../../bugsmash/values.js';
import { UsageError } from '../../../../errors.js';
import { type CliContext, contextOf } from '../../../context.js';
import { examples } from '../../../examples.js';
import { parsePositiveInt, parseSince } from '../../../parse.js';
import { type AuthOptions, bugsmashClient } from '../client.js';
import { FORMATS, oneOf, STATUS_FILTERS } from '../options.js';

export interface ExportCommandOptions extends AuthOptions {
  format: ExportFormat;
  status?: StatusFilter | undefined;
  since?: number | undefined;
  out?: string | undefined;
  allProjects?: true | undefined;
  concurrency: number;
}

export function define(comments: CommandUnknownOpts): void {
  comments
    .command('export')
    .argument('[projectId...]')
    .description('stream every comment with its replies as csv, json, ndjson or md')
    .requiredOption('--format <format>', FORMATS.join('|'), oneOf('--format', FORMATS))
    .option('--all-projects', 'every project of the workspace')
    .option('--status <status>', STATUS_FILTERS.join('|'), oneOf('--status', STATUS_FILTERS))
    .option('--since <iso>', 'only comments updated since this date', parseSince)
    .option('--out <file>', 'write to FILE (atomically) instead of stdout')
    .option('--concurrency <n>', 'reply fetches in flight', parsePositiveInt('--concurrency'), 8)
    .addHelpText(
      'after',
      examples(
        ['specbound bs comments export 81d3 --format csv --out comments.csv', 'one project to CSV'],
        [
          'specbound bs comments export --all-projects --format ndjson',
          'every project, one JSON line per comment',
        ],
      ),
    )
    .action((projectIds, _options, command) =>
      run(contextOf(command), projectIds, command.optsWithGlobals()),
    );
}

/** A one-line bar on stderr, redrawn at most every 100 ms (only on a TTY). */
function progressBar(stream: NodeJS.WritableStream) {
  let last = 0;
  let shown = false;
  return {
    update(p: ExportProgress, force = false) {
      const now = Date.now();
      if (!force && now - last < 100) return;
      last = now;
      shown = true;
      const width = 24;
      const ratio = p.projectTotal === 0 ? 1 : p.projectDone / p.projectTotal;
      const filled = Math.round(ratio * width);
      const projects = p.projects === undefined ? `${p.project}` : `${p.project}/${p.projects}`;
      const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] project ${projects} ${p.projectDone}/${p.projectTotal} · ${p.written} comments`;
      stream.write(`\r\x1b[2K${line}`);
    },
    clear() {
      if (shown) stream.write('\r\x1b[2K');
    },
  };
}

export async function run(
  ctx: CliContext,
  projectIds: string[],
  options: ExportCommandOptions,
): Promise<void> {
  if (projectIds.length > 0 === (options.allProjects === true)) {
    throw new UsageError('Name the projects to export, or pass --all-projects (not both).', {
      hint: 'specbound bs comments export <projectId…> --format csv, or --all-projects.',
    });
  }
  const { exportComments, streamSink } = await import('../../../../bugsmash/export.js');
  const client = await bugsmashClient(ctx, options);
  const { stderr } = ctx.streams;
  const bar = stderr.isTTY === true && ctx.io.stderr === stderr ? progressBar(stderr) : undefined;
  const controller = new AbortController();
  const onSignal = () => controller.abort(new Error('interrupted'));
  process.once('SIGINT', onSignal);
  const file = options.out === undefined ? undefined : openAtomic(resolve(ctx.cwd, options.out));
  const sink: TextSink = streamSink(file?.stream ?? ctx.streams.stdout);
  try {
    const summary = await exportComments(client, sink, {
      projects: options.allProjects === true ? 'all' : projectIds,
      format: options.format,
      status: options.status,
      since: options.since,
      concurrency: options.concurrency,
      signal: controller.signal,
      onProgress: bar === undefined ? undefined : (p) => bar.update(p, p.projectDone === p.projectTotal),
    });
    await file?.commit();
    bar?.clear();
    const where = options.out ?? 'stdout';
    if (options.out !== undefined)
      ctx.io.result({ ...summary, out: options.out, format: options.format }, () => undefined);
    ctx.io.progress(
      `exported ${summary.comments} comment(s) with ${summary.replies} replies from ${summary.projects} project(s) to ${where} (${options.format})`,
    );
  } catch (error) {
    bar?.clear();
    await file?.abort();
    throw error;
  } finally {
    process.off('SIGINT', onSignal);
  }
}

// `specbound gas push`: the local changes uploaded on top of the remote ones; a conflict is refused.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { PushResult } from '../../../apps-script/push.js';
import { UsageError } from '../../../errors.js';
import { type CliContext, contextOf } from '../../context.js';
export function define(gas: CommandUnknownOpts): void {
  gas
    .command('push')
    .description('upload the local changes on top of the remote ones; refuses files changed on both sides')
    .option('--dry-run', 'print a unified diff (remote → what would be sent) and send nothing')
    .option('--force', 'push the local tree exactly, over remote changes and deletions (as clasp does)')
    .option(
      '-f',
      'clasp’s “overwrite the manifest without asking” (specbound never asks); conflicts stay refused: see --force',
    )
    .option(
      '-w, --watch',
      'push, then push again after each save that changes a pushed file (Ctrl-C stops; --json: one line per push)',
    )
    .addHelpText(
      'after',
      `
Examples:
  $ specbound gas push                 send your changes; a teammate's changes to other files are kept
  $ specbound gas push --force         make the project exactly this folder (overwrites remote edits)
  $ specbound gas push --watch         push on every save until Ctrl-C; a teammate's edit is refused, named`,
    )
    .action((options, command) => run(contextOf(command), options));
}

export async function run(
  ctx: CliContext,
  options: { dryRun?: true | undefined; force?: true | undefined; watch?: true | undefined },
): Promise<void> {
  if (options.watch === true) {
    if (options.dryRun === true) {
      throw new UsageError('--watch and --dry-run cannot be combined: a watch sends each save.', {
        hint: 'Run `specbound gas push --dry-run` to see the diff, then `specbound gas push --watch`.',
      });
    }
    const { runWatch } = await import('./push-watch.js');
    return runWatch(ctx, { force: options.force === true });
  }
  const { pushProject } = await import('../../../apps-script/push.js');
  const result = await pushProject(await ctx.appsScript(), {
    dir: ctx.cwd,
    dryRun: options.dryRun === true,
    force: options.force === true,
    ignoreFile: ctx.globals.ignore,
  });
  ctx.io.result(result, () => renderPushed(ctx, result));
  renderSummary(ctx, result);
}

/** The changed files, one line each (`+` added, `~` modified, `-` removed), or a dry run's diff. */
export function renderPushed(ctx: CliContext, result: PushResult): void {
  const { io } = ctx;
  if (result.dryRun) {
    io.text(result.diff === '' ? '' : colorDiff(io, result.diff));
    return;
  }
  for (const change of result.changes) {
    if (change.change === 'unchanged') continue;
    const mark = change.change === 'added' ? '+' : change.change === 'deleted' ? '-' : '~';
    io.line(
      `${mark} ${change.path ?? change.name}${change.change === 'deleted' ? ' (removed from the project)' : ''}`,
    );
  }
}

/** What happened, on stderr: pushed, up to date, or what a dry run would do; files kept or overwritten. */
export function renderSummary(ctx: CliContext, result: PushResult): void {
  const { io } = ctx;
  const changed = result.changes.filter((c) => c.change !== 'unchanged').length;
  if (result.dryRun) {
    io.progress(`Dry run: ${changed} file(s) would change in ${result.scriptId}; nothing was sent.`);
    if (result.overwritten.length > 0) {
      io.warn(
        `a push would be refused: changed on both sides since the last pull/push: ${result.overwritten.join(', ')}`,
      );
    }
  } else if (result.pushed) {
    io.progress(`Pushed ${result.files.length} file(s) to ${result.scriptId} (${changed} changed).`);
    if (result.overwritten.length > 0)
      io.warn(`overwrote remote changes to: ${result.overwritten.join(', ')}`);
  } else {
    io.progress(
      `Everything up to date: ${result.scriptId} already has these ${result.files.length} file(s).`,
    );
  }
  if (result.keptRemote.length > 0) {
    io.hint(
      `kept as the remote has them (changed there since the last pull/push): ${result.keptRemote.join(', ')}; \`specbound gas pull\` brings them here`,
    );
  }
}

function colorDiff(io: CliContext['io'], diff: string): string {
  return diff
    .split('\n')
    .map((line) =>
      line.startsWith('+++') || line.startsWith('---')
        ? io.style('bold', line)
        : line.startsWith('+')
          ? io.style('green', line)
          : line.startsWith('-')
            ? io.style('red', line)
            : line.startsWith('@@')
              ? io.style('cyan', line)
              : line,
    )
    .join('\n');
}

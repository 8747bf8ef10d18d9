// `specbound gas push`: the local files uploaded, unless the remote changed since the last pull/push.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../context.js';
export function define(gas: CommandUnknownOpts): void {
  gas
    .command('push')
    .description('upload the local files; refuses when the remote changed since the last pull/push')
    .option('--dry-run', 'print a unified diff (remote → local) and send nothing')
    .option('--force', 'push even over remote changes made since the last pull/push')
    .action((options, command) => run(contextOf(command), options));
}

export async function run(
  ctx: CliContext,
  options: { dryRun?: true | undefined; force?: true | undefined },
): Promise<void> {
  const { pushProject } = await import('../../../apps-script/project.js');
  const result = await pushProject(await ctx.appsScript(), {
    dir: ctx.cwd,
    dryRun: options.dryRun === true,
    force: options.force === true,
  });
  const { io } = ctx;
  io.result(result, () => {
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
  });
  const changed = result.changes.filter((c) => c.change !== 'unchanged').length;
  if (result.dryRun) {
    io.progress(`Dry run: ${changed} file(s) would change in ${result.scriptId}; nothing was sent.`);
    if (result.overwritten.length > 0) {
      io.warn(
        `a push would be refused: the remote changed since the last pull/push: ${result.overwritten.join(', ')}`,
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

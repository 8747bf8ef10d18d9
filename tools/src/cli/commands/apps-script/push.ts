// `specbound gas push`: the local changes uploaded on top of the remote ones; a conflict is refused.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
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
    .addHelpText(
      'after',
      `
Examples:
  $ specbound gas push                 send your changes; a teammate's changes to other files are kept
  $ specbound gas push --dry-run       the diff that would be sent, and whether it would be refused
  $ specbound gas push --force         make the project exactly this folder (overwrites remote edits)`,
    )
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

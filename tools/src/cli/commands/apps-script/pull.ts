// `specbound gas pull`: the remote files, written locally.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../context.js';
import { parsePositiveInt } from '../../parse.js';
import { renderPulled } from './render.js';

interface PullOptions {
  version?: number | undefined;
  force?: true | undefined;
}

export function define(gas: CommandUnknownOpts): void {
  gas
    .command('pull')
    .description('write the remote files locally (atomic; local-only files are kept)')
    .option('--version <n>', 'pull this version instead of the current code', parsePositiveInt('--version'))
    .option('--force', 'overwrite local files edited since the last pull/push')
    .action((options, command) => run(contextOf(command), options));
}

export async function run(ctx: CliContext, options: PullOptions): Promise<void> {
  const { pullProject } = await import('../../../apps-script/project.js');
  const result = await pullProject(await ctx.appsScript(), {
    dir: ctx.cwd,
    versionNumber: options.version,
    force: options.force === true,
  });
  ctx.io.result(result, () => renderPulled(ctx.io, result, 'Pulled'));
}

// `specbound gas versions`: the project's versions, newest first.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../context.js';
import { SCRIPT_ID } from './options.js';
import { shortTime } from './render.js';

export function define(gas: CommandUnknownOpts): void {
  gas
    .command('versions')
    .description('list the versions, newest first')
    .option(...SCRIPT_ID)
    .action((options, command) => run(contextOf(command), options));
}

export async function run(ctx: CliContext, options: { scriptId?: string | undefined }): Promise<void> {
  const { resolveScriptId } = await import('../../../apps-script/config.js');
  const { listVersions } = await import('../../../apps-script/deploy.js');
  const scriptId = await resolveScriptId(ctx.cwd, options.scriptId);
  const list = await listVersions(await ctx.appsScript(), { scriptId });
  ctx.io.table(
    list,
    [
      { header: 'version', value: (v) => v.versionNumber, align: 'right' },
      { header: 'created', value: (v) => shortTime(v.createTime) },
      { header: 'description', value: (v) => v.description },
    ],
    'no versions yet: `specbound gas version "first"` creates one',
  );
}

// `specbound gas versions`: the project's versions, newest first.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../context.js';
import { withExamples } from '../../examples.js';
import { SCRIPT_ID, SCRIPT_ID_ARGUMENT, scriptIdOf } from './options.js';
import { shortTime } from './render.js';

export function define(gas: CommandUnknownOpts): void {
  const command = gas
    .command('versions')
    .description('list the versions, newest first')
    .argument(...SCRIPT_ID_ARGUMENT)
    .option(...SCRIPT_ID);
  withExamples(
    command,
    ['specbound gas versions', "this project's versions"],
    ['specbound gas versions --json', 'as JSON, for scripts'],
  ).action((scriptId, options, command) => run(contextOf(command), scriptIdOf(scriptId, options)));
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

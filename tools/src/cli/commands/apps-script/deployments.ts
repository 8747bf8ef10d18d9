// `specbound gas deployments`: the project's deployments.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../context.js';
import { withExamples } from '../../examples.js';
import { SCRIPT_ID, SCRIPT_ID_ARGUMENT, scriptIdOf } from './options.js';
import { shortTime } from './render.js';

export function define(gas: CommandUnknownOpts): void {
  const command = gas
    .command('deployments')
    .description('list the deployments')
    .argument(...SCRIPT_ID_ARGUMENT)
    .option(...SCRIPT_ID);
  withExamples(
    command,
    ['specbound gas deployments', "this project's deployments, HEAD included"],
    ['specbound gas deployments --json', 'as JSON, for scripts'],
  ).action((scriptId, options, command) => run(contextOf(command), scriptIdOf(scriptId, options)));
}

export async function run(ctx: CliContext, options: { scriptId?: string | undefined }): Promise<void> {
  const { resolveScriptId } = await import('../../../apps-script/config.js');
  const { isHeadDeployment, listDeployments } = await import('../../../apps-script/deploy.js');
  const scriptId = await resolveScriptId(ctx.cwd, options.scriptId);
  const list = await listDeployments(await ctx.appsScript(), { scriptId });
  ctx.io.table(list, [
    { header: 'deployment', value: (d) => d.deploymentId },
    { header: 'version', value: (d) => (isHeadDeployment(d) ? '@HEAD' : d.deploymentConfig?.versionNumber) },
    { header: 'updated', value: (d) => shortTime(d.updateTime) },
    { header: 'entry points', value: (d) => (d.entryPoints ?? []).map((e) => e.entryPointType).join(',') },
    { header: 'description', value: (d) => d.deploymentConfig?.description },
  ]);
}

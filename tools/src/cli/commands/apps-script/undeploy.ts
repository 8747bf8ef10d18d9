// `specbound gas undeploy <deploymentId>`: a deployment deleted.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../context.js';
import { SCRIPT_ID } from './options.js';

export function define(gas: CommandUnknownOpts): void {
  gas
    .command('undeploy')
    .description('delete a deployment')
    .argument('<deploymentId>', 'the deployment to delete')
    .option(...SCRIPT_ID)
    .action((deploymentId, options, command) => run(contextOf(command), deploymentId, options));
}

export async function run(
  ctx: CliContext,
  deploymentId: string,
  options: { scriptId?: string | undefined },
): Promise<void> {
  const { resolveScriptId } = await import('../../../apps-script/config.js');
  const { undeploy } = await import('../../../apps-script/deploy.js');
  const scriptId = await resolveScriptId(ctx.cwd, options.scriptId);
  const result = await undeploy(await ctx.appsScript(), {
    scriptId,
    deploymentId,
    dir: options.scriptId === undefined ? ctx.cwd : undefined,
  });
  ctx.io.result(result, () => ctx.io.line(`Deleted deployment ${result.deploymentId}`));
}

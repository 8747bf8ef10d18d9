// `specbound gas run <function>`: a function of the API-executable deployment, and its result.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../context.js';
import { SCRIPT_ID } from './options.js';
export function define(gas: CommandUnknownOpts): void {
  gas
    .command('run')
    .description('run a function of the API-executable deployment and print its result')
    .argument('<function>', 'the function name')
    .option('--params <json>', 'the arguments as a JSON array, e.g. \'["a", 1]\'')
    .option('--dev-mode', 'run the latest pushed code instead of the deployed version (owner only)')
    .option('--deployment-id <id>', 'run this deployment')
    .option(...SCRIPT_ID)
    .action((functionName, options, command) => run(contextOf(command), functionName, options));
}

export async function run(
  ctx: CliContext,
  functionName: string,
  options: {
    params?: string | undefined;
    devMode?: true | undefined;
    deploymentId?: string | undefined;
    scriptId?: string | undefined;
  },
): Promise<void> {
  const { loadProject, resolveScriptId } = await import('../../../apps-script/config.js');
  const { parseParams, runFunction } = await import('../../../apps-script/run.js');
  // Bad JSON is a usage error before anything else happens.
  const parameters = options.params === undefined ? [] : parseParams(options.params);
  const scriptId = await resolveScriptId(ctx.cwd, options.scriptId);
  const preferred =
    options.scriptId === undefined ? (await loadProject(ctx.cwd)).state.deploymentId : undefined;
  const result = await runFunction(await ctx.appsScript(), {
    scriptId,
    functionName,
    parameters,
    devMode: options.devMode === true,
    deploymentId: options.deploymentId,
    preferredDeploymentId: preferred,
  });
  ctx.io.result(result, () => {
    const value = result.result;
    ctx.io.line(typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? 'undefined'));
  });
}

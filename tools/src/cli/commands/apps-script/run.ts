import { loadProject, resolveScriptId } from '../../../apps-script/config.js';
import { parseParams, runFunction } from '../../../apps-script/run.js';
import type { CliContext } from '../../context.js';

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

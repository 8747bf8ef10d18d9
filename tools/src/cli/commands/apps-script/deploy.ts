// `specbound gas deploy`: a version deployed, updating the existing deployment when there is one.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../context.js';
import { parsePositiveInt } from '../../parse.js';
import { SCRIPT_ID } from './options.js';

interface DeployOptions {
  deploymentId?: string | undefined;
  version?: number | undefined;
  description?: string | undefined;
  scriptId?: string | undefined;
}

export function define(gas: CommandUnknownOpts): void {
  gas
    .command('deploy')
    .description(
      'deploy a version, updating the existing deployment (same id and URL); creates one only when there is none',
    )
    .option('--deployment-id <id>', 'the deployment to update (then remembered for this project)')
    .option('--version <n>', 'deploy this version (default: create one now)', parsePositiveInt('--version'))
    .option('--description <text>', 'description of the version and deployment')
    .option(...SCRIPT_ID)
    .action((options, command) => run(contextOf(command), options));
}

export async function run(ctx: CliContext, options: DeployOptions): Promise<void> {
  const { resolveScriptId } = await import('../../../apps-script/config.js');
  const { deploy } = await import('../../../apps-script/deploy.js');
  const scriptId = await resolveScriptId(ctx.cwd, options.scriptId);
  // In a project directory the deployment is remembered; with --script-id elsewhere it is not.
  const inProject = options.scriptId === undefined;
  const result = await deploy(await ctx.appsScript(), {
    scriptId,
    deploymentId: options.deploymentId,
    versionNumber: options.version,
    description: options.description,
    dir: inProject ? ctx.cwd : undefined,
  });
  ctx.io.result(result, () => {
    ctx.io.line(
      `${result.action === 'updated' ? 'Updated' : 'Created'} deployment ${result.deploymentId} → version ${result.versionNumber}${result.versionCreated ? ' (new)' : ''}`,
    );
    if (result.webAppUrl !== undefined) ctx.io.line(`Web app: ${result.webAppUrl}`);
  });
}

// `specbound gas deploy`: a version deployed, updating the existing deployment when there is one
// (clasp's `deploy` always makes a new one: that is `create-deployment`, or `deploy --new`).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../context.js';
import { withExamples } from '../../examples.js';
import { parsePositiveInt } from '../../parse.js';
import { claspDeployOptions, SCRIPT_ID, versionOf, webAppOptions } from './options.js';
import { renderCapWarning } from './render.js';

export interface DeployFlags {
  deploymentId?: string | undefined;
  version?: number | undefined;
  versionNumber?: number | undefined;
  description?: string | undefined;
  new?: true | undefined;
  scriptId?: string | undefined;
  access?: string | undefined;
  executeAs?: string | undefined;
}

export function define(gas: CommandUnknownOpts): void {
  const command = gas
    .command('deploy')
    .description(
      'deploy a version, updating the existing deployment (same id and URL); creates one only when there is none or with --new',
    )
    .option('--deployment-id <id>', 'the deployment to update (then remembered for this project; clasp: -i)')
    .option('--new', 'create another deployment (e.g. staging next to production)')
    .option(
      '--version <n>',
      'deploy this version (default: create one now; clasp: -V)',
      parsePositiveInt('--version'),
    )
    .option('-d, --description <text>', 'description of the version and deployment')
    .option(...SCRIPT_ID);
  for (const option of [...webAppOptions(), ...claspDeployOptions()]) command.addOption(option);
  withExamples(
    command,
    ['specbound gas deploy -d "fix totals"', 'new version, same deployment id and URL'],
    ['specbound gas deploy --access ANYONE_ANONYMOUS --execute-as USER_DEPLOYING', 'a public web app'],
    ['specbound gas deploy --deployment-id AKfy… --version 3', 'point a deployment at version 3'],
  ).action((options, command) => run(contextOf(command), options));
}

/** Shared by `deploy`, clasp's `create-deployment` and `update-deployment`. */
export async function run(ctx: CliContext, options: DeployFlags): Promise<void> {
  const { resolveScriptId } = await import('../../../apps-script/config.js');
  const { deploy } = await import('../../../apps-script/deploy.js');
  const { parseWebAppSettings } = await import('../../../apps-script/webapp-access.js');
  const { servedWebAppUrl } = await import('../../../apps-script/open.js');
  const versionNumber = versionOf(options);
  const webApp = parseWebAppSettings(options);
  const scriptId = await resolveScriptId(ctx.cwd, options.scriptId);
  // In a project directory the deployment is remembered; with --script-id elsewhere it is not.
  const inProject = options.scriptId === undefined;
  const result = await deploy(await ctx.appsScript(), {
    scriptId,
    deploymentId: options.deploymentId,
    newDeployment: options.new === true,
    versionNumber,
    description: options.description,
    dir: inProject ? ctx.cwd : undefined,
    webApp,
  });
  const patch = result.webAppPatch;
  ctx.io.result(result, () => {
    if (patch !== undefined) {
      const where = patch.changed
        ? patch.localUpdated
          ? 'set on the service and here'
          : 'set on the service'
        : 'already so';
      ctx.io.line(
        `Web app: access ${patch.after.access}, execute as ${patch.after.executeAs} (appsscript.json webapp ${where})`,
      );
    }
    ctx.io.line(
      `${result.action === 'updated' ? 'Updated' : 'Created'} deployment ${result.deploymentId} → version ${result.versionNumber}${result.versionCreated ? ' (new)' : ''}`,
    );
    if (result.webAppUrl !== undefined)
      ctx.io.line(`Web app: ${servedWebAppUrl(result.webAppUrl, ctx.appsScriptUrl)}`);
  });
  for (const warning of result.warnings) renderCapWarning(ctx.io, warning);
}

// `specbound gas update-deployment <deploymentId>` (clasp's, alias `redeploy`): that deployment
// pointed at a version (a new one by default); it must exist, checked before a version is made.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { contextOf } from '../../context.js';
import { withExamples } from '../../examples.js';
import { run } from './deploy.js';
import { claspDeployOptions, SCRIPT_ID, webAppOptions } from './options.js';

export function define(gas: CommandUnknownOpts): void {
  const command = gas
    .command('update-deployment')
    .alias('redeploy')
    .description("clasp's update-deployment: point an existing deployment at a version (default: a new one)")
    .argument('<deploymentId>', 'the deployment to update')
    .option('-d, --description <text>', 'description of the version and deployment')
    .option(...SCRIPT_ID);
  for (const option of webAppOptions()) command.addOption(option);
  const [versionNumber] = claspDeployOptions();
  if (versionNumber !== undefined) command.addOption(versionNumber.hideHelp(false));
  withExamples(
    command,
    ['specbound gas update-deployment AKfy… -d "hotfix"', 'a new version into that deployment'],
    ['specbound gas redeploy AKfy… -V 2', 'roll that deployment back to version 2'],
  ).action((deploymentId, options, command) => run(contextOf(command), { ...options, deploymentId }));
}

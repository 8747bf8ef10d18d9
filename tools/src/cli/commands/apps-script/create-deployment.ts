// `specbound gas create-deployment`: clasp's `create-deployment` (its `deploy`): always a new
// deployment, unless -i names one to redeploy, as in clasp.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { contextOf } from '../../context.js';
import { withExamples } from '../../examples.js';
import { type DeployFlags, run } from './deploy.js';
import { claspDeployOptions, SCRIPT_ID, webAppOptions } from './options.js';

export function define(gas: CommandUnknownOpts): void {
  const command = gas
    .command('create-deployment')
    .description("clasp's deploy: create a new deployment of a version (with -i, redeploy that one)")
    .option('-d, --description <text>', 'description of the version and deployment')
    .option(...SCRIPT_ID);
  for (const option of webAppOptions()) command.addOption(option);
  for (const option of claspDeployOptions()) command.addOption(option.hideHelp(false));
  withExamples(
    command,
    ['specbound gas create-deployment -d "v2"', 'a new version in a new deployment'],
    ['specbound gas create-deployment -V 4', 'a new deployment of version 4'],
  ).action((options, command) => {
    const flags: DeployFlags = options; // the clasp options added in the loop are not in the inferred type
    return run(contextOf(command), { ...flags, new: flags.deploymentId === undefined ? true : undefined });
  });
}

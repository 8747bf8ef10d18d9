// `specbound gas run-function <function>` (clasp's, alias of its `run`): the latest pushed code in
// dev mode unless --nondev, as clasp runs it; with specbound's exit codes (1 when the script throws).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { contextOf } from '../../context.js';
import { withExamples } from '../../examples.js';
import { SCRIPT_ID } from './options.js';
import { run } from './run.js';

export function define(gas: CommandUnknownOpts): void {
  const command = gas
    .command('run-function')
    .description(
      "clasp's run: run a function of the latest pushed code (dev mode), or with --nondev the deployment",
    )
    .argument('<function>', 'the function name')
    .option('-p, --params <json>', 'the arguments as a JSON array, e.g. \'["a", 1]\'')
    .option('--nondev', 'run the API-executable deployment instead of the pushed code')
    .option(...SCRIPT_ID);
  withExamples(
    command,
    ['specbound gas run-function main', 'run main() of the pushed code (dev mode)'],
    ['specbound gas run-function add -p "[1, 2]" --nondev', 'run the deployed version with arguments'],
  ).action((functionName, options, command) =>
    run(contextOf(command), functionName, {
      ...options,
      devMode: options.nondev === true ? undefined : true,
      nondev: undefined,
    }),
  );
}

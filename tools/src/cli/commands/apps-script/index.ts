// `specbound apps-script …` (alias `gas`): attaches its commands, one file each (flags and `run`
// together). A command file imports the library inside `run`, so attaching them loads no workflow code.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { CLASP_PROJECT_OPTION } from '../../globals.js';
import * as claspOnly from './clasp-only.js';
import * as clone from './clone.js';
import * as create from './create.js';
import * as createDeployment from './create-deployment.js';
import * as deleteScript from './delete.js';
import * as deploy from './deploy.js';
import * as deployments from './deployments.js';
import * as list from './list.js';
import * as logs from './logs.js';
import * as metrics from './metrics.js';
import * as open from './open.js';
import * as openContainer from './open-container.js';
import * as openWebApp from './open-web-app.js';
import * as processes from './processes.js';
import * as pull from './pull.js';
import * as push from './push.js';
import * as run from './run.js';
import * as runFunction from './run-function.js';
import * as status from './status.js';
import * as undeploy from './undeploy.js';
import * as updateDeployment from './update-deployment.js';
import * as version from './version.js';
import * as versions from './versions.js';

/** In the order `specbound gas --help` lists them. */
const COMMANDS = [
  create,
  clone,
  list,
  deleteScript,
  pull,
  push,
  status,
  version,
  versions,
  deploy,
  createDeployment,
  updateDeployment,
  deployments,
  undeploy,
  run,
  runFunction,
  processes,
  logs,
  metrics,
  open,
  openWebApp,
  openContainer,
  claspOnly,
];

/**
 * clasp 3.4.1's names for specbound's commands of the same meaning (its `deploy` and `run` mean
 * something else there: `create-deployment` and `run-function`). test/unit/clasp.test.ts reads
 * clasp's own program and checks every name, alias and option is accepted.
 */
const CLASP_NAMES: Record<string, string> = {
  version: 'create-version',
  versions: 'list-versions',
  deployments: 'list-deployments',
  open: 'open-script',
  list: 'list-scripts',
  delete: 'delete-script',
};

export function register(program: CommandUnknownOpts): void {
  const gas = program
    .command('apps-script')
    .alias('gas')
    .description('Apps Script projects, clasp-compatible (.clasp.json, .claspignore, clasp 3.4.1 names)')
    .helpOption('-h, --help', 'show help')
    .option(...CLASP_PROJECT_OPTION);
  for (const command of COMMANDS) command.define(gas);
  for (const command of gas.commands) {
    const claspName = CLASP_NAMES[command.name()];
    if (claspName !== undefined) command.alias(claspName);
  }
}

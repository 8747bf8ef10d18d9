// `specbound apps-script …` (alias `gas`): attaches its commands, one file each (flags and `run`
// together). A command file imports the library inside `run`, so attaching them loads no workflow code.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import * as clone from './clone.js';
import * as create from './create.js';
import * as deploy from './deploy.js';
import * as deployments from './deployments.js';
import * as metrics from './metrics.js';
import * as open from './open.js';
import * as processes from './processes.js';
import * as pull from './pull.js';
import * as push from './push.js';
import * as run from './run.js';
import * as status from './status.js';
import * as undeploy from './undeploy.js';
import * as version from './version.js';
import * as versions from './versions.js';

/** In the order `specbound gas --help` lists them. */
const COMMANDS = [
  create,
  clone,
  pull,
  push,
  status,
  version,
  versions,
  deploy,
  deployments,
  undeploy,
  run,
  processes,
  metrics,
  open,
];

export function register(program: CommandUnknownOpts): void {
  const gas = program
    .command('apps-script')
    .alias('gas')
    .description('Apps Script projects, clasp-compatible (.clasp.json, .claspignore)')
    .helpOption('-h, --help', 'show help');
  for (const command of COMMANDS) command.define(gas);
}

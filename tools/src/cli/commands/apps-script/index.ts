// `specbound apps-script …` (alias `gas`): flags and descriptions only. Each action imports its verb
// module, which calls one library function and renders the result.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { contextOf } from '../../context.js';
import { collect, parsePositiveInt } from '../../parse.js';

const SCRIPT_ID = [
  '--script-id <id>',
  'the script (default: scriptId of the .clasp.json here or above)',
] as const;

export function register(program: CommandUnknownOpts): void {
  const gas = program
    .command('apps-script')
    .alias('gas')
    .description('Apps Script projects, clasp-compatible (.clasp.json, .claspignore)')
    .helpOption('-h, --help', 'show help');

  gas
    .command('create')
    .description('create a project here: writes .clasp.json and the initial files')
    .requiredOption('--title <title>', 'the project title')
    .option('--root-dir <dir>', 'where the script files go, relative to .clasp.json')
    .option('--parent-id <id>', 'bind the script to this Drive file (Docs, Sheets, Forms, Slides)')
    .action(async (options, command) => {
      const { create } = await import('./create.js');
      await create(contextOf(command), options);
    });

  gas
    .command('clone')
    .description('write .clasp.json for an existing project here and pull its files')
    .argument('<scriptId>', 'the project id (editor: Project Settings → IDs)')
    .option('--version <n>', 'clone this version instead of the current code', parsePositiveInt('--version'))
    .option('--root-dir <dir>', 'where the script files go, relative to .clasp.json')
    .action(async (scriptId, options, command) => {
      const { clone } = await import('./clone.js');
      await clone(contextOf(command), scriptId, options);
    });

  gas
    .command('pull')
    .description('write the remote files locally (atomic; local-only files are kept)')
    .option('--version <n>', 'pull this version instead of the current code', parsePositiveInt('--version'))
    .option('--force', 'overwrite local files edited since the last pull/push')
    .action(async (options, command) => {
      const { pull } = await import('./pull.js');
      await pull(contextOf(command), options);
    });

  gas
    .command('push')
    .description('upload the local files; refuses when the remote changed since the last pull/push')
    .option('--dry-run', 'print a unified diff (remote → local) and send nothing')
    .option('--force', 'push even over remote changes made since the last pull/push')
    .action(async (options, command) => {
      const { push } = await import('./push.js');
      await push(contextOf(command), options);
    });

  gas
    .command('status')
    .description('which local files would be pushed or are ignored, and which differ from the remote')
    .action(async (_options, command) => {
      const { status } = await import('./status.js');
      await status(contextOf(command));
    });

  gas
    .command('version')
    .description('create a version of the current code')
    .argument('[description]', 'what this version is')
    .option(...SCRIPT_ID)
    .action(async (description, options, command) => {
      const { version } = await import('./versions.js');
      await version(contextOf(command), description, options);
    });

  gas
    .command('versions')
    .description('list the versions, newest first')
    .option(...SCRIPT_ID)
    .action(async (options, command) => {
      const { versions } = await import('./versions.js');
      await versions(contextOf(command), options);
    });

  gas
    .command('deploy')
    .description(
      'deploy a version, updating the existing deployment (same id and URL); creates one only when there is none',
    )
    .option('--deployment-id <id>', 'the deployment to update (then remembered for this project)')
    .option('--version <n>', 'deploy this version (default: create one now)', parsePositiveInt('--version'))
    .option('--description <text>', 'description of the version and deployment')
    .option(...SCRIPT_ID)
    .action(async (options, command) => {
      const { deploy } = await import('./deploy.js');
      await deploy(contextOf(command), options);
    });

  gas
    .command('deployments')
    .description('list the deployments')
    .option(...SCRIPT_ID)
    .action(async (options, command) => {
      const { deployments } = await import('./deploy.js');
      await deployments(contextOf(command), options);
    });

  gas
    .command('undeploy')
    .description('delete a deployment')
    .argument('<deploymentId>', 'the deployment to delete')
    .option(...SCRIPT_ID)
    .action(async (deploymentId, options, command) => {
      const { undeploy } = await import('./deploy.js');
      await undeploy(contextOf(command), deploymentId, options);
    });

  gas
    .command('run')
    .description('run a function of the API-executable deployment and print its result')
    .argument('<function>', 'the function name')
    .option('--params <json>', 'the arguments as a JSON array, e.g. \'["a", 1]\'')
    .option('--dev-mode', 'run the latest pushed code instead of the deployed version (owner only)')
    .option('--deployment-id <id>', 'run this deployment')
    .option(...SCRIPT_ID)
    .action(async (functionName, options, command) => {
      const { run } = await import('./run.js');
      await run(contextOf(command), functionName, options);
    });

  gas
    .command('processes')
    .description("the project's executions, newest first")
    .option('--function <name>', 'only this function')
    .option(
      '--status <status>',
      'only this status (repeatable): COMPLETED, FAILED, RUNNING, TIMED_OUT, ...',
      collect,
      [],
    )
    .option(
      '--type <type>',
      'only this type (repeatable): EXECUTION_API, EDITOR, TRIGGER, WEBAPP, ...',
      collect,
      [],
    )
    .option('--since <when>', 'only those started since: a duration (30m, 1h, 2d) or an ISO time')
    .option('--limit <n>', 'at most N (default 50)', parsePositiveInt('--limit'))
    .option('--all', 'every matching process (all pages)')
    .option('--user', "the caller's processes across all projects")
    .option(...SCRIPT_ID)
    .action(async (options, command) => {
      const { processes } = await import('./processes.js');
      await processes(contextOf(command), options);
    });

  gas
    .command('metrics')
    .description('active users, executions and failures per period (a chart on a terminal)')
    .option('--granularity <g>', 'DAILY or WEEKLY', 'DAILY')
    .option('--deployment-id <id>', 'only this deployment')
    .option(...SCRIPT_ID)
    .action(async (options, command) => {
      const { metrics } = await import('./metrics.js');
      await metrics(contextOf(command), options);
    });

  gas
    .command('open')
    .description('print the script editor URL (and open it on a desktop)')
    .option('--no-browser', 'only print the URL')
    .option(...SCRIPT_ID)
    .action(async (options, command) => {
      const { open } = await import('./open.js');
      await open(contextOf(command), options);
    });
}

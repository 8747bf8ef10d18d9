// `specbound gas create`: a new project here (.clasp.json and the initial files).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../context.js';
import { parseClaspType } from '../../parse.js';
import { renderPulled } from './render.js';

interface CreateOptions {
  title?: string | undefined;
  force?: true | undefined;
  rootDir?: string | undefined;
  parentId?: string | undefined;
}

export function define(gas: CommandUnknownOpts): void {
  gas
    .command('create')
    .alias('create-script')
    .description('create a project here: writes .clasp.json and the initial files')
    .option('--title <title>', 'the project title (default: this folder’s name, as clasp names it)')
    .option('--root-dir <dir>', 'where the script files go, relative to .clasp.json')
    .option('--parent-id <id>', 'bind the script to this Drive file (Docs, Sheets, Forms, Slides)')
    .option('--rootDir <dir>', 'clasp’s name for --root-dir')
    .option('--parentId <id>', 'clasp’s name for --parent-id')
    .option(
      '--type <type>',
      'clasp’s project type: standalone, webapp or api (bind to a Drive file with --parent-id)',
      parseClaspType,
    )
    .option('--force', 'overwrite a local appsscript.json or Code file that differs from the new project’s')
    .addHelpText(
      'after',
      `
Examples:
  $ specbound gas create                          titled after this folder
  $ specbound gas create --title "Mailer" --root-dir src
  $ specbound gas create --parent-id 1SheetId…    a script bound to a spreadsheet`,
    )
    .action((options, command) => run(contextOf(command), options));
}

export async function run(ctx: CliContext, options: CreateOptions): Promise<void> {
  const { createProject } = await import('../../../apps-script/project.js');
  const result = await createProject(await ctx.appsScript(), {
    dir: ctx.cwd,
    title: options.title,
    rootDir: options.rootDir,
    parentId: options.parentId,
    force: options.force === true,
  });
  ctx.io.result(result, () => {
    ctx.io.line(`Created "${result.title}": ${result.scriptId}`);
    renderPulled(ctx.io, result, 'Pulled');
  });
  ctx.io.hint('next: add your code, then `specbound gas push`');
}

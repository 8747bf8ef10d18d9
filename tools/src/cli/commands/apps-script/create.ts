// `specbound gas create`: a new project here (.clasp.json and the initial files).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { parseScriptType, type ScriptType } from '../../../apps-script/script-types.js';
import { type CliContext, contextOf } from '../../context.js';
import { renderPulled } from './render.js';

interface CreateOptions {
  title?: string | undefined;
  force?: true | undefined;
  rootDir?: string | undefined;
  parentId?: string | undefined;
  type?: ScriptType | undefined;
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
      'standalone (default), webapp, api (the manifest block set), or sheets, docs, forms, slides (a new file made through Drive, the script bound to it)',
      parseScriptType,
    )
    .option('--force', 'overwrite a local appsscript.json or Code file that differs from the new project’s')
    .addHelpText(
      'after',
      `
Examples:
  $ specbound gas create                          titled after this folder
  $ specbound gas create --type sheets --title "Budget"   a new spreadsheet and its bound script
  $ specbound gas create --parent-id 1SheetId…    a script bound to a spreadsheet`,
    )
    .action((options, command) => run(contextOf(command), options));
}

export async function run(ctx: CliContext, options: CreateOptions): Promise<void> {
  const { createProject } = await import('../../../apps-script/project.js');
  const { isContainerType } = await import('../../../apps-script/create-type.js');
  const type = options.type ?? 'standalone';
  const result = await createProject(await ctx.appsScript(), {
    dir: ctx.cwd,
    title: options.title,
    rootDir: options.rootDir,
    parentId: options.parentId,
    force: options.force === true,
    type,
    ...(isContainerType(type) ? { drive: await ctx.drive() } : {}),
  });
  ctx.io.result(result, () => {
    if (result.container !== undefined) ctx.io.line(`Created ${type} file: ${result.container.url}`);
    ctx.io.line(`Created "${result.title}": ${result.scriptId}`);
    renderPulled(ctx.io, result, 'Pulled');
  });
  ctx.io.hint('next: add your code, then `specbound gas push`');
}

// `specbound bs folders create`: a new folder (with projects in it).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../../context.js';
import { examples } from '../../../examples.js';
import { type AuthOptions, bugsmashClient } from '../client.js';
import { repeatable } from '../options.js';

interface FoldersCreateOptions extends AuthOptions {
  name: string;
  parent?: string | undefined;
  project?: string[] | undefined;
}

export function define(folders: CommandUnknownOpts): void {
  folders
    .command('create')
    .description('create a folder')
    .requiredOption('--name <name>', 'folder name')
    .option('--parent <folderId>', 'parent folder')
    .option('--project <projectId>', 'a project to put in it (repeatable)', repeatable)
    .addHelpText(
      'after',
      examples(
        ['specbound bs folders create --name "Q3 reviews"', 'an empty folder'],
        ['specbound bs folders create --name Q3 --project 81d3 --project 77aa', 'with two projects in it'],
      ),
    )
    .action((_options, command) => run(contextOf(command), command.optsWithGlobals()));
}

export async function run(ctx: CliContext, options: FoldersCreateOptions): Promise<void> {
  const client = await bugsmashClient(ctx, options);
  const answer = await client.folders.create({
    name: options.name,
    ...(options.parent === undefined ? {} : { parentId: options.parent }),
    ...(options.project === undefined ? {} : { projectIds: options.project }),
  });
  ctx.io.result(answer ?? { name: options.name }, () => ctx.io.line(`created folder ${options.name}`));
}

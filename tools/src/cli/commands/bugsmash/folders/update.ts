// `specbound bs folders update <folderId>`: a folder renamed, its access changed, projects added or removed.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../../context.js';
import { examples } from '../../../examples.js';
import { type AuthOptions, bugsmashClient } from '../client.js';
import { oneOf, repeatable, SHARE_ACCESS } from '../options.js';

interface FoldersUpdateOptions extends AuthOptions {
  name?: string | undefined;
  add?: string[] | undefined;
  remove?: string[] | undefined;
  access?: (typeof SHARE_ACCESS)[number] | undefined;
}

export function define(folders: CommandUnknownOpts): void {
  folders
    .command('update')
    .argument('<folderId>')
    .description('rename a folder, change its access, add or remove projects')
    .option('--name <name>', 'new name')
    .option('--access <access>', SHARE_ACCESS.join('|'), oneOf('--access', SHARE_ACCESS))
    .option('--add <projectId>', 'add a project (repeatable)', repeatable)
    .option('--remove <projectId>', 'remove a project (repeatable)', repeatable)
    .addHelpText(
      'after',
      examples(
        ['specbound bs folders update 2b9c --name "Q4 reviews"', 'rename it'],
        ['specbound bs folders update 2b9c --add 81d3 --remove 77aa', 'move projects in and out'],
      ),
    )
    .action((folderId, _options, command) => run(contextOf(command), folderId, command.optsWithGlobals()));
}

export async function run(ctx: CliContext, folderId: string, options: FoldersUpdateOptions): Promise<void> {
  const client = await bugsmashClient(ctx, options);
  const folder = await client.folders.update({
    folderId,
    ...(options.name === undefined ? {} : { name: options.name }),
    ...(options.access === undefined ? {} : { access: options.access }),
    ...(options.add === undefined ? {} : { addProjectIds: options.add }),
    ...(options.remove === undefined ? {} : { removeProjectIds: options.remove }),
  });
  ctx.io.result(folder, (f) => ctx.io.line(`updated folder ${f.name}`));
}

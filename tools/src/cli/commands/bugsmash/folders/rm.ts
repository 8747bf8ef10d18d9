// `specbound bs folders rm <folderId>`: a folder deleted.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../../context.js';
import { examples } from '../../../examples.js';
import { type AuthOptions, bugsmashClient } from '../client.js';

export function define(folders: CommandUnknownOpts): void {
  folders
    .command('rm')
    .argument('<folderId>')
    .description('delete a folder')
    .addHelpText(
      'after',
      examples(
        ['specbound bs folders rm 2b9c', 'delete a folder (its projects stay)'],
        ['specbound bs folders ls', 'find its id first'],
      ),
    )
    .action((folderId, _options, command) => run(contextOf(command), folderId, command.optsWithGlobals()));
}

export async function run(ctx: CliContext, folderId: string, options: AuthOptions): Promise<void> {
  const client = await bugsmashClient(ctx, options);
  await client.folders.delete({ folderId });
  ctx.io.result({ deleted: folderId }, () => ctx.io.line(`deleted folder ${folderId}`));
}

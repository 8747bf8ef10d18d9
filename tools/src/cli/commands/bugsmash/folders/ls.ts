// `specbound bs folders ls`: the workspace's folders.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../../context.js';
import { examples } from '../../../examples.js';
import { type AuthOptions, bugsmashClient } from '../client.js';

export function define(folders: CommandUnknownOpts): void {
  folders
    .command('ls')
    .description('list folders')
    .addHelpText(
      'after',
      examples(['specbound bs folders ls', 'the folders'], ['specbound bs folders ls --json', 'as JSON']),
    )
    .action((_options, command) => run(contextOf(command), command.optsWithGlobals()));
}

export async function run(ctx: CliContext, options: AuthOptions): Promise<void> {
  const client = await bugsmashClient(ctx, options);
  const folders = await client.folders.list({});
  ctx.io.table(folders, [
    { header: 'id', value: (f) => f.id },
    { header: 'name', value: (f) => f.name },
    { header: 'parent', value: (f) => f.parent_id },
    { header: 'access', value: (f) => f.share_access },
  ]);
}

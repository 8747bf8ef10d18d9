// `specbound bs folders get <folderId>`: a folder with its projects.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../../context.js';
import { examples } from '../../../examples.js';
import { type AuthOptions, bugsmashClient } from '../client.js';

export function define(folders: CommandUnknownOpts): void {
  folders
    .command('get')
    .argument('<folderId>')
    .description('a folder with its projects')
    .addHelpText(
      'after',
      examples(
        ['specbound bs folders get 2b9c', 'a folder with its projects'],
        ['specbound bs folders get 2b9c --json', 'as JSON'],
      ),
    )
    .action((folderId, _options, command) => run(contextOf(command), folderId, command.optsWithGlobals()));
}

export async function run(ctx: CliContext, folderId: string, options: AuthOptions): Promise<void> {
  const client = await bugsmashClient(ctx, options);
  const folder = await client.folders.get({ folderId });
  ctx.io.result(folder, (f) => ctx.io.line(`${f.name}  ${f.id}`));
}

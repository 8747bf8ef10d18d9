// `specbound bs versions rm <versionId>`: a version deleted, with its comments (asked on a terminal,
// --yes elsewhere).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { confirmDestructive, YES } from '../../../confirm.js';
import { type CliContext, contextOf } from '../../../context.js';
import { withExamples } from '../../../examples.js';
import { type AuthOptions, bugsmashClient } from '../client.js';

export function define(versions: CommandUnknownOpts): void {
  const command = versions
    .command('rm')
    .argument('<versionId>')
    .description('delete a version with its comments')
    .option(...YES);
  withExamples(
    command,
    ['specbound bs versions rm 5e07', 'asks first on a terminal'],
    ['specbound bs versions rm 5e07 --yes', 'from a script'],
  ).action((versionId, _options, command) => run(contextOf(command), versionId, command.optsWithGlobals()));
}

export async function run(
  ctx: CliContext,
  versionId: string,
  options: AuthOptions & { yes?: true | undefined },
): Promise<void> {
  await confirmDestructive(ctx, `delete version ${versionId} with its comments`, options.yes);
  const client = await bugsmashClient(ctx, options);
  await client.versions.delete({ versionId });
  ctx.io.result({ deleted: versionId }, () => ctx.io.line(`deleted version ${versionId}`));
}

// `specbound bs projects rm <projectId>`: a project deleted, with its versions and comments (asked on
// a terminal, --yes elsewhere: nothing can bring them back).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { confirmDestructive, YES } from '../../../confirm.js';
import { type CliContext, contextOf } from '../../../context.js';
import { withExamples } from '../../../examples.js';
import { type AuthOptions, bugsmashClient } from '../client.js';

export function define(projects: CommandUnknownOpts): void {
  const command = projects
    .command('rm')
    .argument('<projectId>')
    .description('delete a project with its versions and comments')
    .option(...YES);
  withExamples(
    command,
    ['specbound bs projects rm 81d3', 'asks first on a terminal'],
    ['specbound bs projects rm 81d3 --yes', 'from a script'],
  ).action((projectId, _options, command) => run(contextOf(command), projectId, command.optsWithGlobals()));
}

export async function run(
  ctx: CliContext,
  projectId: string,
  options: AuthOptions & { yes?: true | undefined },
): Promise<void> {
  await confirmDestructive(ctx, `delete project ${projectId} with its versions and comments`, options.yes);
  const client = await bugsmashClient(ctx, options);
  await client.projects.delete({ projectId });
  ctx.io.result({ deleted: projectId }, () => ctx.io.line(`deleted project ${projectId}`));
}

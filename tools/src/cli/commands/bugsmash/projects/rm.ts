// `specbound bs projects rm <projectId>`: a project deleted, with its versions and comments.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../../context.js';
import { type AuthOptions, bugsmashClient } from '../client.js';

export function define(projects: CommandUnknownOpts): void {
  projects
    .command('rm')
    .argument('<projectId>')
    .description('delete a project with its versions and comments')
    .action((projectId, _options, command) => run(contextOf(command), projectId, command.optsWithGlobals()));
}

export async function run(ctx: CliContext, projectId: string, options: AuthOptions): Promise<void> {
  const client = await bugsmashClient(ctx, options);
  await client.projects.delete({ projectId });
  ctx.io.result({ deleted: projectId }, () => ctx.io.line(`deleted project ${projectId}`));
}

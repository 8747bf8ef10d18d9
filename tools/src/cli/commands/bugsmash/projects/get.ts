// `specbound bs projects get <projectId>`: a project with its versions.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../../context.js';
import { examples } from '../../../examples.js';
import { type AuthOptions, bugsmashClient } from '../client.js';

export function define(projects: CommandUnknownOpts): void {
  projects
    .command('get')
    .argument('<projectId>')
    .description('a project with its versions')
    .addHelpText(
      'after',
      examples(
        ['specbound bs projects get 81d3', 'a project with its versions'],
        ['specbound bs projects get 81d3 --json', 'as JSON'],
      ),
    )
    .action((projectId, _options, command) => run(contextOf(command), projectId, command.optsWithGlobals()));
}

export async function run(ctx: CliContext, projectId: string, options: AuthOptions): Promise<void> {
  const client = await bugsmashClient(ctx, options);
  const project = await client.projects.get({ projectId });
  ctx.io.result(project, (p) => {
    ctx.io.line(`${ctx.io.style('bold', p.name)}  ${p.id}`);
    for (const v of p.project_versions) {
      ctx.io.line(
        `  ${v.version_name ?? v.version_no ?? ''}${v.is_latest === true ? ' (latest)' : ''}  ${v.short_url ?? ''}`,
      );
    }
    ctx.io.line(`  ${p.project_users.length} collaborator(s)`);
  });
}

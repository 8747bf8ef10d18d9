// `specbound bs projects ls`: the workspace's projects (the first 50, or every one with --all).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { ProjectListItem, ProjectType } from '@specbound/bugsmash';
import { type CliContext, contextOf } from '../../../context.js';
import { examples } from '../../../examples.js';
import { type AuthOptions, bugsmashClient } from '../client.js';
import { oneOf, PROJECT_TYPES } from '../options.js';

interface ProjectsLsOptions extends AuthOptions {
  type?: ProjectType | undefined;
  all?: true | undefined;
}

export function define(projects: CommandUnknownOpts): void {
  projects
    .command('ls')
    .description('list projects (the first 50; --all for every one)')
    .option('--type <type>', PROJECT_TYPES.join('|'), oneOf('--type', PROJECT_TYPES))
    .option('--all', 'every page')
    .addHelpText(
      'after',
      examples(
        ['specbound bs projects ls', 'the first 50 projects'],
        ['specbound bs projects ls --type website --all', 'every website project'],
      ),
    )
    .action((_options, command) => run(contextOf(command), command.optsWithGlobals()));
}

export async function run(ctx: CliContext, options: ProjectsLsOptions): Promise<void> {
  const client = await bugsmashClient(ctx, options);
  const filter = options.type === undefined ? {} : { types: [options.type] };
  let rows: ProjectListItem[];
  if (options.all === true) {
    rows = await client.projects.iterate(filter).all();
  } else {
    const page = await client.projects.list({ ...filter, page: 1, limit: 50 });
    rows = page.data;
    if (page.last_page > 1) ctx.io.hint(`page 1 of ${page.last_page}; --all lists every project`);
  }
  ctx.io.table(rows, [
    { header: 'id', value: (p) => p.id },
    { header: 'name', value: (p) => p.name },
    { header: 'type', value: (p) => p.type },
    { header: 'link', value: (p) => p.short_url },
    { header: 'updated', value: (p) => p.updated_at },
  ]);
}

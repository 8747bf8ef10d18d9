// `specbound bs versions ls <projectId>`: a project's versions.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../../context.js';
import { examples } from '../../../examples.js';
import { type AuthOptions, bugsmashClient } from '../client.js';

export function define(versions: CommandUnknownOpts): void {
  versions
    .command('ls')
    .argument('<projectId>')
    .description("list a project's versions")
    .addHelpText(
      'after',
      examples(
        ['specbound bs versions ls 81d3', "the project's versions"],
        ['specbound bs versions ls 81d3 --json', 'as JSON'],
      ),
    )
    .action((projectId, _options, command) => run(contextOf(command), projectId, command.optsWithGlobals()));
}

export async function run(ctx: CliContext, projectId: string, options: AuthOptions): Promise<void> {
  const client = await bugsmashClient(ctx, options);
  const versions = await client.versions.list({ projectId });
  ctx.io.table(versions, [
    { header: 'id', value: (v) => v.id },
    { header: 'name', value: (v) => v.version_name },
    { header: 'status', value: (v) => v.status },
    { header: 'link', value: (v) => v.short_url },
    { header: 'updated', value: (v) => v.updated_at },
  ]);
}

// `specbound gas version [description]`: a version of the current code.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../context.js';
import { examples } from '../../examples.js';
import { SCRIPT_ID } from './options.js';
import { renderCapWarning } from './render.js';

export function define(gas: CommandUnknownOpts): void {
  gas
    .command('version')
    .description('create a version of the current code')
    .argument('[description]', 'what this version is')
    .option(...SCRIPT_ID)
    .addHelpText(
      'after',
      examples(
        ['specbound gas version "before refactor"', 'a version of the pushed code'],
        ['specbound gas version --json', 'its number as JSON'],
      ),
    )
    .action((description, options, command) => run(contextOf(command), description, options));
}

export async function run(
  ctx: CliContext,
  description: string | undefined,
  options: { scriptId?: string | undefined },
): Promise<void> {
  const { resolveScriptId } = await import('../../../apps-script/config.js');
  const { createVersion } = await import('../../../apps-script/deploy.js');
  const scriptId = await resolveScriptId(ctx.cwd, options.scriptId);
  const { versionCapWarning } = await import('../../../apps-script/caps.js');
  const client = await ctx.appsScript();
  const created = await createVersion(client, { scriptId, description });
  ctx.io.result(created, () =>
    ctx.io.line(`Created version ${created.versionNumber}${description ? `: ${description}` : ''}`),
  );
  renderCapWarning(ctx.io, await versionCapWarning(client, scriptId, created.versionNumber ?? 0));
}

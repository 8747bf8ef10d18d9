// `specbound gas delete [scriptId]` (clasp's `delete-script`): the project deleted for good through
// Drive, after a question on a terminal; elsewhere --force (clasp's flag) or --yes says it is meant.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { confirmDestructive } from '../../confirm.js';
import { type CliContext, contextOf } from '../../context.js';
import { withExamples } from '../../examples.js';
import { SCRIPT_ID, SCRIPT_ID_ARGUMENT, scriptIdOf } from './options.js';

interface DeleteFlags {
  force?: true | undefined;
  yes?: true | undefined;
  scriptId?: string | undefined;
}

export function define(gas: CommandUnknownOpts): void {
  const command = gas
    .command('delete')
    .description('delete the project for good (its Drive file; asks first on a terminal)')
    .argument(...SCRIPT_ID_ARGUMENT)
    .option('-f, --force', 'do not ask (needed when not on a terminal), as clasp')
    .option('-y, --yes', 'the same as --force')
    .option(...SCRIPT_ID);
  withExamples(
    command,
    ['specbound gas delete', "delete this folder's project (asks first)"],
    ['specbound gas delete 1AbC… --force', 'delete a project by id, from a script'],
  ).action((scriptId, options, command) => run(contextOf(command), scriptIdOf(scriptId, options)));
}

export async function run(ctx: CliContext, flags: DeleteFlags): Promise<void> {
  const { resolveScriptId } = await import('../../../apps-script/config.js');
  const { deleteScript } = await import('../../../apps-script/drive.js');
  const scriptId = await resolveScriptId(ctx.cwd, flags.scriptId);
  await confirmDestructive(
    ctx,
    `delete the script project ${scriptId} for good`,
    flags.force === true || flags.yes === true,
  );
  const result = await deleteScript(await ctx.drive(), scriptId);
  ctx.io.result(result, () => ctx.io.line(`Deleted script ${result.scriptId}`));
  if (flags.scriptId === undefined)
    ctx.io.hint('.clasp.json still names it: remove the file if you are done');
}

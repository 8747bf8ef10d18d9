// `specbound gas list` (clasp's `list-scripts`): every script project of the user, through Drive.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../context.js';
import { withExamples } from '../../examples.js';

interface ListFlags {
  shorten: boolean;
  noShorten?: true | undefined;
}

/** clasp's width of a name in the list (its `ellipsize(name, 20)`). */
const NAME_WIDTH = 20;

export function define(gas: CommandUnknownOpts): void {
  const command = gas
    .command('list')
    .description('list your script projects (name and id, through Drive)')
    .option('--no-shorten', `print names in full (default: cut at ${NAME_WIDTH} characters, as clasp)`)
    .option('--noShorten', 'clasp’s name for --no-shorten');
  withExamples(
    command,
    ['specbound gas list', 'every script project you can open'],
    ['specbound gas list --no-shorten', 'with full names'],
    ['specbound gas list --json', 'as JSON: [{ id, name }] (names never cut)'],
  ).action((options, command) => run(contextOf(command), options));
}

/** A name cut to `width` characters with an ellipsis, as clasp prints it. */
export function shorten(name: string, width = NAME_WIDTH): string {
  return name.length <= width ? name : `${name.slice(0, width - 1)}…`;
}

export async function run(ctx: CliContext, flags: ListFlags): Promise<void> {
  const { listScripts } = await import('../../../apps-script/drive.js');
  const scripts = await listScripts(await ctx.drive());
  const full = !flags.shorten || flags.noShorten === true;
  ctx.io.table(
    ctx.io.json ? scripts : scripts.map((s) => ({ ...s, name: full ? s.name : shorten(s.name) })),
    [
      { header: 'name', value: (s) => s.name },
      { header: 'id', value: (s) => s.id },
    ],
    'no script projects found: `specbound gas create` makes one',
  );
}

// Commands attached lazily: the one the command line names is loaded and attached for real; the others
// are placeholders that only list in `--help` (naming one loads it instead). How `specbound --help`
// lists every group, and `specbound bs --help` every noun, without loading their command files.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';

/** A command (or a noun with verbs) whose module is imported only when the command line names it. */
export interface LazyCommand {
  name: string;
  aliases?: readonly string[];
  /** One line for the parent's `--help`. */
  summary: string;
  load: () => Promise<CommandModule>;
}

/** A command module already loaded (a small one, attached as it is). */
export interface CommandModule {
  define(parent: CommandUnknownOpts): void;
}

/**
 * Attaches `commands` to `parent` in their order: a loaded module as it is; a lazy one for real when it
 * is the one named `named` (its name or an alias), otherwise as a placeholder.
 */
export async function attachLazily(
  parent: CommandUnknownOpts,
  commands: readonly (LazyCommand | CommandModule)[],
  named: string | undefined,
): Promise<void> {
  for (const command of commands) {
    if ('define' in command) command.define(parent);
    else if (command.name === named || (named !== undefined && command.aliases?.includes(named) === true))
      (await command.load()).define(parent);
    else addPlaceholder(parent, command);
  }
}

/** A listing-only stand-in: no help of its own, and it accepts anything (it never runs). */
export function addPlaceholder(
  parent: CommandUnknownOpts,
  command: Pick<LazyCommand, 'name' | 'aliases' | 'summary'>,
): void {
  parent
    .command(command.name)
    .aliases(command.aliases ?? [])
    .description(command.summary)
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments();
}

/**
 * The operands of a command line (its words that are not options), skipping the value of each option
 * in `valueOptions` (`--profile work`): `['bs', 'comments', 'ls', 'p1']` for `bs --json comments ls p1`.
 * A `help` operand is dropped (`help bs comments` names what `bs comments --help` does).
 */
export function operands(argv: readonly string[], valueOptions: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') break;
    if (arg.startsWith('-')) {
      if (valueOptions.has(arg)) i++;
      continue;
    }
    if (arg !== 'help' || found.length > 1) found.push(arg);
  }
  return found;
}

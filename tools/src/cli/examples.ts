// The Examples section that ends every command's --help (a test checks each command has one).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';

export const EXAMPLES_HEADING = 'Examples:';

/** The Examples section: two or three `$ specbound …` lines, each with what it does. */
export function examples(...lines: [string, string][]): string {
  const width = Math.max(...lines.map(([example]) => example.length));
  const text = lines.map(([example, what]) => `  $ ${example.padEnd(width)}  # ${what}`).join('\n');
  return `\n${EXAMPLES_HEADING}\n${text}`;
}

/** Appends the Examples section to the command's help. */
export function withExamples<C extends CommandUnknownOpts>(command: C, ...lines: [string, string][]): C {
  command.addHelpText('after', examples(...lines));
  return command;
}

// The Examples section that ends every command's --help (a test checks each command has one).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';

export const EXAMPLES_HEADING = 'Examples:';

/** Appends two or three `$ specbound …` lines, each with what it does, to the command's help. */
export function withExamples<C extends CommandUnknownOpts>(command: C, ...lines: [string, string][]): C {
  const width = Math.max(...lines.map(([example]) => example.length));
  const text = lines.map(([example, what]) => `  $ ${example.padEnd(width)}  # ${what}`).join('\n');
  command.addHelpText('after', `\n${EXAMPLES_HEADING}\n${text}`);
  return command;
}

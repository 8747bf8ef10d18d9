import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { contextOf } from '../../context.js';
import { examples } from '../../examples.js';
import { parsePort } from '../../parse.js';

export function register(program: CommandUnknownOpts): void {
  program
    .command('emulator')
    .description(
      'start the local emulator of the Apps Script and BugSmash APIs on 127.0.0.1 (Ctrl-C stops it)',
    )
    .option('--port <port>', 'port on 127.0.0.1 (0 picks a free one)', parsePort, 0)
    .option('--state <file>', 'load the state from FILE and save every change to it')
    .option('--seed', 'fill the demo data set when the state is empty')
    .option(
      '--print-env',
      "print the two lines that send clasp's or a googleapis script's requests to the emulator on --port (8787 when not given), and exit",
    )
    .addHelpText(
      'after',
      examples(
        ['specbound emulator --port 8787 --seed', 'the emulator with demo data'],
        ['specbound emulator --print-env --port 8787', "the lines that send clasp's requests to it"],
      ),
    )
    .action(async (options, command) => {
      const { emulator } = await import('./emulator.js');
      await emulator(contextOf(command), options);
    });
}

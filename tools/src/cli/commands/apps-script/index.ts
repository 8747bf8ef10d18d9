// `specbound apps-script …` (alias `gas`): flags and descriptions only. Each action imports its verb
// module, which parses what is left, calls the library function and renders the result.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { contextOf } from '../../context.js';

export function register(program: CommandUnknownOpts): void {
  const gas = program
    .command('apps-script')
    .alias('gas')
    .description('Apps Script projects, clasp-compatible (.clasp.json, .claspignore)')
    .helpOption('-h, --help', 'show help');

  gas
    .command('open')
    .description('print the script editor URL (and open it on a desktop)')
    .option('--no-browser', 'only print the URL')
    .action(async (options, command) => {
      const { open } = await import('./open.js');
      await open(contextOf(command), options);
    });
}

// `specbound login`: flags and descriptions only; the action imports ./login.js.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { contextOf } from '../../context.js';
import { collect, parsePort } from '../../parse.js';

export function register(program: CommandUnknownOpts): void {
  program
    .command('login')
    .description(
      'sign in to Google in a browser (OAuth with PKCE on a 127.0.0.1 port) and store the login for --profile',
    )
    .option(
      '--no-browser',
      'do not open a browser: print the URL and read the redirect address (or code) from stdin',
    )
    .option(
      '--client-credentials <file>',
      'your own OAuth client (a "Desktop app" client JSON); needed for `gas run`',
    )
    .option(
      '--scope <scope>',
      'ask for another scope too, e.g. the script’s own for `gas run` (repeatable; short names like spreadsheets work)',
      (value: string, previous: string[] | undefined) => collect(value, previous ?? []),
    )
    .option('--port <port>', 'the loopback port for the redirect (default: any free port)', parsePort)
    .option('--from-clasp', "import clasp's login from ~/.clasprc.json instead of signing in")
    .option('--clasprc <file>', 'with --from-clasp: the clasp credentials file (default ~/.clasprc.json)')
    .option('--clasp-user <name>', "with --from-clasp: clasp's --user name (default: default)")
    .action(async (options, command) => {
      const { loginCommand } = await import('./login.js');
      await loginCommand(contextOf(command), options);
    });
}

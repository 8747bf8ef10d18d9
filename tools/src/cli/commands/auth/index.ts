// `specbound auth …`: flags and descriptions only; each action imports its verb.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { contextOf } from '../../context.js';

export function register(program: CommandUnknownOpts): void {
  const auth = program
    .command('auth')
    .description('Google credentials of the Apps Script commands')
    .helpOption('-h, --help', 'show help');
  auth
    .command('status')
    .description(
      'which credentials the commands use (env token, credentials JSON, stored login), for whom, which scopes, until when; never the token',
    )
    .option('--offline', 'do not contact Google: report the configuration only')
    .action(async (options, command) => {
      const { status } = await import('./status.js');
      await status(contextOf(command), options);
    });
}

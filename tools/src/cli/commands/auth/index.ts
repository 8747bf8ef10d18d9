// `specbound auth …`: attaches its commands.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import * as status from './status.js';

export function register(program: CommandUnknownOpts): void {
  const auth = program
    .command('auth')
    .description('Google credentials of the Apps Script commands')
    .helpOption('-h, --help', 'show help');
  status.define(auth);
}

// `specbound logout`: flags and descriptions only; the action imports ./logout.js.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { contextOf } from '../../context.js';

export function register(program: CommandUnknownOpts): void {
  program
    .command('logout')
    .description('delete the stored Google login of --profile, revoking its grant at Google')
    .option('--revoke', 'revoke even a login imported from clasp (which logs clasp out too)')
    .option('--no-revoke', 'only delete the stored login; keep the grant')
    .action(async (options, command) => {
      const { logoutCommand } = await import('./logout.js');
      await logoutCommand(contextOf(command), options);
    });
}

// `specbound logout`: the stored Google login of --profile deleted (and its grant revoked).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../context.js';
import { examples } from '../../examples.js';

export function define(program: CommandUnknownOpts): void {
  program
    .command('logout')
    .description('delete the stored Google login of --profile, revoking its grant at Google')
    .option('--revoke', 'revoke even a login imported from clasp (which logs clasp out too)')
    .option('--no-revoke', 'only delete the stored login; keep the grant')
    .addHelpText(
      'after',
      examples(
        ['specbound logout', 'forget and revoke the default login'],
        ['specbound logout --profile work --no-revoke', 'forget another, keep its grant'],
      ),
    )
    .action((options, command) => run(contextOf(command), options));
}

export async function run(ctx: CliContext, flags: { revoke?: boolean | undefined }): Promise<void> {
  const { logout } = await import('../../../auth/logout.js');
  const result = await logout({ profile: ctx.globals.profile, revoke: flags.revoke, env: ctx.env });
  ctx.io.result(result, () => {
    if (!result.removed) {
      ctx.io.line(`Not logged in (profile "${result.profile}"): nothing to do.`);
      return;
    }
    const how = {
      revoked: 'and revoked its grant at Google',
      skipped: 'and kept its grant',
      failed: 'but could not revoke its grant',
      none: '',
    }[result.revocation];
    ctx.io.line(
      `Deleted the login of profile "${result.profile}"${result.account ? ` (${result.account})` : ''} ${how}.`,
    );
  });
  if (result.revocation === 'failed') {
    ctx.io.warn(`revoking failed: ${result.revokeError}.`);
    ctx.io.hint('hint: remove the access by hand at https://myaccount.google.com/connections.');
  }
  if (result.revocation === 'skipped' && flags.revoke === undefined) {
    ctx.io.hint(
      'hint: this login came from clasp, which still uses it; `specbound logout --revoke` would log clasp out too.',
    );
  }
}

// `specbound auth status`: which Google credentials the commands use, for whom, until when.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { shortScope } from '../../../auth/scopes.js';
import type { AuthStatus } from '../../../auth/status.js';
import { googleEnv } from '../../clasp-globals.js';
import { type CliContext, contextOf } from '../../context.js';
import { examples } from '../../examples.js';

const SOURCES: Record<AuthStatus['source'], string> = {
  'env-token': 'access token from SPECBOUND_GOOGLE_TOKEN',
  'env-credentials': 'credentials JSON from SPECBOUND_GOOGLE_CREDENTIALS',
  'credentials-file': 'credentials file from GOOGLE_APPLICATION_CREDENTIALS',
  'stored-login': 'stored login',
};

export function define(auth: CommandUnknownOpts): void {
  auth
    .command('status')
    .description(
      'which credentials the commands use (env token, credentials JSON, stored login), for whom, which scopes, until when; never the token',
    )
    .option('--offline', 'do not contact Google: report the configuration only')
    .addHelpText(
      'after',
      examples(
        ['specbound auth status', 'which credentials, for whom, verified or not'],
        ['specbound auth status --offline --json', 'without asking Google, as JSON'],
      ),
    )
    .action((options, command) => run(contextOf(command), options));
}

export async function run(ctx: CliContext, flags: { offline?: true | undefined }): Promise<void> {
  const { authStatus } = await import('../../../auth/status.js');
  const result = await authStatus({
    env: await googleEnv(ctx.globals, ctx.env),
    profile: ctx.globals.profile,
    impersonate: ctx.globals.impersonate,
    offline: flags.offline,
    onWarning: (message) => ctx.io.warn(message),
  });
  ctx.io.result(result, () => {
    const rows: [string, string | undefined][] = [
      ['source', `${SOURCES[result.source]}${result.profile ? ` (profile "${result.profile}")` : ''}`],
      ['from', result.origin],
      ['type', result.credentialType],
      ['account', result.account ?? 'unknown'],
      ['via', result.serviceAccount && `service account ${result.serviceAccount} (domain-wide delegation)`],
      ['scopes', result.scopes === undefined ? 'unknown' : result.scopes.map(shortScope).join(' ')],
      ['expires', result.expiresAt && `${result.expiresAt} (${untilNow(result.expiresAt)})`],
      [
        'verified',
        result.verified
          ? 'yes: Google accepted the token (tokeninfo)'
          : `not verified${flags.offline ? ' (--offline)' : ': Google did not confirm the token (see the note)'}`,
      ],
    ];
    for (const [name, value] of rows) if (value !== undefined) ctx.io.line(`${name.padEnd(9)} ${value}`);
  });
  if (result.missingScopes !== undefined) {
    ctx.io.warn(`missing Apps Script scopes: ${result.missingScopes.map(shortScope).join(', ')}.`);
  }
  for (const note of result.notes) ctx.io.hint(`note: ${note}`);
}

function untilNow(iso: string): string {
  const minutes = Math.round((Date.parse(iso) - Date.now()) / 60_000);
  return minutes >= 0 ? `in ${minutes} min` : `${-minutes} min ago`;
}

// `specbound login`: a Google sign-in (browser, --no-browser or --from-clasp), stored for --profile.

import { resolve } from 'node:path';
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { hasDesktop, openBrowser } from '../../../auth/browser.js';
import { importClaspLogin } from '../../../auth/clasp.js';
import { login, readClientCredentials } from '../../../auth/login.js';
import { shortScope } from '../../../auth/scopes.js';
import { UsageError } from '../../../errors.js';
import { type CliContext, contextOf } from '../../context.js';
import { examples } from '../../examples.js';
import { collect, parsePort } from '../../parse.js';

interface LoginFlags {
  browser?: boolean | undefined;
  clientCredentials?: string | undefined;
  scope?: string[] | undefined;
  port?: number | undefined;
  fromClasp?: true | undefined;
  clasprc?: string | undefined;
  claspUser?: string | undefined;
}

export function define(program: CommandUnknownOpts): void {
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
    .addHelpText(
      'after',
      examples(
        ['specbound login', 'sign in in a browser'],
        ['specbound login --no-browser', 'on a machine without one: paste the address back'],
        ['specbound login --from-clasp', "reuse clasp's login"],
      ),
    )
    .action((options, command) => run(contextOf(command), options));
}

export async function run(ctx: CliContext, flags: LoginFlags): Promise<void> {
  await signIn(ctx, flags);
  // A login is the last source consulted: say so when an earlier one will hide it.
  const first = [
    'SPECBOUND_GOOGLE_TOKEN',
    'SPECBOUND_GOOGLE_CREDENTIALS',
    'GOOGLE_APPLICATION_CREDENTIALS',
  ].find((name) => (ctx.env[name] ?? '').trim() !== '');
  if (first !== undefined) {
    ctx.io.hint(`note: ${first} is set and takes precedence over this login; unset it to use the login.`);
  }
}

/** `--from-clasp`: clasp's stored login imported into the profile, nothing signed in afresh. */
async function importFromClasp(
  ctx: CliContext,
  flags: LoginFlags,
  profile: string | undefined,
): Promise<void> {
  const conflicting = [
    flags.clientCredentials !== undefined && '--client-credentials',
    (flags.scope ?? []).length > 0 && '--scope',
    flags.port !== undefined && '--port',
    flags.browser === false && '--no-browser',
  ].filter(Boolean);
  if (conflicting.length > 0) {
    throw new UsageError(`--from-clasp imports an existing login; ${conflicting.join(', ')} cannot apply.`, {
      hint: 'Drop those flags, or sign in afresh without --from-clasp.',
    });
  }
  const result = await importClaspLogin({
    profile,
    file: flags.clasprc === undefined ? undefined : resolve(ctx.cwd, flags.clasprc),
    claspUser: flags.claspUser,
    env: ctx.env,
  });
  ctx.io.result(result, () => {
    ctx.io.line(
      `Imported clasp's login${result.account ? ` for ${result.account}` : ''} into profile "${result.profile}" (${result.file}).`,
    );
  });
  ctx.io.hint(
    'hint: the login is shared with clasp, so `specbound logout` will not revoke it (add --revoke to). Check it with `specbound auth status`.',
  );
}

async function signIn(ctx: CliContext, flags: LoginFlags): Promise<void> {
  const profile = ctx.globals.profile;
  if (flags.fromClasp === true) return importFromClasp(ctx, flags, profile);
  if (flags.clasprc !== undefined || flags.claspUser !== undefined) {
    throw new UsageError('--clasprc and --clasp-user go with --from-clasp.', {
      hint: 'Run `specbound login --from-clasp --clasprc <file>`.',
    });
  }

  const client =
    flags.clientCredentials === undefined
      ? undefined
      : await readClientCredentials(resolve(ctx.cwd, flags.clientCredentials));
  const headless = flags.browser === false;
  const open = !headless && hasDesktop(ctx.env);
  const result = await login({
    profile,
    client,
    scopes: flags.scope,
    port: flags.port,
    env: ctx.env,
    input: headless ? process.stdin : undefined,
    onWarning: (message) => ctx.io.warn(message),
    onAuthUrl: async (url) => {
      ctx.io.progress(`Sign in to Google at this address:\n\n  ${url}\n`);
      if (headless) {
        const port = new URL(new URL(url).searchParams.get('redirect_uri') ?? 'http://127.0.0.1').port;
        ctx.io.progress(
          `Open it in any browser. After you allow access the browser goes to http://127.0.0.1:${port}/?… ` +
            '(on another machine that page fails to load: that is expected). Paste that whole address here and press Enter:',
        );
      } else if (open && (await openBrowser(url))) {
        ctx.io.progress('Opened your browser; waiting for the sign-in (Ctrl-C to cancel)…');
      } else {
        ctx.io.progress('Open it in a browser on this machine; waiting for the sign-in (Ctrl-C to cancel)…');
      }
    },
  });
  ctx.io.result(result, () => {
    ctx.io.line(
      `Logged in${result.account ? ` as ${result.account}` : ''} (profile "${result.profile}", stored in ${result.file}).`,
    );
  });
  if (result.missingScopes.length > 0) {
    ctx.io.warn(
      `access was not granted for ${result.missingScopes.map(shortScope).join(', ')}; the commands that need it will fail with 403. Run \`specbound login\` again and tick every box.`,
    );
  }
  if (result.defaultClient) {
    ctx.io.hint(
      "hint: signed in with clasp's public OAuth client. `specbound gas run` needs a client in the script's own Cloud project: `specbound login --client-credentials client.json --scope <the script's scopes>`.",
    );
  }
}

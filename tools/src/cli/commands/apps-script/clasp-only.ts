// clasp 3.4.1's commands that specbound answers differently: `login`/`logout`/`show-authorized-user`
// run specbound's own (top-level) commands with clasp's flags; the ones that need APIs specbound does
// not have yet (Service Usage, the Cloud console, MCP) are recognised, with all their flags, and
// answer "not supported yet" (exit 2) with what to use instead.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { UsageError } from '../../../errors.js';
import { type CliContext, contextOf } from '../../context.js';
import { withExamples } from '../../examples.js';

interface Unsupported {
  name: string;
  alias?: string;
  args?: string;
  options?: [string, string][];
  needs: string;
  instead: string;
}

const UNSUPPORTED: readonly Unsupported[] = [
  {
    name: 'open-credentials-setup',
    needs: 'the Cloud console',
    instead: 'Open https://console.cloud.google.com/apis/credentials in a browser.',
  },
  {
    name: 'disable-api',
    args: '<api>',
    needs: 'the Service Usage API',
    instead: 'Disable it in the Cloud console (APIs & Services).',
  },
  {
    name: 'enable-api',
    args: '<api>',
    needs: 'the Service Usage API',
    instead: 'Enable it in the Cloud console (APIs & Services), and add it to appsscript.json dependencies.',
  },
  {
    name: 'list-apis',
    alias: 'apis',
    needs: 'the Service Usage API',
    instead: 'See APIs & Services in the Cloud console.',
  },
  {
    name: 'open-api-console',
    needs: 'the Cloud console',
    instead: 'Open https://console.cloud.google.com/apis/dashboard in a browser.',
  },
  {
    name: 'open-logs',
    needs: 'the Cloud console',
    instead:
      'Read them with `specbound gas logs` (or open https://console.cloud.google.com/logs in a browser).',
  },
  {
    name: 'setup-logs',
    needs: 'the Cloud console',
    instead: 'Set "projectId" in .clasp.json (or pass --project-id), then `specbound gas logs`.',
  },
  {
    name: 'start-mcp-server',
    alias: 'mcp',
    needs: 'an MCP server',
    instead: 'Use the library entry points of @specbound/tools.',
  },
];

export function define(gas: CommandUnknownOpts): void {
  for (const entry of UNSUPPORTED) defineUnsupported(gas, entry);
  defineLogin(gas);
  withExamples(
    gas.command('logout').description("clasp's logout: `specbound logout`"),
    ['specbound gas logout', 'forget the stored login of the default profile'],
    ['specbound gas logout --profile work', 'of another profile'],
  ).action(async (_options, command) => {
    const { run } = await import('../logout/logout.js');
    await run(contextOf(command), {});
  });
  withExamples(
    gas.command('show-authorized-user').description("clasp's show-authorized-user: `specbound auth status`"),
    ['specbound gas show-authorized-user', 'who the commands act for'],
    ['specbound gas show-authorized-user --json', 'as JSON'],
  ).action(async (_options, command) => {
    const { run } = await import('../auth/status.js');
    await run(contextOf(command), {});
  });
}

function defineUnsupported(gas: CommandUnknownOpts, entry: Unsupported): void {
  const command = gas
    .command(entry.name)
    .description(`clasp's ${entry.name}: not supported yet (needs ${entry.needs})`);
  if (entry.alias !== undefined) command.alias(entry.alias);
  if (entry.args !== undefined) command.arguments(entry.args);
  for (const [flags, description] of entry.options ?? []) command.option(flags, description);
  withExamples(
    command,
    [`specbound gas ${entry.name}`, 'answers "not supported yet" (exit 2) and what to use'],
    ['specbound gas --help', 'the commands specbound supports'],
  ).action(() => {
    throw new UsageError(
      `\`${entry.name}\` is not supported yet: it needs ${entry.needs}, which specbound does not use yet.`,
      {
        hint: entry.instead,
      },
    );
  });
}

interface ClaspLoginFlags {
  localhost: boolean;
  creds?: string | undefined;
  useProjectScopes?: true | undefined;
  includeClaspScopes?: true | undefined;
  extraScopes?: string | undefined;
  redirectPort?: number | undefined;
}

function defineLogin(gas: CommandUnknownOpts): void {
  const command = gas
    .command('login')
    .description("clasp's login: `specbound login` with clasp's flags")
    .option('--no-localhost', 'do not use a local server: paste the redirect address (= --no-browser)')
    .option('--creds <file>', 'your own OAuth client JSON (= --client-credentials)')
    .option('--use-project-scopes', "also ask for the scopes in the project's appsscript.json oauthScopes")
    .option('--include-clasp-scopes', "clasp's own scopes (specbound always asks for the Apps Script scopes)")
    .option('--extra-scopes <scopes>', 'more scopes, comma-separated (= --scope, repeated)')
    .option('--redirect-port <port>', 'the loopback port (= --port)', (v: string) => Number(v));
  withExamples(
    command,
    ['specbound gas login --creds client.json --use-project-scopes', 'sign in for `gas run`'],
    ['specbound gas login --no-localhost', 'on a machine without a browser'],
  ).action((options, command) => login(contextOf(command), options));
}

async function login(ctx: CliContext, flags: ClaspLoginFlags): Promise<void> {
  const scopes = (flags.extraScopes ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (flags.useProjectScopes === true) scopes.push(...(await projectScopes(ctx)));
  const { run } = await import('../login/login.js');
  await run(ctx, {
    browser: flags.localhost,
    clientCredentials: flags.creds,
    scope: scopes,
    port: flags.redirectPort,
  });
}

/** oauthScopes of the project's appsscript.json (in its rootDir), as clasp's --use-project-scopes reads. */
async function projectScopes(ctx: CliContext): Promise<string[]> {
  const { loadProject } = await import('../../../apps-script/config.js');
  const { readFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const file = join((await loadProject(ctx.cwd)).contentDir, 'appsscript.json');
  const manifest = JSON.parse(await readFile(file, 'utf8')) as { oauthScopes?: unknown };
  return Array.isArray(manifest.oauthScopes) ? manifest.oauthScopes.filter((s) => typeof s === 'string') : [];
}

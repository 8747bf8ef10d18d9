#!/usr/bin/env node
// `specbound-emulator [--port N] [--state FILE] [--seed] ...`: starts the emulator on loopback, prints
// its URLs, the two lines that point clasp or googleapis at it, and a summary of its data, then one
// line per request. `specbound-emulator seed --state FILE` writes the demo data set to FILE and exits;
// `--print-env` prints the two lines and exits.
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_BUGSMASH_API_KEY, type EmulatorOptions, startEmulator } from './emulator.ts';
import { formatRedirectEnv } from './redirect-env.ts';
import { DEMO_USERS } from './seed.ts';
import type { StateDocument } from './state.ts';

const USAGE = `Usage: specbound-emulator [seed] [options]

  --port <n>              port on 127.0.0.1 (default 8787; 0 picks a free one)
  --host <addr>           interface to listen on (default 127.0.0.1)
  --state <file>          load state from <file> at start and save it after every change
                          (a relative path is taken from the directory you ran the command in)
  --seed                  fill the demo data set when the state is empty
  --bugsmash-api-key <k>  the X-API-Key BugSmash requests must carry (or env BUGSMASH_API_KEY)
  --run-timeout <ms>      limit of one scripts.run (default 360000, Apps Script's 6 minutes)
  --strict                answer 500 instead of any response that breaks the spec
  --quiet                 no line per request (script output and spec violations are still shown)
  --print-env             print the two lines that send clasp's or googleapis' requests to the
                          emulator at --host/--port, and exit
  -h, --help              show this help

  seed --state <file>     write the demo data set to a new <file> and exit`;

/** A mistake in the command line: the message and the usage, exit code 2. */
class UsageError extends Error {}

/**
 * The directory the user ran the command in. Package managers run scripts from the package's folder
 * and say where they were invoked in INIT_CWD (`pnpm emulator --state x.json` from a sub-folder, or
 * `./tools/dev emulator`), so a relative `--state` lands where the user expects, not inside
 * node_modules or packages/emulator.
 */
function callerDirectory(env: NodeJS.ProcessEnv = process.env): string {
  const init = env.INIT_CWD;
  return init !== undefined && isAbsolute(init) ? init : process.cwd();
}

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        port: { type: 'string', default: '8787' },
        host: { type: 'string', default: '127.0.0.1' },
        state: { type: 'string' },
        seed: { type: 'boolean', default: false },
        'bugsmash-api-key': { type: 'string' },
        'run-timeout': { type: 'string' },
        strict: { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
        'print-env': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** What the state holds, with the ids a user needs to call it (the demo's are the same on every start). */
function stateSummary(state: StateDocument): string[] {
  const apps = state.appsScript;
  const bugs = state.bugsmash;
  if (apps.projects.length === 0 && bugs.projects.length === 0) return ['State            empty'];
  const lines = [
    `State            ${apps.projects.length} Apps Script project(s), ${bugs.projects.length} BugSmash project(s), ${bugs.comments.length} comment(s)`,
  ];
  const demoTokens = new Map<string, string>(DEMO_USERS.map((u) => [u.email, u.token]));
  for (const user of apps.users.slice(0, 5)) {
    // Only the demo's well-known tokens are shown; a token from someone's state file stays out of the log.
    const token = demoTokens.get(user.email);
    const tokenShown = token !== undefined && apps.tokens?.[token] === user.email ? ` (token ${token})` : '';
    lines.push(`  user           ${user.email}${tokenShown}`);
  }
  for (const project of apps.projects.slice(0, 10)) {
    lines.push(`  script         ${project.title}: scriptId ${project.scriptId}`);
    for (const d of (project.deployments ?? []).slice(0, 5)) {
      const what = d.versionNumber === undefined ? 'HEAD' : `version ${d.versionNumber}`;
      lines.push(`    deployment   ${d.deploymentId} (${what}${d.description ? `, ${d.description}` : ''})`);
    }
  }
  for (const project of bugs.projects.slice(0, 10)) {
    lines.push(`  bugsmash       ${project.name} (${project.type}): id ${project.id}`);
  }
  const more = Math.max(0, apps.projects.length - 10) + Math.max(0, bugs.projects.length - 10);
  if (more > 0) lines.push(`  ... and ${more} more (GET /__emulator/state)`);
  return lines;
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parse(argv);
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535)
    throw new UsageError(`--port must be a number from 0 to 65535, got ${values.port}`);
  if (values['print-env']) {
    if (port === 0) throw new UsageError('--print-env needs the fixed --port the emulator listens on, not 0');
    console.log(formatRedirectEnv(`http://${urlHost(values.host)}:${port}`));
    return;
  }
  const apiKey = values['bugsmash-api-key'] ?? process.env.BUGSMASH_API_KEY;
  const statePath = values.state === undefined ? undefined : resolve(callerDirectory(), values.state);
  const options: EmulatorOptions = {
    port,
    host: values.host,
    seed: values.seed,
    strict: values.strict,
    onViolation: (v) =>
      console.error(`spec violation: ${v.method} ${v.path} → ${v.status}: ${v.problems.join('; ')}`),
    onScriptLog: (entry) => console.log(`  log ${entry.functionName}: ${entry.line}`),
  };
  if (!values.quiet) {
    options.onRequest = (r) => console.log(`${r.method} ${r.path} ${r.status} ${r.ms}ms`);
  }
  if (statePath !== undefined) options.state = statePath;
  if (apiKey !== undefined) options.bugsmashApiKey = apiKey;
  if (values['run-timeout'] !== undefined) {
    const ms = Number(values['run-timeout']);
    if (!Number.isInteger(ms) || ms <= 0)
      throw new UsageError(
        `--run-timeout must be a positive number of milliseconds, got ${values['run-timeout']}`,
      );
    options.runTimeoutMs = ms;
  }

  if (positionals[0] === 'seed') {
    if (statePath === undefined) throw new UsageError('seed needs --state <file>');
    // The emulator seeds only an empty state, so over an existing file this would claim a write it
    // never made; and replacing the file would silently drop someone's data. Refuse instead.
    if (existsSync(statePath)) {
      throw new Error(
        `${statePath} already exists; seed writes a new state file (delete it first, or POST /__emulator/seed to a running emulator)`,
      );
    }
    const emulator = await startEmulator({ ...options, port: 0, seed: true });
    await emulator.close();
    console.log(`Wrote the demo data set to ${statePath}`);
    return;
  }
  if (positionals.length > 0) throw new UsageError(`unknown command ${positionals.join(' ')}`);

  const emulator = await startEmulator(options);
  const banner = [
    `Apps Script API  ${emulator.appsScriptUrl}`,
    `BugSmash API     ${emulator.bugsmashUrl}`,
    `Control API      ${emulator.controlUrl}/health`,
    // Only the well-known default key is shown; a configured key is a secret and stays out of the output.
    apiKey === undefined
      ? `BugSmash X-API-Key: ${DEFAULT_BUGSMASH_API_KEY} (default; set --bugsmash-api-key to change)`
      : 'BugSmash X-API-Key: as configured',
  ];
  if (statePath !== undefined) banner.push(`State file       ${statePath}`);
  banner.push(...stateSummary(emulator.state()));
  banner.push(
    '',
    'Run clasp or a googleapis script against it: paste these two lines into its shell',
    ...formatRedirectEnv(emulator.appsScriptUrl)
      .split('\n')
      .map((line) => `  ${line}`),
    '',
  );
  console.log(banner.join('\n'));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      // A second Ctrl-C while closing: stop now (state is saved before each response, so none is lost).
      process.exit(130);
    }
    stopping = true;
    console.log(`${signal}: stopping`);
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`specbound-emulator: ${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  console.error(`specbound-emulator: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

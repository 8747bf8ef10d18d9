// The `specbound` program: global options, the group table, errors → exit codes.
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from '@commander-js/extra-typings';
import { type CliRuntime, processRuntime, serviceUrlsOf, setRuntime } from './context.js';
import { addGlobalOptions, GLOBAL_VALUE_OPTIONS } from './globals.js';
import { findGroup, GROUPS } from './groups.js';
import { addPlaceholder, operands } from './lazy.js';
import { Io } from './output.js';
import { EXIT, reportError, writeReported } from './report.js';

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/**
 * Runs the CLI on `argv` (without node and the script) and resolves to the exit code. `runtime`
 * replaces the process's streams, environment and directory for this run (default: the process's).
 */
export async function main(argv: readonly string[], runtime: Partial<CliRuntime> = {}): Promise<number> {
  const run: CliRuntime = { ...processRuntime(), ...runtime };
  const io = new Io({
    stdout: run.stdout,
    stderr: run.stderr,
    env: run.env,
    json: argv.includes('--json'),
  });
  let usageMessage: string | undefined;
  const program = addGlobalOptions(new Command('specbound'))
    .description('Apps Script and BugSmash from a terminal: a fast, scriptable clasp replacement.')
    .helpOption('-h, --help', 'show help')
    .showSuggestionAfterError()
    .configureHelp({ showGlobalOptions: true })
    .exitOverride()
    .configureOutput({
      // Commander echoes what was typed (`unknown command '…'`): filtered like every other write.
      writeOut: (text) => io.stdout.write(io.clean(text)),
      writeErr: (text) => io.errText(text),
      // With --json the message waits for the catch below, which writes it as one JSON object.
      outputError: (text, write) => {
        if (io.json) usageMessage = text.replace(/^error: /, '').trim();
        else write(`${io.styleErr(['red', 'bold'], 'error:')} ${text.replace(/^error: /, '')}`);
      },
    })
    .addHelpText(
      'after',
      '\nEnvironment: SPECBOUND_GOOGLE_TOKEN, SPECBOUND_GOOGLE_CREDENTIALS, GOOGLE_APPLICATION_CREDENTIALS, SPECBOUND_APPS_SCRIPT_URL, SPECBOUND_BUGSMASH_URL, NO_COLOR, FORCE_COLOR.\nExit codes: 0 ok, 1 failure (API or script error), 2 usage error, 4 authentication needed.',
    );

  setRuntime(program, run);
  try {
    const wanted = findGroup(argv, GLOBAL_VALUE_OPTIONS);
    if (wanted === undefined && (await suggestGasCommand(argv, io))) return EXIT.usage;
    // Program options are recognised after a command too, so `--version` belongs to the program only
    // when no command is named (`gas pull --version 3` is the command's own option).
    if (wanted === undefined) program.version(version(), '-v, --version', 'print the version');
    for (const group of GROUPS) {
      if (group === wanted) await (await group.load()).register(program, argv);
      // A placeholder for the listing; naming it loads the real group instead.
      else addPlaceholder(program, group);
    }
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT.ok;
      // Commander already printed the message (held back with --json); add the way out.
      const hint = 'run `specbound --help` (or `specbound <command> --help`) for usage.';
      if (error.code === 'commander.help') return EXIT.usage; // the help is the answer, on stderr
      if (io.json) {
        const message = usageMessage ?? error.message.replace(/^error: /, '');
        writeReported(io, { code: EXIT.usage, message, hint, details: [] });
      } else io.hint(`hint: ${hint}`);
      return EXIT.usage;
    }
    return reportError(error, io, argv.includes('--debug'), serviceUrlsOf(program));
  }
}

/**
 * `specbound push` (a clasp habit): an unknown command that is a `gas` command gets "run `specbound gas
 * push`", not commander's nearest top-level name. The gas group is loaded only on this error path.
 */
async function suggestGasCommand(argv: readonly string[], io: Io): Promise<boolean> {
  const name = operands(argv, GLOBAL_VALUE_OPTIONS)[0];
  if (name === undefined || name === 'help') return false;
  const scratch = new Command('specbound');
  const group = GROUPS.find((g) => g.name === 'apps-script');
  await (await group?.load())?.register(scratch, argv);
  const gas = scratch.commands[0];
  const found = gas?.commands.some((c) => c.name() === name || c.aliases().includes(name));
  if (found !== true) return false;
  writeReported(io, {
    code: EXIT.usage,
    message: `unknown command '${name}'`,
    hint: `it is an Apps Script command: run \`specbound gas ${name}\` (\`specbound gas --help\` lists them).`,
    details: [],
  });
  return true;
}

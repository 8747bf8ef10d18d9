// The emulator's command line: one parser and one usage text for both `specbound-emulator` and
// `specbound emulator` (which passes its arguments through to runEmulatorCli).
import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';

export const USAGE = `Usage: specbound-emulator [seed] [options]

  --port <n>              port to listen on (default 8787; 0 picks a free one)
  --host <addr>           interface to listen on (default 127.0.0.1)
  --allow-host <name>     a name besides localhost/127.0.0.1/[::1] that requests may use in Host
                          (a Docker service name, say); repeatable
  --allow-origin <origin> a web origin besides loopback ones whose pages may call the emulator
                          (https://app.example.com; * for any); repeatable
  --allow-fetch <host>    a host besides loopback ones that scripts may reach with UrlFetchApp;
                          repeatable
  --state <file>          load state from <file> at start and save it after every change
                          (a relative path is taken from the directory you ran the command in)
  --seed                  fill the demo data set when the state is empty
  --bugsmash-api-key <k>  the X-API-Key BugSmash requests must carry (or env BUGSMASH_API_KEY;
                          default local-emulator-key)
  --run-timeout <ms>      limit of one scripts.run (default 360000, Apps Script's 6 minutes)
  --strict                answer 500 instead of any response that breaks the spec
  --quiet                 no line per request (script output and spec violations are still shown)
  --json                  print the banner as one line of JSON (request lines go to stderr)
  --print-env             print the two lines that send clasp's or googleapis' requests to the
                          emulator at --host/--port, and exit
  -h, --help              show this help

  seed --state <file>     write the demo data set to a new <file> and exit

Examples:
  specbound-emulator --seed                          # demo data on http://127.0.0.1:8787
  specbound-emulator --port 0 --state .emulator.db   # a free port, state kept in a file
  eval "$(specbound-emulator --print-env)" && clasp push   # clasp against a running emulator`;

/** A mistake in the command line: the message and the usage, exit code 2. */
export class UsageError extends Error {}

export interface CliOptions {
  command: 'start' | 'seed' | 'help' | 'print-env';
  port: number;
  host: string;
  allowedHosts: string[];
  allowedOrigins: string[];
  allowFetch: string[];
  /** Absolute path of the state file. */
  state?: string;
  seed: boolean;
  /** The key BugSmash requests must carry, given by flag or env; undefined: the default. */
  bugsmashApiKey?: string;
  runTimeoutMs?: number;
  strict: boolean;
  quiet: boolean;
  json: boolean;
}

function parsed(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        port: { type: 'string', default: '8787' },
        host: { type: 'string', default: '127.0.0.1' },
        'allow-host': { type: 'string', multiple: true, default: [] },
        'allow-origin': { type: 'string', multiple: true, default: [] },
        'allow-fetch': { type: 'string', multiple: true, default: [] },
        state: { type: 'string' },
        seed: { type: 'boolean', default: false },
        'bugsmash-api-key': { type: 'string' },
        'run-timeout': { type: 'string' },
        strict: { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        'print-env': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function checkedPort(raw: string): number {
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535)
    throw new UsageError(`--port must be a number from 0 to 65535, got ${raw}`);
  return port;
}

function checkedRunTimeout(raw: string): number {
  const ms = Number(raw);
  if (!/^\d+$/.test(raw) || ms <= 0 || ms > 2 ** 31 - 1)
    throw new UsageError(
      `--run-timeout must be a whole number of milliseconds from 1 to 2147483647, got ${raw}`,
    );
  return ms;
}

/** Reads the command line; `cwd` is where a relative --state is taken from. */
export function parseCliArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): CliOptions {
  const { values, positionals } = parsed(argv);
  const [first, ...rest] = positionals;
  if (rest.length > 0 || (first !== undefined && first !== 'seed'))
    throw new UsageError(`unknown command ${positionals.join(' ')}`);
  const options: CliOptions = {
    command: values.help ? 'help' : values['print-env'] ? 'print-env' : first === 'seed' ? 'seed' : 'start',
    port: checkedPort(values.port),
    host: values.host,
    allowedHosts: values['allow-host'],
    allowedOrigins: values['allow-origin'],
    allowFetch: values['allow-fetch'],
    seed: values.seed,
    strict: values.strict,
    quiet: values.quiet,
    json: values.json,
  };
  if (values.state !== undefined) options.state = resolve(cwd, values.state);
  const apiKey = values['bugsmash-api-key'] ?? env.BUGSMASH_API_KEY;
  if (apiKey !== undefined && apiKey !== '') options.bugsmashApiKey = apiKey;
  if (values['run-timeout'] !== undefined) options.runTimeoutMs = checkedRunTimeout(values['run-timeout']);
  if (options.command === 'print-env' && options.port === 0)
    throw new UsageError('--print-env needs the fixed --port the emulator listens on, not 0');
  if (options.command === 'seed' && options.state === undefined)
    throw new UsageError('seed needs --state <file>');
  return options;
}

/**
 * The directory the user ran the command in. Package managers run scripts from the package's folder
 * and say where they were invoked in INIT_CWD (`pnpm emulator --state x.json` from a sub-folder, or
 * `./tools/dev emulator`), so a relative `--state` lands where the user expects, not inside
 * node_modules or packages/emulator.
 */
export function callerDirectory(env: Readonly<Record<string, string | undefined>>): string {
  const init = env.INIT_CWD;
  return init !== undefined && isAbsolute(init) ? init : process.cwd();
}

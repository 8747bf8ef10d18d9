// What a command's `run` receives: the streams, the global options, and factories for the
// clients (created on first use, so `--help` and usage errors never touch auth).
import type { AppsScriptClient } from '@specbound/apps-script';
import type { DriveClient } from '@specbound/drive';
import type { LogEvent } from '@specbound/http';
import type { LoggingClient } from '@specbound/logging';
import { UsageError } from '../errors.js';
import { applyClaspGlobals, googleEnv } from './clasp-globals.js';
import { BUGSMASH_URL, type GlobalOptions, GOOGLE_APPS_SCRIPT_URL, GOOGLE_DRIVE_URL } from './globals.js';
import { Io, type OutStream } from './output.js';
import type { ServiceUrls } from './report.js';

/**
 * Where a run reads and writes: the process's own streams, environment and directory, unless
 * `main(argv, runtime)` is given others (how the e2e tests run most commands in-process, as gh's
 * IOStreams do; the bin always runs with the process's own).
 */
export interface CliRuntime {
  stdout: NodeJS.WritableStream & OutStream;
  stderr: NodeJS.WritableStream & OutStream;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Ends a long-running command (a webhook listener) as SIGINT ends the process's run. */
  signal?: AbortSignal | undefined;
}

export function processRuntime(): CliRuntime {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
}

export interface CliContext {
  io: Io;
  /** The raw streams behind `io`, for what writes a stream itself (an export's data, a progress bar). */
  streams: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream & { isTTY?: boolean | undefined } };
  globals: GlobalOptions;
  env: Record<string, string | undefined>;
  /** The directory the command works in (where `.clasp.json` is looked up). */
  cwd: string;
  /** Aborted when a long-running command should stop (besides SIGINT/SIGTERM); see `CliRuntime`. */
  signal: AbortSignal | undefined;
  appsScriptUrl: string;
  bugsmashUrl: string;
  /** With `--debug`: logs each HTTP request (redacted) on stderr; every client the CLI creates gets it. */
  logger: ((event: LogEvent) => void) | undefined;
  /**
   * The Apps Script client, authenticated; throws `AuthRequiredError` without credentials. (The
   * BugSmash client comes from `commands/bugsmash/client.ts`, which also reads `--api-key-file`.)
   */
  appsScript(): Promise<AppsScriptClient>;
  /**
   * The Cloud Logging client, with the same Google credentials. Its base URL is
   * `SPECBOUND_LOGGING_URL`, else the Apps Script one when that is not Google's (the emulator serves
   * both on one origin), else Google's.
   */
  logging(): Promise<LoggingClient>;
  /** Cloud Logging's base URL, as `logging()` uses it. */
  loggingUrl: string;
  /** Whether the logging client talks to Google itself (not an emulator). */
  loggingIsGoogle: boolean;
  /** Drive's base URL, as `drive()` uses it (the same rule as `loggingUrl`). */
  driveUrl: string;
  /**
   * The Drive client (`gas list`, `gas delete`, containers), with the same Google credentials. Its
   * base URL is `SPECBOUND_DRIVE_URL`, else the Apps Script URL when that is not Google's (the
   * emulator serves both on one origin), else https://www.googleapis.com.
   */
  drive(): Promise<DriveClient>;
}

interface ContextOptions {
  globals: GlobalOptions;
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** What `io` writes to (default: `streams`); unit tests pass collecting fakes. */
  stdout?: OutStream;
  stderr?: OutStream;
  /** The raw streams (default: the process's). */
  streams?: CliContext['streams'];
  signal?: AbortSignal | undefined;
}

function createContext(options: ContextOptions): CliContext {
  const env = options.env ?? process.env;
  const { globals } = options;
  const streams = options.streams ?? { stdout: process.stdout, stderr: process.stderr };
  const io = new Io({
    stdout: options.stdout ?? streams.stdout,
    stderr: options.stderr ?? streams.stderr,
    env,
    json: globals.json === true,
  });
  const appsScriptUrl = baseUrl(
    '--apps-script-url',
    globals.appsScriptUrl ?? env.SPECBOUND_APPS_SCRIPT_URL,
    GOOGLE_APPS_SCRIPT_URL,
  );
  const bugsmashUrl = baseUrl(
    '--bugsmash-url',
    globals.bugsmashUrl ?? env.SPECBOUND_BUGSMASH_URL,
    BUGSMASH_URL,
  );
  const logger = globals.debug === true ? debugLogger(io) : undefined;

  let appsScript: Promise<AppsScriptClient> | undefined;
  let googleAuth: Promise<() => Promise<string>> | undefined;
  const googleToken = () => {
    googleAuth ??= signIn(globals, env, io);
    return googleAuth;
  };
  // Logging and Drive follow the Apps Script URL when it is not Google's (the emulator serves all three).
  const emulated = appsScriptUrl === GOOGLE_APPS_SCRIPT_URL ? undefined : appsScriptUrl;
  const loggingUrl = baseUrl(
    'SPECBOUND_LOGGING_URL',
    env.SPECBOUND_LOGGING_URL ?? emulated,
    GOOGLE_LOGGING_URL,
  );
  let drive: Promise<DriveClient> | undefined;
  const driveUrl = baseUrl('SPECBOUND_DRIVE_URL', env.SPECBOUND_DRIVE_URL ?? emulated, GOOGLE_DRIVE_URL);
  return {
    io,
    streams,
    globals,
    env,
    cwd: options.cwd ?? process.cwd(),
    signal: options.signal,
    appsScriptUrl,
    bugsmashUrl,
    logger,
    appsScript() {
      appsScript ??= (async () => {
        const token = await googleToken();
        const { createAppsScriptClient } = await import('@specbound/apps-script');
        return createAppsScriptClient({ baseUrl: appsScriptUrl, auth: token, logger });
      })();
      return appsScript;
    },
    async logging() {
      const auth = await googleToken();
      const { createLoggingClient } = await import('@specbound/logging');
      return createLoggingClient({ baseUrl: loggingUrl, auth, logger });
    },
    loggingUrl,
    loggingIsGoogle: loggingUrl === GOOGLE_LOGGING_URL,
    driveUrl,
    drive() {
      drive ??= (async () => {
        const token = await googleToken();
        const { createDriveClient } = await import('@specbound/drive');
        return createDriveClient({ baseUrl: driveUrl, auth: token, logger });
      })();
      return drive;
    },
  };
}

/** `--debug`: one line per HTTP request on stderr (method, redacted URL, status, time, attempt). */
function debugLogger(io: Io): (event: LogEvent) => void {
  return (event) => {
    const status = event.status ?? event.error ?? 'no response';
    io.errText(
      `${io.styleErr('dim', '[debug]')} ${event.method} ${event.url} → ${status} (${Math.round(event.durationMs)} ms, attempt ${event.attempt})\n`,
    );
  };
}

/** Cloud Logging's own origin (`@specbound/logging`'s default). */
const GOOGLE_LOGGING_URL = 'https://logging.googleapis.com';

/**
 * Signs in once per run, for every Google client: the credential sources in their order
 * (tools/src/auth/resolve.ts); google-auth-library is loaded only when a source needs a refresh or a
 * delegation grant. Each token is added to the secrets `io` redacts.
 */
async function signIn(
  globals: GlobalOptions,
  env: Record<string, string | undefined>,
  io: Io,
): Promise<() => Promise<string>> {
  const { resolveGoogleAuth } = await import('../auth/resolve.js');
  const google = await resolveGoogleAuth({
    env: await googleEnv(globals, env),
    profile: globals.profile,
    impersonate: globals.impersonate,
    onWarning: (message) => io.warn(message),
  });
  for (const secret of google.secrets()) io.addSecret(secret);
  const auth = async () => {
    const token = await google.auth();
    io.addSecret(token);
    return token;
  };
  // Get the first token now: a refused refresh or delegation surfaces as the auth module's own
  // error (exit 4, with its hint), not wrapped by the HTTP runtime in a CredentialsError.
  await auth();
  return auth;
}

function baseUrl(flag: string, value: string | undefined, fallback: string): string {
  if (value === undefined || value === '') return fallback;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${flag}: "${value}" is not a URL.`, {
      hint: `Pass an absolute http(s) URL, e.g. ${flag} http://127.0.0.1:8080`,
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${flag}: only http and https URLs are supported (got ${url.protocol}).`, {
      hint: `Pass an absolute http(s) URL, e.g. ${flag} http://127.0.0.1:8080`,
    });
  }
  return value.replace(/\/+$/, '');
}

// The runtime of each run, keyed by its root command (commander hands each action its own command).
const runtimes = new WeakMap<object, CliRuntime>();

/** Gives a program (the root command of one run) the runtime its commands' contexts use. */
export function setRuntime(program: object, runtime: CliRuntime): void {
  runtimes.set(program, runtime);
}

interface CommandLike {
  name(): string;
  opts(): object;
  optsWithGlobals(): object;
  readonly parent?: CommandLike | null;
}

/** clasp's -P/--project, an option of the `gas` group only (a bs command's --project is its own). */
function claspProject(command: CommandLike): string | undefined {
  for (let at: CommandLike | null | undefined = command.parent; at; at = at.parent) {
    if (at.name() === 'apps-script') return (at.opts() as { project?: string }).project;
  }
  return undefined;
}

// The base URLs each run's command used, keyed by its root command: how main.ts tells which service
// an API error came from.
const serviceUrls = new WeakMap<object, ServiceUrls>();

/** The base URLs the command of a run (its root command) talks to, once it has started. */
export function serviceUrlsOf(program: object): ServiceUrls | undefined {
  return serviceUrls.get(program);
}

/** The context of a running command (its options merged with the global ones). */
export function contextOf(command: CommandLike): CliContext {
  let root = command;
  while (root.parent) root = root.parent;
  const runtime = runtimes.get(root) ?? processRuntime();
  const { globals, env, cwd } = applyClaspGlobals({
    globals: { ...(command.optsWithGlobals() as GlobalOptions), project: claspProject(command) },
    env: runtime.env,
    cwd: runtime.cwd,
  });
  const ctx = createContext({
    globals,
    env,
    cwd,
    streams: { stdout: runtime.stdout, stderr: runtime.stderr },
    signal: runtime.signal,
  });
  serviceUrls.set(root, { appsScriptUrl: ctx.appsScriptUrl, bugsmashUrl: ctx.bugsmashUrl });
  return ctx;
}

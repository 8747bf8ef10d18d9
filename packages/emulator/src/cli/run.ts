// runEmulatorCli(): the emulator's command, as a function. `specbound-emulator` (src/cli.ts) and
// `specbound emulator` both call it with their arguments, so the two take the same options and print
// the same banner. It resolves with the exit code once the emulator has stopped (on the signal, or
// on SIGINT/SIGTERM) or a one-shot command (help, --print-env, seed) is done.
import { existsSync } from 'node:fs';
// The emulator itself (its services, the sandbox, node:sqlite) is imported only to start one, so
// `--help`, `--print-env` and a usage error answer without loading it.
import { DEFAULT_BUGSMASH_API_KEY } from '../defaults.ts';
import type { EmulatorOptions, RunningEmulator } from '../emulator.ts';
import { formatRedirectEnv, redirectEnv } from '../redirect-env.ts';
import { type BannerInfo, bannerJson, bannerText } from './banner.ts';
import { type CliOptions, callerDirectory, parseCliArgs, USAGE, UsageError } from './options.ts';

/** Where the command writes: anything with `write(text)` (a stream, or a test's collector). */
interface CliWritable {
  write(chunk: string): unknown;
}

export interface EmulatorCliIo {
  /** Where a relative `--state` is taken from (default: INIT_CWD when a package manager runs it, else the process's). */
  cwd?: string;
  /** Environment (default `process.env`): `BUGSMASH_API_KEY`, `INIT_CWD`. */
  env?: Readonly<Record<string, string | undefined>>;
  stdout?: CliWritable;
  stderr?: CliWritable;
  /** Stops the emulator when aborted (as SIGINT or SIGTERM do). */
  signal?: AbortSignal;
  /** The command as the user typed it, for the usage text and messages (default `specbound-emulator`). */
  name?: string;
}

interface Streams {
  out: CliWritable;
  err: CliWritable;
}

/** Exit codes: 0 done, 1 failed (a port in use, a state file that cannot be loaded), 2 a usage mistake. */
export async function runEmulatorCli(argv: readonly string[], io: EmulatorCliIo = {}): Promise<number> {
  const env = io.env ?? process.env;
  const streams: Streams = { out: io.stdout ?? process.stdout, err: io.stderr ?? process.stderr };
  const name = io.name ?? 'specbound-emulator';
  const usage = USAGE.replaceAll('specbound-emulator', name);
  try {
    const options = parseCliArgs(argv, env, io.cwd ?? callerDirectory(env));
    if (options.command === 'help') {
      streams.out.write(`${usage}\n`);
      return 0;
    }
    if (options.command === 'print-env') {
      const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${options.port}`;
      streams.out.write(
        options.json ? `${JSON.stringify(redirectEnv(url))}\n` : `${formatRedirectEnv(url)}\n`,
      );
      return 0;
    }
    if (options.command === 'seed') return await writeSeed(options, streams);
    return await serve(options, streams, io.signal);
  } catch (error) {
    if (error instanceof UsageError) {
      streams.err.write(`${name}: ${error.message}\n\n${usage}\n`);
      return 2;
    }
    streams.err.write(`${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

function emulatorOptions(options: CliOptions, streams: Streams): EmulatorOptions {
  // With --json, stdout carries the banner alone; what happens later goes to stderr.
  const log = options.json ? streams.err : streams.out;
  const result: EmulatorOptions = {
    port: options.port,
    host: options.host,
    allowedHosts: options.allowedHosts,
    allowedOrigins: options.allowedOrigins,
    allowFetch: options.allowFetch,
    seed: options.seed,
    strict: options.strict,
    onViolation: (v) =>
      streams.err.write(`spec violation: ${v.method} ${v.path} → ${v.status}: ${v.problems.join('; ')}\n`),
    onScriptLog: (entry) => log.write(`  log ${entry.functionName}: ${entry.line}\n`),
  };
  if (!options.quiet) result.onRequest = (r) => log.write(`${r.method} ${r.path} ${r.status} ${r.ms}ms\n`);
  if (options.state !== undefined) result.state = options.state;
  if (options.bugsmashApiKey !== undefined) result.bugsmashApiKey = options.bugsmashApiKey;
  if (options.runTimeoutMs !== undefined) result.runTimeoutMs = options.runTimeoutMs;
  return result;
}

async function writeSeed(options: CliOptions, streams: Streams): Promise<number> {
  const path = options.state ?? '';
  // The emulator seeds only an empty state, so over an existing file this would claim a write it
  // never made; and replacing the file would silently drop someone's data. Refuse instead.
  if (existsSync(path)) {
    throw new Error(
      `${path} already exists; seed writes a new state file (delete it first, or POST /__emulator/seed to a running emulator)`,
    );
  }
  const { startEmulator } = await import('../emulator.ts');
  const emulator = await startEmulator({ ...emulatorOptions(options, streams), port: 0, seed: true });
  await emulator.close();
  streams.out.write(`Wrote the demo data set to ${path}\n`);
  return 0;
}

async function serve(
  options: CliOptions,
  streams: Streams,
  signal: AbortSignal | undefined,
): Promise<number> {
  const { startEmulator } = await import('../emulator.ts');
  const emulator = await startEmulator(emulatorOptions(options, streams));
  const info: BannerInfo = {
    appsScriptUrl: emulator.appsScriptUrl,
    bugsmashUrl: emulator.bugsmashUrl,
    controlUrl: emulator.controlUrl,
    bugsmashApiKey: options.bugsmashApiKey ?? DEFAULT_BUGSMASH_API_KEY,
    state: options.state ?? null,
  };
  streams.out.write(options.json ? bannerJson(info) : bannerText(info, emulator.state()));
  const reason = await untilStopped(signal);
  (options.json ? streams.err : streams.out).write(`${reason}: stopping\n`);
  return await stop(emulator);
}

/** Resolves with what stopped the emulator: `SIGINT`, `SIGTERM`, or `abort` for the caller's signal. */
function untilStopped(signal: AbortSignal | undefined): Promise<string> {
  return new Promise((resolve) => {
    const done = (reason: string) => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      signal?.removeEventListener('abort', onAbort);
      resolve(reason);
    };
    const onInt = () => done('SIGINT');
    const onTerm = () => done('SIGTERM');
    const onAbort = () => done('abort');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
    if (signal?.aborted) return done('abort');
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

async function stop(emulator: RunningEmulator): Promise<number> {
  // A second Ctrl-C while closing stops at once (state is saved before each response, so none is lost).
  const now = () => process.exit(130);
  process.once('SIGINT', now);
  try {
    await emulator.close();
    return 0;
  } finally {
    process.off('SIGINT', now);
  }
}

// The e2e harness: the emulator started in-process on a free loopback port, and the built CLI run
// against it with its own environment, working directory and output streams. `run` calls the built
// CLI's `main(argv, runtime)` in this process (the code the bin runs, minus the bin's few lines; a
// Node process per command cost 0.2 s of CPU each, most of it starting Node's fetch); `runBin` starts
// the built `specbound` bin as a subprocess, exactly what a user runs, for what only a process shows
// (the bin itself, exit codes through it, signals, stdin). `tools/test/e2e/cli.test.ts` runs the bin.
// `start` runs a long-running command (a webhook listener) in-process and stops it through the
// runtime's abort signal, as Ctrl-C stops the bin.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { DEFAULT_BUGSMASH_API_KEY, type RunningEmulator, startEmulator } from '@specbound/emulator';
import type { main as Main } from '../../src/cli/main.js';

export const BIN = fileURLToPath(new URL('../../bin/specbound.js', import.meta.url));
/** The built CLI's entry (what the bin imports); its types come from the source. */
const MAIN = new URL('../../dist/cli/main.js', import.meta.url).href;
/** The token every e2e run sends; the emulator accepts any bearer token. */
export const E2E_TOKEN = 'e2e-google-token-0123456789';

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout parsed as one JSON document. */
  json<T = unknown>(): T;
}

interface RunOptions {
  cwd?: string;
  /** Replaces variables of the default environment; `undefined` removes one. */
  env?: Record<string, string | undefined>;
  input?: string;
  timeoutMs?: number;
}

/** A long-running command (a webhook listener) started in-process; `stop()` ends it as Ctrl-C would. */
interface Started {
  stdout(): string;
  stderr(): string;
  /** Resolves with the first match of `pattern` in stdout (rejects when the command ended first). */
  waitForStdout(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  waitForStderr(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Stops the command and resolves with its exit code. */
  stop(): Promise<number>;
}

export interface Harness {
  emulator: RunningEmulator;
  /** A fresh temporary directory, removed by `close()`. */
  tempDir(): Promise<string>;
  /** Runs `specbound <args>` in this process and resolves with its exit code (never rejects on a non-zero exit). */
  run(args: readonly string[], options?: Omit<RunOptions, 'input' | 'timeoutMs'>): Promise<RunResult>;
  /** Starts `specbound <args>` in this process without waiting for it to end. */
  start(args: readonly string[], options?: Omit<RunOptions, 'input' | 'timeoutMs'>): Started;
  /** Runs the `specbound` bin as a subprocess and resolves when it exits (never rejects on a non-zero exit). */
  runBin(args: readonly string[], options?: RunOptions): Promise<RunResult>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const emulator = await startEmulator({ port: 0, runTimeoutMs: 10_000 });
  const { main } = (await import(MAIN)) as { main: typeof Main };
  // Stored logins go to an empty directory of the run, never the developer's own config.
  const configDir = await mkdtemp(join(tmpdir(), 'specbound-e2e-config-'));
  const dirs: string[] = [configDir];
  const baseEnv = (): Record<string, string | undefined> => ({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NO_COLOR: '1',
    SPECBOUND_CONFIG_DIR: configDir,
    XDG_STATE_HOME: join(configDir, 'state'),
    SPECBOUND_APPS_SCRIPT_URL: emulator.appsScriptUrl,
    SPECBOUND_BUGSMASH_URL: emulator.bugsmashUrl,
    SPECBOUND_GOOGLE_TOKEN: E2E_TOKEN,
    SPECBOUND_BUGSMASH_API_KEY: DEFAULT_BUGSMASH_API_KEY,
  });
  const environment = (extra: RunOptions['env']): Record<string, string> => {
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries({ ...baseEnv(), ...extra })) {
      if (value !== undefined) env[key] = value;
    }
    return env;
  };
  return {
    emulator,
    async tempDir() {
      const dir = await mkdtemp(join(tmpdir(), 'specbound-e2e-'));
      dirs.push(dir);
      return dir;
    },
    async run(args, options = {}) {
      const stdout = collector();
      const stderr = collector();
      const code = await main(args, {
        stdout: stdout.stream,
        stderr: stderr.stream,
        env: environment(options.env),
        cwd: options.cwd ?? process.cwd(),
      });
      return result(code, stdout.text(), stderr.text());
    },
    start(args, options = {}) {
      const stdout = collector();
      const stderr = collector();
      const stop = new AbortController();
      let ended = false;
      const exit = main(args, {
        stdout: stdout.stream,
        stderr: stderr.stream,
        env: environment(options.env),
        cwd: options.cwd ?? process.cwd(),
        signal: stop.signal,
      }).finally(() => {
        ended = true;
      });
      const waitFor = (read: () => string, pattern: RegExp, timeoutMs = 10_000) =>
        poll(
          () => read().match(pattern),
          timeoutMs,
          () => ended,
          () => `no ${pattern} in output:\nstdout: ${stdout.text()}\nstderr: ${stderr.text()}`,
        );
      return {
        stdout: stdout.text,
        stderr: stderr.text,
        waitForStdout: (pattern, timeoutMs) => waitFor(stdout.text, pattern, timeoutMs),
        waitForStderr: (pattern, timeoutMs) => waitFor(stderr.text, pattern, timeoutMs),
        stop: () => {
          stop.abort();
          return exit;
        },
      };
    },
    runBin(args, options = {}) {
      const env = environment(options.env);
      return new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [BIN, ...args], {
          cwd: options.cwd ?? process.cwd(),
          env,
          stdio: ['pipe', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          stdout += chunk;
        });
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
          stderr += chunk;
        });
        const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
        child.on('error', reject);
        child.on('close', (code) => {
          clearTimeout(timer);
          resolve(result(code, stdout, stderr));
        });
        child.stdin.end(options.input ?? '');
      });
    },
    async close() {
      await emulator.close();
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}

/** Polls `match` every 25 ms until it finds something; rejects once `ended()` or after `timeoutMs`. */
function poll(
  match: () => RegExpMatchArray | null,
  timeoutMs: number,
  ended: () => boolean,
  why: () => string,
): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      const found = match();
      if (found !== null) return resolve(found);
      if (ended() || Date.now() - started > timeoutMs) return reject(new Error(why()));
      setTimeout(tick, 25);
    };
    tick();
  });
}

/** A stream that keeps what is written to it (not a TTY, like a pipe). */
function collector(): { stream: Writable; text(): string } {
  let text = '';
  const stream = new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, callback) {
      text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      callback();
    },
  });
  return { stream, text: () => text };
}

function result(code: number | null, stdout: string, stderr: string): RunResult {
  return {
    code,
    stdout,
    stderr,
    json<T>() {
      try {
        return JSON.parse(stdout) as T;
      } catch {
        throw new Error(`stdout is not one JSON document:\n${stdout}\nstderr:\n${stderr}`);
      }
    },
  };
}

// Helpers of the BugSmash e2e tests: seeding through the emulator's control API, and a bin started
// in the background (for `webhooks listen`) with the harness's environment.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { DEFAULT_BUGSMASH_API_KEY } from '@specbound/emulator';
import { BIN, E2E_TOKEN, type Harness } from './harness.js';

export async function control(h: Harness, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${h.emulator.controlUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return text === '' ? undefined : JSON.parse(text);
}

export const seed = (h: Harness) => control(h, 'POST', '/reset?seed=demo');

export interface Background {
  child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first match of `pattern` in stderr. */
  waitForStderr(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  waitForStdout(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  stop(): Promise<number | null>;
}

export function background(
  h: Harness,
  args: readonly string[],
  env: Record<string, string> = {},
): Background {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NO_COLOR: '1',
      SPECBOUND_BUGSMASH_URL: h.emulator.bugsmashUrl,
      SPECBOUND_APPS_SCRIPT_URL: h.emulator.appsScriptUrl,
      SPECBOUND_GOOGLE_TOKEN: E2E_TOKEN,
      BUGSMASH_API_KEY: DEFAULT_BUGSMASH_API_KEY,
      ...env,
    },
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => {
    out += c;
  });
  child.stderr.setEncoding('utf8').on('data', (c: string) => {
    err += c;
  });
  const waitFor = (read: () => string, pattern: RegExp, timeoutMs = 10_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const started = Date.now();
      const tick = () => {
        const match = read().match(pattern);
        if (match !== null) return resolve(match);
        if (child.exitCode !== null || Date.now() - started > timeoutMs) {
          return reject(new Error(`no ${pattern} in output:\nstdout: ${out}\nstderr: ${err}`));
        }
        setTimeout(tick, 25);
      };
      tick();
    });
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    waitForStderr: (pattern, timeoutMs) => waitFor(() => err, pattern, timeoutMs),
    waitForStdout: (pattern, timeoutMs) => waitFor(() => out, pattern, timeoutMs),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGINT');
      }),
  };
}

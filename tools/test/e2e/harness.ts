// The e2e harness: the emulator started in-process on a free loopback port, and the built `specbound`
// bin run as a subprocess against it (exactly what a user runs, environment and all).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_BUGSMASH_API_KEY, type RunningEmulator, startEmulator } from '@specbound/emulator';

export const BIN = fileURLToPath(new URL('../../bin/specbound.js', import.meta.url));
/** The token every e2e run sends; the emulator accepts any bearer token. */
export const E2E_TOKEN = 'e2e-google-token-0123456789';

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout parsed as one JSON document. */
  json<T = unknown>(): T;
}

export interface RunOptions {
  cwd?: string;
  /** Replaces variables of the default environment; `undefined` removes one. */
  env?: Record<string, string | undefined>;
  input?: string;
  timeoutMs?: number;
}

export interface Harness {
  emulator: RunningEmulator;
  /** A fresh temporary directory, removed by `close()`. */
  tempDir(): Promise<string>;
  /** Runs `specbound <args>` and resolves when it exits (never rejects on a non-zero exit). */
  run(args: readonly string[], options?: RunOptions): Promise<RunResult>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const emulator = await startEmulator({ port: 0, runTimeoutMs: 10_000 });
  // Stored logins go to an empty directory of the run, never the developer's own config.
  const configDir = await mkdtemp(join(tmpdir(), 'specbound-e2e-config-'));
  const dirs: string[] = [configDir];
  const baseEnv = (): Record<string, string | undefined> => ({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NO_COLOR: '1',
    SPECBOUND_CONFIG_DIR: configDir,
    SPECBOUND_APPS_SCRIPT_URL: emulator.appsScriptUrl,
    SPECBOUND_BUGSMASH_URL: emulator.bugsmashUrl,
    SPECBOUND_GOOGLE_TOKEN: E2E_TOKEN,
    SPECBOUND_BUGSMASH_API_KEY: DEFAULT_BUGSMASH_API_KEY,
  });
  return {
    emulator,
    async tempDir() {
      const dir = await mkdtemp(join(tmpdir(), 'specbound-e2e-'));
      dirs.push(dir);
      return dir;
    },
    run(args, options = {}) {
      const env: Record<string, string> = {};
      for (const [key, value] of Object.entries({ ...baseEnv(), ...options.env })) {
        if (value !== undefined) env[key] = value;
      }
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
          resolve({
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
          });
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

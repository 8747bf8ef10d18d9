// Runs a Node program as a child process, bounded in time, and collects what a user would see.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface Outcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function runNode(
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: options.timeoutMs ?? 30_000,
      killSignal: 'SIGKILL',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/**
 * The `specbound-emulator` bin exactly as package.json names it: the built code, which serves the
 * specs its build bundled. (`node src/cli.ts` would bundle the YAML specs with Redocly on every
 * start: 1.2 s of CPU against 0.35 s, in tests that start the CLI a dozen times.)
 */
export const BUILT_CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

/** This package's folder (what `node_modules/@specbound/emulator` points at in a user's project). */
export const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

/** The built bin and preload (the e2e tests load the preload through the package's `./redirect` export, as users do). */
export function requireBuilt(): void {
  for (const file of ['../dist/redirect.js', '../dist/cli.js']) {
    if (!existsSync(new URL(file, import.meta.url))) {
      throw new Error(`${file.slice(3)} is missing: build the emulator first (./tools/dev build)`);
    }
  }
}

// Node's on-disk compile cache, shared by every child of a test run: the children load the same
// modules over and over (clasp loads all of googleapis on each start), and the cache cuts their
// start-up CPU by about a third. It changes how fast code loads, never what it does. The folder is
// the one vitest.config.ts sets for the test workers, which pass it on here.
const COMPILE_CACHE = process.env.NODE_COMPILE_CACHE;

/** An environment with nothing of the parent's but PATH, so a test sees what a fresh shell gives. */
export function cleanEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
    NODE_COMPILE_CACHE: COMPILE_CACHE,
    ...extra,
  };
}

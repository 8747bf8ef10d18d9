// Runs `node <args>` to its exit without blocking the bench's own event loop (the emulator the
// bench started answers from it). Shared by the benches that time a whole CLI process (push.mjs,
// push-typescript.mjs, run-logs.mjs).
import { spawn } from 'node:child_process';

/** Resolves with the milliseconds the process took and what it printed (stdout, then stderr as it came). */
export function timedRun(args, { cwd, env }) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      out += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (code === 0) resolve({ ms, out });
      else reject(new Error(`${args.join(' ')} exited ${code}:\n${out}`));
    });
  });
}

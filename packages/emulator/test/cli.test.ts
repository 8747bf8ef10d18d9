// The `specbound-emulator` bin as a user runs it: the banner (URLs that answer, the two redirect
// lines, a summary of the demo data with its stable ids), one log line per request, script output,
// `--state` relative to the caller's directory, `--print-env`, usage errors, and a clean stop on SIGTERM.
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_APPS_SCRIPT_IDS } from '../src/seed-ids.ts';
import { readStateDatabase } from './helpers.ts';
import { BUILT_CLI, cleanEnv, PACKAGE_DIR, requireBuilt, runNode } from './subprocess.ts';

const CLI = BUILT_CLI;

let dir: string;
beforeAll(async () => {
  requireBuilt();
  dir = await mkdtemp(join(tmpdir(), 'specbound-cli-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('specbound-emulator --print-env', () => {
  it('prints the two lines to paste, naming a preload file that exists', async () => {
    const out = await runNode([CLI, '--print-env', '--port', '8799'], { cwd: dir, env: cleanEnv({}) });
    expect(out.code).toBe(0);
    const lines = out.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    const preload = /^export NODE_OPTIONS='--import (file:\/\/\S+)'$/.exec(lines[0] ?? '')?.[1];
    expect(preload).toBeDefined();
    expect(existsSync(fileURLToPath(preload ?? ''))).toBe(true);
    expect(lines[1]).toBe('export SPECBOUND_EMULATOR_URL=http://127.0.0.1:8799');
  });

  it('refuses port 0 and a bad port with exit code 2 and the usage', async () => {
    const zero = await runNode([CLI, '--print-env', '--port', '0'], { cwd: dir, env: cleanEnv({}) });
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain('--print-env needs the fixed --port');
    const bad = await runNode([CLI, '--port', 'eighty'], { cwd: dir, env: cleanEnv({}) });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--port must be a number from 0 to 65535, got eighty');
    expect(bad.stderr).toContain('Usage: specbound-emulator');
  });
});

/** Starts the CLI and collects its output; `waitFor` resolves once a line matches. */
function start(args: string[], env: NodeJS.ProcessEnv) {
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(process.execPath, [CLI, ...args], {
    cwd: PACKAGE_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => {
    stdout += c;
  });
  child.stderr.setEncoding('utf8').on('data', (c: string) => {
    stderr += c;
  });
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, timeoutMs = 15_000): Promise<RegExpExecArray> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const match = pattern.exec(stdout);
      if (match !== null) return match;
      if (Date.now() > until || child.exitCode !== null) {
        throw new Error(`no ${pattern} in the output:\n${stdout}\n${stderr}`);
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  return { child, exited, waitFor, output: () => ({ stdout, stderr }) };
}

describe('specbound-emulator', () => {
  it('starts, summarises its data, logs each request and script output, and stops on SIGTERM', async () => {
    // Run from packages/emulator as a package manager would, invoked from `dir` (INIT_CWD).
    const run = start(['--port', '0', '--seed', '--state', 'demo-state.json'], cleanEnv({ INIT_CWD: dir }));
    try {
      const ready = await run.waitFor(
        /Run clasp or a googleapis script against it.*\n.*\n.*SPECBOUND_EMULATOR_URL=(\S+)\n/,
      );
      const url = ready[1] ?? '';
      const { stdout } = run.output();
      expect(stdout).toContain(`Apps Script API  ${url}\n`);
      expect(stdout).toContain(`State file       ${join(dir, 'demo-state.json')}\n`);
      expect(existsSync(join(dir, 'demo-state.json'))).toBe(true);
      expect(existsSync(join(PACKAGE_DIR, 'demo-state.json'))).toBe(false);
      // The demo's ids are the same on every start, and the banner names them.
      expect(stdout).toContain(
        `script         Invoice mailer: scriptId ${DEMO_APPS_SCRIPT_IDS.invoiceMailer}`,
      );
      expect(stdout).toContain(
        `deployment   ${DEMO_APPS_SCRIPT_IDS.invoiceMailerApi} (version 2, Production API)`,
      );
      expect(stdout).toContain('user           ada@example.com (token ada-demo-token)');

      // The control URL it prints answers.
      const control = /Control API\s+(\S+)/.exec(stdout)?.[1] ?? '';
      const health = await fetch(control);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ ok: true, appsScriptUrl: url });
      await run.waitFor(/^GET \/__emulator\/health 200 \d+ms$/m);

      // A run of the seeded deployment: its request line and the script's Logger.log output.
      const ran = await fetch(`${url}/v1/scripts/${DEMO_APPS_SCRIPT_IDS.invoiceMailerApi}:run`, {
        method: 'POST',
        headers: { authorization: 'Bearer ada-demo-token', 'content-type': 'application/json' },
        body: JSON.stringify({ function: 'sendInvoices', parameters: ['2026-01'] }),
      });
      expect(ran.status).toBe(200);
      await run.waitFor(/^ {2}log sendInvoices: .*Sending \d+ invoices for 2026-01$/m);
      await run.waitFor(
        new RegExp(`^POST /v1/scripts/${DEMO_APPS_SCRIPT_IDS.invoiceMailerApi}:run 200 \\d+ms$`, 'm'),
      );
      // The query (which may hold a key) is not logged.
      await fetch(`${url}/v1/projects/nope?key=secret-api-key`, { headers: { authorization: 'Bearer t' } });
      await run.waitFor(/^GET \/v1\/projects\/nope \d{3} \d+ms$/m);
      expect(run.output().stdout).not.toContain('secret-api-key');
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exited).toBe(0);
    expect(run.output().stdout).toContain('SIGTERM: stopping');
    const saved = readStateDatabase(join(dir, 'demo-state.json')) as {
      appsScript: { projects: { scriptId: string }[] };
    };
    expect(saved.appsScript.projects.map((p: { scriptId: string }) => p.scriptId)).toContain(
      DEMO_APPS_SCRIPT_IDS.invoiceMailer,
    );
  });
});

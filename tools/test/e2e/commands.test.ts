// `specbound demo` and `specbound emulator` through the built CLI (the demo once more as the bin).
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, type Harness, startHarness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('specbound demo', () => {
  it('runs every step against its own emulator and exits 0', async () => {
    const result = await h.run(['demo']);
    expect(result.code, result.stderr).toBe(0);
    for (const step of [
      'create',
      'push',
      'version',
      'deploy',
      'run',
      'processes',
      'metrics',
      'services',
      'spreadsheet',
      'trigger',
      'web app',
      'project',
      'comments',
      'webhook',
      'export',
      'sync',
    ]) {
      expect(result.stdout).toMatch(new RegExp(`✓ (gas|bs ) ${step}`));
    }
    expect(result.stdout).toContain('greet("Ada") → "Hello, Ada! (from Apps Script)"');
    expect(result.stdout).toMatch(/at total \(line \d+\)/);
    expect(result.stdout).toContain('signature verified');
    expect(result.stderr).toContain('17 steps passed');
    expect(result.stdout).toContain('visit() twice → visits 1, then 2');
    expect(result.stdout).toContain('clock moved 15 minutes → ran 3 times');
    expect(result.stdout).toContain(
      'appendRow(["Ada","2","1/31/2026"]), then getValues reads it back typed: string, number, Date',
    );
    expect(result.stdout).toContain('Hello, &#60;Ada&#62;!');
    expect(result.stdout).toContain('run again: 0 sent');
  });

  it('--json streams one NDJSON line per step', async () => {
    const result = await h.runBin(['demo', '--json'], { timeoutMs: 60_000 });
    expect(result.code, result.stderr).toBe(0);
    const steps = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { service: string; name: string });
    expect(steps).toHaveLength(17);
    expect(steps.map((s) => s.name)).toEqual([
      'create',
      'push',
      'version',
      'deploy',
      'run',
      'run',
      'processes',
      'metrics',
      'services',
      'spreadsheet',
      'trigger',
      'web app',
      'project',
      'comments',
      'webhook',
      'export',
      'sync',
    ]);
  });
});

describe('specbound emulator', () => {
  it('serves both APIs, saves to --state, and stops on SIGINT', async () => {
    const dir = await h.tempDir();
    const child = spawn(
      process.execPath,
      [BIN, 'emulator', '--port', '0', '--state', 'state.json', '--json'],
      {
        cwd: dir,
        env: { PATH: process.env.PATH, NO_COLOR: '1' },
      },
    );
    let stdout = '';
    child.stdout.setEncoding('utf8');
    const info = await new Promise<{ appsScriptUrl: string; bugsmashUrl: string; state: string }>(
      (resolve, reject) => {
        child.stdout.on('data', (chunk: string) => {
          stdout += chunk;
          try {
            resolve(JSON.parse(stdout));
          } catch {
            // not complete yet
          }
        });
        child.on('error', reject);
        setTimeout(() => reject(new Error(`no banner: ${stdout}`)), 20_000);
      },
    );
    expect(info.appsScriptUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.state).toBe(join(dir, 'state.json'));
    const created = await fetch(`${info.appsScriptUrl}/v1/projects`, {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'from the emulator command' }),
    });
    expect(created.status).toBe(200);
    const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.kill('SIGINT');
    expect(await exit).toBe(0);
    expect(await readFile(join(dir, 'state.json'), 'utf8')).toContain('from the emulator command');
  });

  it('a bad --port is a usage error', async () => {
    const result = await h.run(['emulator', '--port', 'eighty']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'specbound emulator: --port must be a number from 0 to 65535, got eighty',
    );
  });
});

// `gas logs` and `gas run --logs` through the built CLI against the emulator, which serves Cloud
// Logging's entries.list from its own runs: each run's own lines, filters, NDJSON, --watch, and bad
// input refused with exit 2 before anything is sent.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

let h: Harness;
let dir: string;
const gas = (args: string[], env?: Record<string, string | undefined>) =>
  h.run(['gas', ...args], { cwd: dir, ...(env === undefined ? {} : { env }) });
const MANIFEST = '{"timeZone":"Etc/UTC","runtimeVersion":"V8","executionApi":{"access":"MYSELF"}}';
const CODE = [
  "function greet(name) { console.log('greeting %s', name); console.warn('cold outside'); return 'Hello, ' + name; }",
  "function quiet() { return 'shh'; }",
  "function fail() { console.error('giving up'); throw new Error('No invoices'); }",
].join('\n');

interface Line {
  timestamp: string;
  severity: string;
  functionName: string;
  processId: string;
  message: string;
}

beforeAll(async () => {
  h = await startHarness();
  dir = await h.tempDir();
  expect((await gas(['create-script', '--title', 'Logs'])).code).toBe(0);
  const config = JSON.parse(await readFile(join(dir, '.clasp.json'), 'utf8')) as Record<string, unknown>;
  await writeFile(join(dir, '.clasp.json'), JSON.stringify({ ...config, projectId: 'my-logs-project' }));
  await writeFile(join(dir, 'appsscript.json'), MANIFEST);
  await writeFile(join(dir, 'Code.js'), CODE);
  expect((await gas(['push', '--force'])).code).toBe(0);
  expect((await gas(['deploy'])).code).toBe(0);
});
afterAll(async () => {
  await h?.close();
});

describe('gas run --logs', () => {
  it("prints the result, then exactly that run's lines (not the earlier run's)", async () => {
    expect((await gas(['run', 'greet', '-p', '["Ada"]'])).code).toBe(0);
    const result = await gas(['run', 'greet', '-p', '["Grace"]', '--logs']);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toBe('Hello, Grace');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^\S+Z INFO {4}greet greeting Grace$/),
      expect.stringMatching(/^\S+Z WARNING greet cold outside$/),
    ]);
    expect(result.stderr).not.toContain('best guess');
  });

  it('with --json, one document with the result and the lines of its one process', async () => {
    const result = await gas(['run', 'greet', '-p', '["Lin"]', '--logs', '--json']);
    const doc = result.json<{ result: string; logs: { lines: Line[]; exact: boolean; processId: string } }>();
    expect(doc.result).toBe('Hello, Lin');
    expect(doc.logs.exact).toBe(true);
    expect(doc.logs.lines.map((l) => l.message)).toEqual(['greeting Lin', 'cold outside']);
    expect(new Set(doc.logs.lines.map((l) => l.processId))).toEqual(new Set([doc.logs.processId]));
  });

  it('a run that logs nothing prints no lines; a failed run prints its lines, then the error', async () => {
    const quiet = await gas(['run', 'quiet', '--logs']);
    expect(quiet.stdout.trim()).toBe('shh');
    const failed = await gas(['run', 'fail', '--logs']);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(/ERROR {3}fail giving up\n/);
    expect(failed.stdout).toMatch(/ERROR {3}fail No invoices\n/);
    expect(failed.stderr).toContain('No invoices');
  });
});

describe('gas logs', () => {
  it('lists the lines, filtered by function and severity, as text or NDJSON', async () => {
    const all = await gas(['logs']);
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toContain('greet greeting Ada');
    const warnings = await gas([
      'logs',
      '--function',
      'greet',
      '--severity',
      'warning',
      '--since',
      '10m',
      '--json',
    ]);
    const lines = warnings.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Line);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.every((l) => l.severity === 'WARNING' && l.functionName === 'greet')).toBe(true);
    const simplified = await gas(['tail-logs', '--simplified', '--function', 'fail']);
    expect(simplified.stdout).toContain('ERROR giving up\n');
    const none = await gas(['logs', '--function', 'nothingRanThis']);
    expect([none.code, none.stdout, none.stderr]).toEqual([0, '', 'no matching log lines\n']);
  });

  it('--watch prints lines of runs made while it watches', async () => {
    const watching = h.start(
      ['gas', 'logs', '--watch', '--interval', '1', '--function', 'greet', '--limit', '1'],
      {
        cwd: dir,
      },
    );
    await watching.waitForStdout(/cold outside/);
    expect((await gas(['run', 'greet', '-p', '["Watcher"]'])).code).toBe(0);
    await watching.waitForStdout(/greeting Watcher/, 10_000);
    expect(await watching.stop()).toBe(0);
    expect(watching.stdout().match(/greeting Watcher/g)).toHaveLength(1);
  });

  it.each([
    [['logs', '--severity', 'loud'], /Unknown severity "loud"/, /--severity warning/],
    [['logs', '--since', 'yesterday-ish'], /--since: "yesterday-ish"/, /duration/],
    [['logs', '--project-id', 'My Project'], /not a Google Cloud project id/, /--project-id/],
  ])('refuses %j with exit 2, before anything is sent', async (args, message, hint) => {
    const result = await gas(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toMatch(hint);
  });

  it('against Google, no Cloud project id is exit 2 with the page that shows it, before signing in', async () => {
    const config = JSON.parse(await readFile(join(dir, '.clasp.json'), 'utf8')) as Record<string, unknown>;
    const { projectId: _, ...without } = config;
    await writeFile(join(dir, '.clasp.json'), JSON.stringify(without));
    try {
      const result = await gas(['run', 'greet', '--logs'], {
        SPECBOUND_LOGGING_URL: 'https://logging.googleapis.com',
        SPECBOUND_GOOGLE_TOKEN: undefined,
      });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('No Google Cloud project id');
      expect(result.stderr).toContain(
        `https://script.google.com/home/projects/${String(config.scriptId)}/settings`,
      );
    } finally {
      await writeFile(join(dir, '.clasp.json'), JSON.stringify(config));
    }
  });
});

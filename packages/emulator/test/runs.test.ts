// Runs that end: abandoned, reset, refused when the pool is full, bounded in what they can produce.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LogRing } from '../src/apps-script/logs.ts';
import { type RunningEmulator, startEmulator } from '../src/index.ts';
import { SandboxPool } from '../src/sandbox/pool.ts';
import { appsScript, deployScript, strictEmulator } from './helpers.ts';

const CODE = [
  'function spin() { for (;;) {} }',
  'function spinAfter(url) { UrlFetchApp.fetch(url); for (;;) {} }',
  'function add(a, b) { return a + b; }',
  'function depth(p) { var d = 0; while (Array.isArray(p)) { p = p[0]; d++; } return d; }',
  "function spam() { var s = 'x'.repeat(4 << 20); for (var i = 0; i < 200; i++) Logger.log(s); return 'done'; }",
  "function huge() { return 'y'.repeat(9 << 20); }",
  'function host() { return [typeof require, typeof process, typeof setTimeout, typeof fetch, typeof globalThis.Deno]; }',
  'async function imports() { try { await import("node:fs"); return "imported"; } catch (e) { return "refused"; } }',
].join('\n');

const started: RunningEmulator[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((e) => e.close()));
});

async function emulatorWithScript(options: Parameters<typeof strictEmulator>[0] = {}) {
  const emulator = await strictEmulator(options);
  started.push(emulator);
  return { emulator, ...(await deployScript(appsScript(emulator), { title: 'Runs', code: CODE })) };
}

/** POST scripts.run as raw HTTP, so the test can abandon it and read any status. */
function run(
  emulator: RunningEmulator,
  deploymentId: string,
  fn: string,
  parameters: unknown[] | string = [],
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(`${emulator.appsScriptUrl}/v1/scripts/${deploymentId}:run`, {
    method: 'POST',
    headers: { authorization: 'Bearer ada-token', 'content-type': 'application/json' },
    // A string is sent as written: JSON text too deep for JSON.stringify itself.
    body:
      typeof parameters === 'string'
        ? `{"function":"${fn}","parameters":${parameters}}`
        : JSON.stringify({ function: fn, parameters }),
    ...(signal === undefined ? {} : { signal }),
  });
}

/** Waits until the emulator has recorded `count` runs as RUNNING (each is then on a worker or queued for one). */
async function runningProcesses(emulator: RunningEmulator, count: number): Promise<void> {
  const running = () => emulator.state().appsScript.processes.filter((p) => p.processStatus === 'RUNNING');
  for (let waited = 0; running().length < count && waited < 10_000; waited += 10)
    await new Promise((resolve) => setTimeout(resolve, 10));
  expect(running()).toHaveLength(count);
}

/** A loopback server that `spinAfter` calls as it starts: each guest that called it spins from then on. */
async function startLine(): Promise<{
  url: string;
  reached: (count: number) => Promise<void>;
  close: () => void;
}> {
  let calls = 0;
  const server = createServer((_req, res) => {
    calls++;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const reached = async (count: number) => {
    for (let waited = 0; calls < count && waited < 10_000; waited += 10)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toBe(count);
  };
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    reached,
    close: () => server.close(),
  };
}

describe('runs that end', () => {
  it('stops runs whose callers gave up: the next runs answer at once, and the abandoned ones are CANCELED', async () => {
    const { emulator, scriptId, deploymentId } = await emulatorWithScript({
      sandboxWorkers: 2,
      runTimeoutMs: 60_000,
    });
    // The callers give up once two guests spin (one per worker) and the other four are queued.
    const starts = await startLine();
    const callers = new AbortController();
    const abandoned = Array.from({ length: 6 }, () =>
      run(emulator, deploymentId, 'spinAfter', [starts.url], callers.signal).catch((error: unknown) => error),
    );
    await runningProcesses(emulator, 6);
    await starts.reached(2);
    callers.abort();
    for (const outcome of await Promise.all(abandoned)) expect(outcome).toBeInstanceOf(Error);
    starts.close();

    const before = Date.now();
    const answers = await Promise.all([1, 2, 3].map((n) => run(emulator, deploymentId, 'add', [n, 1])));
    expect(Date.now() - before).toBeLessThan(5_000);
    for (const [i, answer] of answers.entries()) {
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ done: true, response: { result: i + 2 } });
    }
    const processes = await appsScript(emulator).processes.listScriptProcesses({
      scriptId,
      functionName: 'spinAfter',
    });
    const statuses = ('processes' in processes ? (processes.processes ?? []) : []).map(
      (p) => p.processStatus,
    );
    expect(statuses).toEqual(Array(6).fill('CANCELED'));
  });

  it('a reset stops a running script: its caller gets ABORTED, and the emulator runs again', async () => {
    const { emulator, deploymentId } = await emulatorWithScript({ sandboxWorkers: 1, runTimeoutMs: 60_000 });
    const starts = await startLine();
    const spinning = run(emulator, deploymentId, 'spinAfter', [starts.url]);
    await starts.reached(1);
    starts.close();
    const reset = await fetch(`${emulator.controlUrl}/reset`, { method: 'POST' });
    expect(reset.status).toBe(200);
    const answer = await spinning;
    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({ error: { status: 'ABORTED' } });
    expect(emulator.state().appsScript.processes).toEqual([]);

    const again = await emulatorWithScript({ sandboxWorkers: 1, runTimeoutMs: 60_000 });
    expect((await run(again.emulator, again.deploymentId, 'add', [1, 1])).status).toBe(200);
  });

  it('refuses a run with 429 RESOURCE_EXHAUSTED when every worker is busy and the queue is full; close() stops them all', async () => {
    const { emulator, deploymentId } = await emulatorWithScript({
      sandboxWorkers: 1,
      sandboxQueue: 1,
      runTimeoutMs: 60_000,
    });
    // Their connections are cut by close(): a failed fetch is their expected end.
    const busy = [run(emulator, deploymentId, 'spin'), run(emulator, deploymentId, 'spin')].map((p) =>
      p.catch((error: unknown) => error),
    );
    // Both recorded: one on the worker, one in the queue.
    await runningProcesses(emulator, 2);
    const refused = await run(emulator, deploymentId, 'add', [1, 2]);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: { code: 429, status: 'RESOURCE_EXHAUSTED' } });
    const closing = Date.now();
    await emulator.close();
    expect(Date.now() - closing).toBeLessThan(3_000);
    await Promise.allSettled(busy);
  });

  it('refuses parameters nested too deep before dispatch, and keeps serving (three in a row)', async () => {
    const { emulator, deploymentId } = await emulatorWithScript();
    // 5,000 levels, about 10 kB: once enough to kill the emulator from inside postMessage.
    const deep = `[${'['.repeat(5_000)}1${']'.repeat(5_000)}]`;
    for (let i = 0; i < 3; i++) {
      const answer = await run(emulator, deploymentId, 'depth', deep);
      expect(answer.status).toBe(400);
      expect(JSON.stringify(await answer.json())).toContain('deeper than 64 levels');
    }
    let fine: unknown = 1;
    for (let i = 0; i < 40; i++) fine = [fine];
    expect(await (await run(emulator, deploymentId, 'depth', [fine])).json()).toMatchObject({
      response: { result: 40 },
    });
  });

  it('bounds script output: log lines, the log ring (in bytes) and the size of a result', async () => {
    const { emulator, deploymentId } = await emulatorWithScript();
    const answer = await run(emulator, deploymentId, 'spam');
    expect(await answer.json()).toMatchObject({ response: { result: 'done' } });
    const logs = await fetch(`${emulator.controlUrl}/logs`);
    expect(logs.status).toBe(200);
    const text = await logs.text();
    expect(text.length).toBeLessThan(5 * 1024 * 1024);
    const lines = JSON.parse(text) as { line: string }[];
    expect(lines.every((l) => l.line.length < 9 * 1024)).toBe(true);
    expect(lines.some((l) => l.line.includes('log output of this run cut'))).toBe(true);

    const huge = (await (await run(emulator, deploymentId, 'huge')).json()) as {
      error?: { details?: unknown[] };
    };
    expect(JSON.stringify(huge.error?.details)).toContain('larger than');
  });

  it('gives scripts no way to the host: no require, process, timers, fetch or import()', async () => {
    const { emulator, deploymentId } = await emulatorWithScript();
    expect(await (await run(emulator, deploymentId, 'host')).json()).toMatchObject({
      response: { result: ['undefined', 'undefined', 'undefined', 'undefined', 'undefined'] },
    });
    expect(await (await run(emulator, deploymentId, 'imports')).json()).toMatchObject({
      response: { result: 'refused' },
    });
  });

  it('an updateContent racing a reset answers 404, not 200 for content that is gone', async () => {
    const { emulator, scriptId } = await emulatorWithScript({ runTimeoutMs: 60_000 });
    // 8 MB of code takes QuickJS most of a second to compile: the reset lands while it does (or, on a
    // slow machine, before the update is read, which must answer 404 as well).
    const source = `function late() {}\n${'a = [b + c * d - e / f, "some text", { k: 1 }];\n'.repeat(170_000)}`;
    const update = fetch(`${emulator.appsScriptUrl}/v1/projects/${scriptId}/content`, {
      method: 'PUT',
      headers: { authorization: 'Bearer ada-token', 'content-type': 'application/json' },
      body: JSON.stringify({
        files: [
          { name: 'appsscript', type: 'JSON', source: '{}' },
          { name: 'Code', type: 'SERVER_JS', source },
        ],
      }),
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await fetch(`${emulator.controlUrl}/reset`, { method: 'POST' })).status).toBe(200);
    expect((await update).status).toBe(404);
    expect(emulator.state().appsScript.projects).toEqual([]);
  });

  it('answers a source nested a million deep with a syntax error, not a 500', async () => {
    const { emulator, scriptId } = await emulatorWithScript();
    const answer = await fetch(`${emulator.appsScriptUrl}/v1/projects/${scriptId}/content`, {
      method: 'PUT',
      headers: { authorization: 'Bearer ada-token', 'content-type': 'application/json' },
      body: JSON.stringify({
        files: [
          { name: 'appsscript', type: 'JSON', source: '{}' },
          { name: 'Code', type: 'SERVER_JS', source: `var x = ${'['.repeat(1_000_000)};` },
        ],
      }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      error: { message: expect.stringContaining('Syntax error') },
    });
  });

  it('refuses a run limit Node cannot time (above 2^31 - 1 ms, or not a number) at start', async () => {
    await expect(startEmulator({ runTimeoutMs: 2 ** 31 })).rejects.toThrow(
      /runTimeoutMs must be a whole number/,
    );
    await expect(startEmulator({ runTimeoutMs: Number('six minutes') })).rejects.toThrow(/got NaN/);
  });
});

describe('the log ring', () => {
  it('keeps the newest lines within its byte bound', () => {
    const ring = new LogRing(1_000, 64 * 1024);
    for (let i = 0; i < 100; i++)
      ring.add({ at: '', scriptId: 's', functionName: 'f', line: `${i} ${'x'.repeat(4_000)}` });
    expect(ring.bytes).toBeLessThanOrEqual(64 * 1024);
    const lines = ring.list();
    expect(lines.length).toBe(8);
    expect(lines.at(-1)?.line.startsWith('99 ')).toBe(true);
  });
});

describe('the sandbox pool', () => {
  it('replaces a worker that a run has grown past the limit', async () => {
    const pool = new SandboxPool({ size: 1, recycleBytes: 1 });
    const job = {
      files: [{ name: 'Code', source: 'function f() { return 1; }' }],
      functionName: 'f',
      parameters: [],
      timeoutMs: 5_000,
      memoryLimitBytes: 16 * 1024 * 1024,
    };
    await pool.run(job);
    await pool.run(job);
    expect(pool.spawned).toBe(2);
    await pool.close();
  });

  it('stops an abandoned run at once by interrupting its guest; the same worker takes the next job', async () => {
    // A long grace, so that only an interrupt that failed could make the pool replace the worker
    // (on a loaded 2-core CI machine the default 1 s grace can pass before the guest notices).
    const pool = new SandboxPool({ size: 1, stopGraceMs: 15_000 });
    // The guest makes one host call as it starts, then spins: shortly after that call is answered, it
    // is in its loop (instead of waiting a fixed 500 ms for a worker to start and spin).
    const source =
      "function spin() { PropertiesService.getScriptProperties().getProperty('started'); for (;;) {} }";
    const spin = {
      files: [{ name: 'Code', source: `${source}\nfunction one() { return 1; }` }],
      functionName: 'spin',
      parameters: [],
      timeoutMs: 60_000,
      memoryLimitBytes: 16 * 1024 * 1024,
    };
    const controller = new AbortController();
    let start = () => {};
    const started = new Promise<void>((resolve) => {
      start = resolve;
    });
    const running = pool.run(spin, controller.signal, () => {
      start();
      return null;
    });
    await started;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopping = Date.now();
    controller.abort();
    await expect(running).rejects.toMatchObject({ name: 'RunStopped', reason: 'aborted' });
    expect(await pool.run({ ...spin, functionName: 'one' })).toMatchObject({ kind: 'ok', result: 1 });
    // Interrupted, not killed: no new worker had to start, well within the grace.
    expect(pool.spawned).toBe(1);
    expect(Date.now() - stopping).toBeLessThan(10_000);
    await pool.close();
  });

  it('a job that cannot be sent to a worker fails alone, and the worker stays free', async () => {
    const pool = new SandboxPool({ size: 1 });
    const job = {
      files: [{ name: 'Code', source: 'function f() { return 1; }' }],
      functionName: 'f',
      parameters: [() => 1] as unknown[],
      timeoutMs: 5_000,
      memoryLimitBytes: 16 * 1024 * 1024,
    };
    await expect(pool.run(job)).rejects.toThrow(/cannot be sent to a sandbox worker/);
    expect(await pool.run({ ...job, parameters: [] })).toMatchObject({ kind: 'ok', result: 1 });
    await pool.close();
  });
});

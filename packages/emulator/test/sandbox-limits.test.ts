// The limits of one run hold on the host, not only inside QuickJS: memory (typed arrays and
// ArrayBuffers, which QuickJS's own limit does not count), the size of what a run returns or throws.
import { afterAll, describe, expect, it } from 'vitest';
import { ERROR_CHARS, MEMORY_EXCEEDED, OUTPUT_BYTES } from '../src/sandbox/engine.ts';
import { SandboxPool } from '../src/sandbox/pool.ts';
import type { RunJob } from '../src/sandbox/types.ts';

const WASM_BYTES = 64 * 1024 * 1024;
const pool = new SandboxPool({ size: 1, wasmMemoryBytes: WASM_BYTES, recycleBytes: WASM_BYTES });
afterAll(() => pool.close());

const job = (source: string, memoryLimitBytes = 32 * 1024 * 1024): RunJob => ({
  files: [{ name: 'Code', source }],
  functionName: 'main',
  parameters: [],
  timeoutMs: 20_000,
  memoryLimitBytes,
});

describe('sandbox limits', () => {
  it('fails a run that holds typed arrays past the cap with "Exceeded memory limit", and the next run works', async () => {
    // Without the host-side cap this loop held 2 GiB: QuickJS counts no typed array's bytes.
    for (const source of [
      'function main() { var a = []; for (var i = 0; i < 200; i++) a.push(new Uint8Array(16 << 20)); return a.length; }',
      'function main() { var a = []; for (var i = 0; i < 2000; i++) a.push(new ArrayBuffer(1 << 20)); return a.length; }',
    ]) {
      const out = await pool.run(job(source));
      expect(out).toMatchObject({ kind: 'error', errorType: 'Exception', errorMessage: MEMORY_EXCEEDED });
    }
    expect(await pool.run(job('function main() { return new Uint8Array(1 << 20).length; }'))).toMatchObject({
      kind: 'ok',
      result: 1 << 20,
    });
  });

  it('holds a run to the cap: a script that catches the failure got at most the cap in typed arrays', async () => {
    const out = await pool.run(
      job(
        'function main() { var a = []; try { for (;;) a.push(new Uint8Array(16 << 20)); } catch (e) { return a.length; } }',
      ),
    );
    expect(out.kind).toBe('ok');
    if (out.kind === 'ok') expect(out.result).toBeLessThanOrEqual(WASM_BYTES / (16 << 20));
  });

  it('reports arrays past the heap limit as "Exceeded memory limit"', async () => {
    const out = await pool.run(
      job('function main() { var a = []; for (;;) a.push({ n: a.length }); }', 8 * 1024 * 1024),
    );
    expect(out).toMatchObject({ kind: 'error', errorMessage: MEMORY_EXCEEDED });
  });

  it('refuses a result past 8 MB of UTF-8, even when it has fewer characters than that', async () => {
    // 3 million euro signs: 3 M characters, 9 MB of UTF-8.
    const out = await pool.run(job('function main() { return "\\u20ac".repeat(3e6); }'));
    expect(out).toMatchObject({
      kind: 'error',
      errorMessage: expect.stringContaining(`${OUTPUT_BYTES} bytes`),
    });
    const ok = await pool.run(job('function main() { return "x".repeat(1e6); }'));
    expect(ok).toMatchObject({ kind: 'ok' });
  });

  it('fails a run whose result nests too deep to be sent back at once, and the next run works', async () => {
    // The worker could not clone such a result to the host: the run then waited for its time limit
    // (6 minutes by default) and was reported as "Exceeded maximum execution time".
    for (const depth of [3_000, 10_000]) {
      const started = Date.now();
      const out = await pool.run(
        job(`function main() { var v = 1; for (var i = 0; i < ${depth}; i++) v = { a: v }; return v; }`),
      );
      expect(out, `${depth} deep`).toMatchObject({
        kind: 'error',
        errorType: 'ScriptError',
        errorMessage: expect.stringContaining('nests too deep'),
      });
      expect(Date.now() - started).toBeLessThan(10_000);
    }
    expect(await pool.run(job('function main() { return { a: { b: 1 } }; }'))).toMatchObject({
      kind: 'ok',
      result: { a: { b: 1 } },
    });
  }, 60_000);

  it('cuts what a run throws: a huge message or value never reaches the answer whole', async () => {
    for (const source of [
      'function main() { throw new Error("x".repeat(1e6)); }',
      'function main() { throw "y".repeat(1e6); }',
      'function main() { var e = new Error("m"); e.name = "N".repeat(1e6); throw e; }',
    ]) {
      const out = await pool.run(job(source));
      expect(out.kind).toBe('error');
      if (out.kind !== 'error') return;
      expect(out.errorMessage.length + out.errorType.length).toBeLessThan(2 * ERROR_CHARS + 200);
    }
  });
});

describe('content checks', () => {
  it('compile on a worker of their own: a save is checked at once while every run worker is busy', async () => {
    const busy = new SandboxPool({ size: 1, queueLimit: 0 });
    const stop = new AbortController();
    try {
      // The guest makes one host call as it starts, then spins.
      let start = () => {};
      const spinning = new Promise<void>((resolve) => {
        start = resolve;
      });
      const spin =
        "function main() { PropertiesService.getScriptProperties().getProperty('started'); for (;;) {} }";
      const running = busy.run({ ...job(spin), timeoutMs: 60_000 }, stop.signal, () => {
        start();
        return null;
      });
      running.catch(() => undefined);
      // The run has reached the worker: the pool now refuses any other run at once.
      await spinning;
      expect(busy.accepts()).toBe(false);
      const started = Date.now();
      expect(await busy.check({ files: [{ name: 'Code', source: 'function ok() {}' }] })).toEqual({
        ok: true,
      });
      const bad = await busy.check({ files: [{ name: 'Code', source: 'function (' }] });
      expect(bad).toMatchObject({ ok: false, file: 'Code' });
      expect(Date.now() - started).toBeLessThan(10_000);
      // The run's worker and the content checks' own.
      expect(busy.spawned).toBe(2);
    } finally {
      stop.abort();
      await busy.close();
    }
  });
});

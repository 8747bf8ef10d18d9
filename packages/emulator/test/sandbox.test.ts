import { afterAll, describe, expect, it } from 'vitest';
import { parseStack } from '../src/sandbox/engine.ts';
import { SandboxPool } from '../src/sandbox/pool.ts';
import type { RunJob } from '../src/sandbox/types.ts';

const pool = new SandboxPool(2);
afterAll(() => pool.close());

const job = (
  source: string,
  functionName: string,
  parameters: unknown[] = [],
  timeoutMs = 5_000,
): RunJob => ({
  files: [{ name: 'Code', source }],
  functionName,
  parameters,
  timeoutMs,
  memoryLimitBytes: 32 * 1024 * 1024,
});

describe('sandbox', () => {
  it('calls a function with JSON parameters and returns its JSON result', async () => {
    const out = await pool.run(
      job('function add(a, b) { return { sum: a + b, at: [a, b] }; }', 'add', [2, 3]),
    );
    expect(out).toMatchObject({ kind: 'ok', result: { sum: 5, at: [2, 3] } });
  });

  it('loads every file in order and resolves library-style names, let/const included', async () => {
    const out = await pool.run({
      ...job('', 'Lib.greet', ['Ada']),
      files: [
        { name: 'util', source: 'const prefix = "Hello, ";' },
        { name: 'Lib', source: 'const Lib = { greet(name) { return prefix + name; } };' },
      ],
    });
    expect(out).toMatchObject({ kind: 'ok', result: 'Hello, Ada' });
  });

  it('returns no result for undefined and settles async functions', async () => {
    expect(await pool.run(job('function nothing() {}', 'nothing'))).not.toHaveProperty('result');
    const out = await pool.run(job('async function later(x) { await null; return x * 2; }', 'later', [21]));
    expect(out).toMatchObject({ kind: 'ok', result: 42 });
  });

  it('reports a thrown error with its type, message and stack, deepest first', async () => {
    const source = [
      'function outer() {',
      '  return inner();',
      '}',
      'function inner() {',
      "  throw new RangeError('too far');",
      '}',
    ].join('\n');
    const out = await pool.run(job(source, 'outer'));
    expect(out).toMatchObject({
      kind: 'error',
      errorType: 'RangeError',
      errorMessage: 'too far',
      stack: [
        { function: 'inner', lineNumber: 5 },
        { function: 'outer', lineNumber: 2 },
      ],
    });
  });

  it('ends a run past the limit as a timeout, naming where it was', async () => {
    const started = Date.now();
    const out = await pool.run(job('function spin() {\n  while (true) {}\n}', 'spin', [], 300));
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(out).toMatchObject({ kind: 'timeout', errorMessage: 'Exceeded maximum execution time' });
    expect(out.kind === 'timeout' && out.stack[0]?.function).toBe('spin');
  });

  it('records Logger.log and console.log output', async () => {
    const out = await pool.run(
      job("function hi() { Logger.log('a %s c', 'b'); console.log('x', { y: 1 }); }", 'hi'),
    );
    expect(out.logs).toEqual(['INFO a b c', 'INFO x {"y":1}']);
  });

  it('fails clearly when a Google service is used', async () => {
    const out = await pool.run(
      job('function sheet() {\n  return SpreadsheetApp.newDataValidation();\n}', 'sheet'),
    );
    expect(out).toMatchObject({
      kind: 'error',
      errorType: 'Exception',
      errorMessage: 'SpreadsheetApp.newDataValidation is not implemented in the emulator.',
      stack: [{ function: 'sheet', lineNumber: 2 }],
    });
  });

  it('installs services when first used, and lets a script replace one with its own', async () => {
    const out = await pool.run(
      job(
        'var Session = { getScriptTimeZone: function () { return "mine"; } };\n' +
          'function f() { return [typeof Utilities.formatString, Session.getScriptTimeZone(), typeof CacheService.getScriptCache]; }',
        'f',
      ),
    );
    expect(out).toMatchObject({ kind: 'ok', result: ['function', 'mine', 'function'] });
  });

  it('does not find missing functions, built-ins or harness internals', async () => {
    for (const name of [
      'missing',
      'parseInt',
      'Logger.log',
      '__emulatorInvoke',
      'a-b',
      'x.constructor',
      'x.y.z',
    ]) {
      expect((await pool.run(job('var x = { y: 1 };', name))).kind).toBe('not-found');
    }
  });

  it('caps memory', async () => {
    const out = await pool.run(
      job('function hog() { const a = [], s = "x".repeat(1 << 20); for (;;) a.push(s + a.length); }', 'hog'),
    );
    expect(out).toMatchObject({
      kind: 'error',
      errorType: 'Exception',
      errorMessage: 'Exceeded memory limit.',
    });
  });

  it('reports syntax errors without running anything', async () => {
    expect(await pool.check({ files: [{ name: 'Code', source: 'function ok() {}' }] })).toEqual({ ok: true });
    const bad = await pool.check({ files: [{ name: 'Code', source: 'function ok() {}\nfunction (' }] });
    expect(bad).toMatchObject({ ok: false, file: 'Code', lineNumber: 2 });
  });

  it('checks a save on a free run worker: the run after it starts no second thread', async () => {
    const fresh = new SandboxPool(2);
    try {
      expect(
        await fresh.check({ files: [{ name: 'Code', source: 'function one() { return 1; }' }] }),
      ).toEqual({
        ok: true,
      });
      expect(await fresh.run(job('function one() { return 1; }', 'one'))).toMatchObject({
        kind: 'ok',
        result: 1,
      });
      expect(fresh.spawned).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it('parses QuickJS stack lines', () => {
    expect(parseStack('    at f (Code:3:7)\n    at <eval> (<emulator>:1:6)\n    at Lib:9\n')).toEqual([
      { function: 'f', lineNumber: 3 },
      { function: '<anonymous>', lineNumber: 9 },
    ]);
  });
});

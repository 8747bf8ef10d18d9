// The Google services a script calls, through scripts.run as users call them: PropertiesService,
// CacheService, LockService, Utilities, Session, Logger and console, with Google's names, return
// types and exceptions, and their state kept by the emulator (per project, per user, across restarts).
import { createHash, createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type EmulatorOptions, type RunningEmulator, startEmulator } from '../src/index.ts';
import { appsScript, deployScript } from './helpers.ts';

const MANIFEST = JSON.stringify({ timeZone: 'Asia/Tokyo', executionApi: { access: 'ANYONE' } });

const CODE = `
function setProp(scope, key, value) { return PropertiesService[scope]().setProperty(key, value).getProperty(key); }
function getProps(scope) { return PropertiesService[scope]().getProperties(); }
function keys() { return PropertiesService.getScriptProperties().getKeys().sort(); }
function deleteProp(key) { PropertiesService.getScriptProperties().deleteProperty(key); return keys(); }
function documentStores() { return [PropertiesService.getDocumentProperties(), CacheService.getDocumentCache()]; }
function cachePut(key, value, seconds) { CacheService.getScriptCache().put(key, value, seconds); return CacheService.getScriptCache().get(key); }
function cacheGet(keys) { return CacheService.getScriptCache().getAll(keys); }
function bigValue() { PropertiesService.getScriptProperties().setProperty('big', 'x'.repeat(10000)); }
function nest(n) { var v = 1; for (var i = 0; i < n; i++) v = [v]; return v; }
function deepCell(n) { var ss = SpreadsheetApp.create('Deep'); ss.getActiveSheet().getRange(1, 1).setValues([[nest(n)]]); return 'set'; }
function deepResult(n) { var v = 1; for (var i = 0; i < n; i++) v = { a: v }; return v; }
function session() { return [Session.getActiveUser().getEmail(), Session.getEffectiveUser().getEmail(), Session.getScriptTimeZone()]; }
function increment(holdUrl) {
  var lock = LockService.getScriptLock();
  lock.waitLock(10000);
  var props = PropertiesService.getScriptProperties();
  var n = Number(props.getProperty('n') || 0);
  UrlFetchApp.fetch(holdUrl);
  props.setProperty('n', n + 1);
  var held = lock.hasLock();
  lock.releaseLock();
  return [held, lock.hasLock()];
}
function tryBusyLock() { return LockService.getScriptLock().tryLock(0); }
function utilities() {
  var U = Utilities;
  return {
    digest: U.computeDigest(U.DigestAlgorithm.SHA_256, 'hello'),
    md5: U.computeDigest(U.DigestAlgorithm.MD5, [1, 2, 3]),
    hmac: U.computeHmacSha256Signature('message', 'secret'),
    hmac512: U.computeHmacSignature(U.MacAlgorithm.HMAC_SHA_512, 'message', 'secret'),
    b64: U.base64Encode('h\\u00e9llo?>'),
    b64safe: U.base64EncodeWebSafe('h\\u00e9llo?>'),
    decoded: U.newBlob(U.base64DecodeWebSafe(U.base64EncodeWebSafe('h\\u00e9llo?>'))).getDataAsString(),
    winter: U.formatDate(new Date(Date.UTC(2024, 0, 15, 13, 5, 9, 7)), 'America/New_York', "yyyy-MM-dd'T'HH:mm:ss.SSSXXX z EEE, d MMM"),
    summer: U.formatDate(new Date(Date.UTC(2024, 6, 15, 13, 5, 9)), 'America/New_York', 'yyyy-MM-dd HH:mm Z z'),
    tokyo: U.formatDate(new Date(Date.UTC(2024, 0, 15, 20, 0, 0)), Session.getScriptTimeZone(), 'EEEE h:mm a, D'),
    string: U.formatString('%s has %d items costing %.2f (%05d)', 'cart', 3, 9.5, 42),
    csv: U.parseCsv('name,note\\nAda,"likes ""quotes"", commas"\\n'),
    uuid: U.getUuid(),
  };
}
function badDecode() { return Utilities.base64Decode('***'); }
function badArgs() { return Utilities.formatDate('today', 'UTC', 'yyyy'); }
function notYet() { return DocumentApp.create('Budget'); }
function unknownMethod() { return Utilities.computeRsaSha256Signature('a', 'b'); }
function sleepy() { Utilities.sleep(200000); Utilities.sleep(200000); return 'woke'; }
function logs() {
  Logger.log('%s bought %d items', 'Ada', 3);
  Logger.log({ a: 1 });
  console.log('%i|%f|%j|%o|100%%', '42.9px', '1.5', { b: [2] }, 'z');
  console.warn('careful', 1, [2]);
  console.time('work'); console.timeEnd('work');
  return Logger.getLog();
}
`;

const dirs: string[] = [];
const started: RunningEmulator[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((e) => e.close()));
});
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function project(options: EmulatorOptions = {}) {
  const emulator = await startEmulator({ sandboxWorkers: 2, ...options });
  started.push(emulator);
  const source = { title: 'Services', code: CODE, manifest: MANIFEST };
  return { emulator, ...(await deployScript(appsScript(emulator), source)) };
}

type Outcome = {
  result?: unknown;
  error?: { message?: string | undefined; errorType?: string; errorMessage?: string };
};

async function run(
  emulator: RunningEmulator,
  deploymentId: string,
  fn: string,
  parameters: unknown[] = [],
  token = 'ada-token',
): Promise<Outcome> {
  const answer = await fetch(`${emulator.appsScriptUrl}/v1/scripts/${deploymentId}:run`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ function: fn, parameters }),
  });
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as {
    response?: { result?: unknown };
    error?: { message?: string; details?: { errorType?: string; errorMessage?: string }[] };
  };
  if (body.error !== undefined) return { error: { message: body.error.message, ...body.error.details?.[0] } };
  return { result: body.response?.result };
}

const java = (buffer: Buffer) => Array.from(new Int8Array(buffer.buffer, buffer.byteOffset, buffer.length));

describe('PropertiesService', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'specbound-services-'));
    dirs.push(dir);
  });

  it('keeps script properties between runs and across a restart, user properties per user, and strings only', async () => {
    const state = join(dir, 'state.db');
    const { emulator, deploymentId } = await project({ state });
    expect((await run(emulator, deploymentId, 'setProp', ['getScriptProperties', 'count', 7])).result).toBe(
      '7',
    );
    await run(emulator, deploymentId, 'setProp', ['getUserProperties', 'theme', 'dark']);
    await run(emulator, deploymentId, 'setProp', ['getUserProperties', 'theme', 'light'], 'bob-token');
    expect((await run(emulator, deploymentId, 'getProps', ['getUserProperties'])).result).toEqual({
      theme: 'dark',
    });
    expect(
      (await run(emulator, deploymentId, 'getProps', ['getUserProperties'], 'bob-token')).result,
    ).toEqual({
      theme: 'light',
    });
    expect(
      (await run(emulator, deploymentId, 'getProps', ['getScriptProperties'], 'bob-token')).result,
    ).toEqual({
      count: '7',
    });
    await emulator.close();
    started.splice(started.indexOf(emulator), 1);

    const again = await startEmulator({ state });
    started.push(again);
    expect((await run(again, deploymentId, 'getProps', ['getScriptProperties'])).result).toEqual({
      count: '7',
    });
    await run(again, deploymentId, 'setProp', ['getScriptProperties', 'other', 'x']);
    expect((await run(again, deploymentId, 'deleteProp', ['count'])).result).toEqual(['other']);
    expect((await fetch(`${again.controlUrl}/reset`, { method: 'POST' })).status).toBe(200);
  });

  it('answers at once a run that hands a service, or returns, a value nested 10,000 deep', async () => {
    // Such a value could not be cloned between the worker and the emulator's thread: V8 dropped the
    // message and the run waited for its time limit (6 minutes) instead of answering.
    const { emulator, deploymentId } = await project({ runTimeoutMs: 30_000 });
    const started = Date.now();
    const cell = await run(emulator, deploymentId, 'deepCell', [10_000]);
    expect(cell.error?.errorType ?? 'none').not.toBe('ScriptError: Exceeded maximum execution time');
    expect(cell.error?.message ?? '').not.toContain('maximum execution time');
    const result = await run(emulator, deploymentId, 'deepResult', [10_000]);
    expect(result.error).toMatchObject({ errorMessage: expect.stringContaining('nests too deep') });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect((await run(emulator, deploymentId, 'keys')).result).toEqual([]);
  }, 120_000);

  it('refuses a value past 9 KB with Google’s exception, and has no document stores for an unbound script', async () => {
    const { emulator, deploymentId } = await project();
    expect((await run(emulator, deploymentId, 'bigValue')).error).toMatchObject({
      errorType: 'Exception',
      errorMessage: 'Argument too large: value',
    });
    expect((await run(emulator, deploymentId, 'documentStores')).result).toEqual([null, null]);
  });
});

describe('CacheService and LockService', () => {
  it('caches strings for the run after, a missing key as null', async () => {
    const { emulator, deploymentId } = await project();
    expect((await run(emulator, deploymentId, 'cachePut', ['k', 12, 60])).result).toBe('12');
    expect((await run(emulator, deploymentId, 'cacheGet', [['k', 'missing']])).result).toEqual({ k: '12' });
  });

  it('serialises two runs of one project that take the script lock: no update is lost', async () => {
    const { emulator, deploymentId } = await project();
    // Each run holds the lock between its read and its write while a loopback server keeps its fetch
    // waiting 400 ms: the other run is waiting for the lock meanwhile (idle, not spinning a worker).
    const holder = createServer((_req, res) => setTimeout(() => res.end('held'), 400));
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const hold = `http://127.0.0.1:${(holder.address() as AddressInfo).port}/`;
    try {
      const [a, b] = await Promise.all([
        run(emulator, deploymentId, 'increment', [hold]),
        run(emulator, deploymentId, 'increment', [hold]),
      ]);
      expect([a.result, b.result]).toEqual([
        [true, false],
        [true, false],
      ]);
    } finally {
      holder.closeAllConnections();
      await new Promise((resolve) => holder.close(resolve));
    }
    expect((await run(emulator, deploymentId, 'getProps', ['getScriptProperties'])).result).toEqual({
      n: '2',
    });
    // The lock is given back when a run ends, released or not.
    expect((await run(emulator, deploymentId, 'tryBusyLock')).result).toBe(true);
    expect((await run(emulator, deploymentId, 'tryBusyLock')).result).toBe(true);
  });
});

describe('Utilities, Session, Logger and console', () => {
  let emulator: RunningEmulator;
  let deploymentId: string;
  beforeAll(async () => {
    ({ emulator, deploymentId } = await project({ runTimeoutMs: 300_000 }));
    started.splice(started.indexOf(emulator), 1);
  });
  afterAll(() => emulator.close());

  it('computes digests and HMACs as Java bytes, base64 in both forms, dates in IANA zones, formats and CSV', async () => {
    const { result } = await run(emulator, deploymentId, 'utilities');
    expect(result).toEqual({
      digest: java(createHash('sha256').update('hello').digest()),
      md5: java(
        createHash('md5')
          .update(Buffer.from([1, 2, 3]))
          .digest(),
      ),
      hmac: java(createHmac('sha256', 'secret').update('message').digest()),
      hmac512: java(createHmac('sha512', 'secret').update('message').digest()),
      b64: Buffer.from('héllo?>').toString('base64'),
      b64safe: Buffer.from('héllo?>').toString('base64').replace(/\+/g, '-').replace(/\//g, '_'),
      decoded: 'héllo?>',
      winter: '2024-01-15T08:05:09.007-05:00 EST Mon, 15 Jan',
      summer: '2024-07-15 09:05 -0400 EDT',
      tokyo: 'Tuesday 5:00 AM, 16',
      string: 'cart has 3 items costing 9.50 (00042)',
      csv: [
        ['name', 'note'],
        ['Ada', 'likes "quotes", commas'],
      ],
      uuid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    });
  });

  it('throws Google’s exceptions: bad base64, arguments of the wrong types, what the emulator lacks', async () => {
    expect((await run(emulator, deploymentId, 'badDecode')).error).toMatchObject({
      errorType: 'Exception',
      errorMessage: 'Could not decode string.',
    });
    expect((await run(emulator, deploymentId, 'badArgs')).error).toMatchObject({
      errorMessage:
        "The parameters (String,String,String) don't match the method signature for Utilities.formatDate.",
    });
    expect((await run(emulator, deploymentId, 'notYet')).error).toMatchObject({
      errorMessage: 'DocumentApp.create is not implemented in the emulator.',
    });
    expect((await run(emulator, deploymentId, 'unknownMethod')).error).toMatchObject({
      errorMessage: 'Utilities.computeRsaSha256Signature is not implemented in the emulator.',
    });
  });

  it('counts Utilities.sleep against the run’s time without waiting it out', async () => {
    const fast = await project({ runTimeoutMs: 300_000 });
    const began = Date.now();
    const outcome = await run(fast.emulator, fast.deploymentId, 'sleepy');
    expect(Date.now() - began).toBeLessThan(5_000);
    expect(outcome.error).toMatchObject({ errorMessage: 'Exceeded maximum execution time' });
  });

  it('answers Session from the token and the manifest', async () => {
    const { result } = await run(emulator, deploymentId, 'session', [], 'ada-token');
    const [active, effective, zone] = result as string[];
    expect(active).toMatch(/@/);
    expect(effective).toBe(active);
    expect(zone).toBe('Asia/Tokyo');
  });

  it('formats Logger and console output with the console’s substitutions, and times with console.time', async () => {
    const { result } = await run(emulator, deploymentId, 'logs');
    expect(result).toBe('Ada bought 3 items\n{"a":1}');
    const lines = (await (await fetch(`${emulator.controlUrl}/logs`)).json()) as { line: string }[];
    expect(lines.map((l) => l.line).slice(-5)).toEqual([
      'INFO Ada bought 3 items',
      'INFO {"a":1}',
      'INFO 42|1.5|{"b":[2]}|"z"|100%',
      'WARNING careful 1 [2]',
      expect.stringMatching(/^INFO work: \d+ms$/),
    ]);
  });
});

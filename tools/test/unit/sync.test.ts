import { spawnSync } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { createAppsScriptClient } from '@specbound/apps-script';
import { describe, expect, it } from 'vitest';
import { HINTS } from '../../src/cli/hints.js';
import { idempotencyKey, type SyncBatch, syncComments } from '../../src/sync/comments.js';
import { defaultSyncStatePath } from '../../src/sync/state.js';
import { useTempDir } from '../support/temp-dir.js';
import {
  clientOver,
  type FakeComment,
  type FakeProject,
  fakeBugSmash,
  fakeComment,
} from './fake-bugsmash.js';

let dir: string;
useTempDir('sync-unit-', (path) => {
  dir = path;
});

/** A fake `scripts.run` endpoint: records each batch; `fail(n)` makes the n-th call fail. */
function fakeAppsScript() {
  const received: SyncBatch[] = [];
  let calls = 0;
  const failures = new Map<number, 'network' | 'script'>();
  const fetch = async (request: Request): Promise<Response> => {
    calls++;
    const mode = failures.get(calls);
    if (mode === 'network') throw new TypeError('fetch failed');
    const body = (await request.json()) as { function: string; parameters: [SyncBatch]; devMode?: boolean };
    if (mode === 'script') {
      return Response.json({
        done: true,
        error: {
          code: 3,
          message: 'ScriptError',
          details: [
            {
              '@type': 'type.googleapis.com/google.apps.script.v1.ExecutionError',
              errorMessage: 'Sheet is full',
              errorType: 'ScriptError',
              scriptStackTraceElements: [{ function: 'appendComments', lineNumber: 2 }],
            },
          ],
        },
      });
    }
    received.push(body.parameters[0]);
    return Response.json({
      done: true,
      response: {
        '@type': 'type.googleapis.com/google.apps.script.v1.ExecutionResponse',
        result: { received: body.parameters[0].comments.length },
      },
    });
  };
  return {
    client: createAppsScriptClient({
      auth: 'unit-token-0123456789',
      baseUrl: 'https://script.test',
      fetch,
      retry: false,
    }),
    received,
    fail: (call: number, mode: 'network' | 'script') => failures.set(calls + call, mode),
    calls: () => calls,
  };
}

const project = (count: number): FakeProject => ({
  id: 'p1',
  name: 'Site',
  comments: Array.from({ length: count }, (_, i) => fakeComment(i + 1)),
});

const options = (statePath: string) => ({
  projectId: 'p1',
  target: 'AKfy-deployment',
  functionName: 'appendComments',
  batchSize: 3,
  statePath,
});

describe('syncComments', () => {
  it('sends pending comments in batches, then nothing; a change is sent once more', async () => {
    const p = project(7);
    const bugsmash = clientOver(fakeBugSmash([p]));
    const apps = fakeAppsScript();
    const statePath = join(dir, 'state.json');
    const first = await syncComments({ bugsmash, appsScript: apps.client }, options(statePath));
    expect(first).toEqual({ dryRun: false, sent: 7, batches: 3, unchanged: 0 });
    expect(apps.received.map((b) => b.comments.map((c) => c.comment_number))).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7],
    ]);
    expect(apps.received[0]?.comments[0]).toMatchObject({
      comment_id: p.comments[0]?.comment_id,
      text: 'Comment 1',
    });
    const second = await syncComments({ bugsmash, appsScript: apps.client }, options(statePath));
    expect(second).toMatchObject({ sent: 0, unchanged: 7 });
    (p.comments[4] as { updated_at: string }).updated_at = '2026-02-01T00:00:00.000000Z';
    const third = await syncComments({ bugsmash, appsScript: apps.client }, options(statePath));
    expect(third).toMatchObject({ sent: 1, unchanged: 6 });
    expect(apps.received.at(-1)?.comments.map((c) => c.comment_number)).toEqual([5]);
  });

  for (const mode of ['network', 'script'] as const) {
    it(`a ${mode} failure in the middle keeps what was acknowledged; the next run sends the rest exactly once`, async () => {
      const bugsmash = clientOver(fakeBugSmash([project(8)]));
      const apps = fakeAppsScript();
      const statePath = join(dir, 'state.json');
      apps.fail(2, mode);
      await expect(syncComments({ bugsmash, appsScript: apps.client }, options(statePath))).rejects.toThrow();
      const state = JSON.parse(await readFile(statePath, 'utf8')) as { acknowledged: Record<string, string> };
      expect(Object.keys(state.acknowledged)).toHaveLength(3);
      const resumed = await syncComments({ bugsmash, appsScript: apps.client }, options(statePath));
      expect(resumed).toMatchObject({ sent: 5, unchanged: 3 });
      const numbers = apps.received.flatMap((b) => b.comments.map((c) => c.comment_number));
      expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    });
  }

  it('dry run sends nothing and writes no state; --since narrows', async () => {
    const bugsmash = clientOver(fakeBugSmash([project(5)]));
    const apps = fakeAppsScript();
    const statePath = join(dir, 'state.json');
    const dry = await syncComments({ bugsmash }, { ...options(statePath), dryRun: true });
    expect(dry).toMatchObject({ dryRun: true, sent: 5, batches: 2 });
    expect(dry.planned?.map((b) => b.comments.length)).toEqual([3, 2]);
    expect(apps.calls()).toBe(0);
    await expect(readFile(statePath)).rejects.toMatchObject({ code: 'ENOENT' });
    const none = await syncComments(
      { bugsmash },
      { ...options(statePath), dryRun: true, since: Date.parse('2030-01-01') },
    );
    expect(none).toMatchObject({ sent: 0, batches: 0 });
  });

  it('refuses to run while a live sync holds the state, and releases the lock after a failure', async () => {
    const bugsmash = clientOver(fakeBugSmash([project(2)]));
    const apps = fakeAppsScript();
    const statePath = join(dir, 'state.json');
    // This test's own process: alive, on this host.
    await writeFile(`${statePath}.lock`, JSON.stringify({ pid: process.pid, host: hostname() }));
    await expect(
      syncComments({ bugsmash, appsScript: apps.client }, options(statePath)),
    ).rejects.toMatchObject({
      code: 'sync-locked',
      message: expect.stringMatching(`Another sync of this state is running \\(pid ${process.pid} on `),
      details: { remote: 'false' },
    });
    // A lock of another machine cannot be checked from here: refused, and the hint says so.
    await writeFile(`${statePath}.lock`, JSON.stringify({ pid: 1, host: 'build-box-7' }));
    await expect(
      syncComments({ bugsmash, appsScript: apps.client }, options(statePath)),
    ).rejects.toMatchObject({
      code: 'sync-locked',
      details: { remote: 'true', host: 'build-box-7' },
    });
    expect(HINTS['sync-locked']({ remote: 'true', host: 'build-box-7', file: 'x.lock' })).toMatch(
      /build-box-7.*delete x\.lock/,
    );
    expect(apps.calls()).toBe(0);
    await rm(`${statePath}.lock`);
    apps.fail(1, 'network');
    await expect(syncComments({ bugsmash, appsScript: apps.client }, options(statePath))).rejects.toThrow();
    const again = await syncComments({ bugsmash, appsScript: apps.client }, options(statePath));
    expect(again.sent).toBe(2);
  });

  it('takes over the lock of a dead run of this host (old pid-only lock too), with a notice', async () => {
    const bugsmash = clientOver(fakeBugSmash([project(2)]));
    const apps = fakeAppsScript();
    const statePath = join(dir, 'state.json');
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    for (const lock of [JSON.stringify({ pid: dead, host: hostname() }), `${dead}\n`]) {
      await writeFile(`${statePath}.lock`, lock);
      const notices: string[] = [];
      await syncComments(
        { bugsmash, appsScript: apps.client },
        { ...options(statePath), onNotice: (m) => notices.push(m) },
      );
      expect(notices).toEqual([
        `took over the lock of a sync that is no longer running (pid ${dead} on ${hostname()})`,
      ]);
      await expect(readFile(`${statePath}.lock`)).rejects.toMatchObject({ code: 'ENOENT' });
    }
  });

  it('sends each comment with an idempotency key per content version and each batch with an id', async () => {
    const p = project(4);
    const bugsmash = clientOver(fakeBugSmash([p]));
    const apps = fakeAppsScript();
    const statePath = join(dir, 'state.json');
    await syncComments({ bugsmash, appsScript: apps.client }, options(statePath));
    const [first] = apps.received;
    const keys = first?.comments.map((c) => c.idempotency_key) ?? [];
    expect(new Set(keys).size).toBe(3);
    expect(keys[0]).toBe(idempotencyKey('p1', p.comments[0] as FakeComment));
    expect(first?.batch_id).toMatch(/^[\w-]{22}$/);
    expect(apps.received[1]?.batch_id).not.toBe(first?.batch_id);
    (p.comments[0] as { updated_at: string }).updated_at = '2026-02-01T00:00:00.000000Z';
    (p.comments[0] as { comment: string }).comment = 'Edited';
    await syncComments({ bugsmash, appsScript: apps.client }, options(statePath));
    expect(apps.received.at(-1)?.comments[0]?.idempotency_key).not.toBe(keys[0]);
    expect(apps.received.at(-1)?.comments[0]?.idempotency_key).toBe(
      idempotencyKey('p1', p.comments[0] as FakeComment),
    );
  });

  it('a run stopped after a batch went and before its answer re-sends that batch first, as it was', async () => {
    const bugsmash = clientOver(fakeBugSmash([project(7)]));
    const apps = fakeAppsScript();
    const statePath = join(dir, 'state.json');
    // A kill between the send and the acknowledgement leaves the batch named in flight.
    apps.fail(2, 'network');
    await expect(syncComments({ bugsmash, appsScript: apps.client }, options(statePath))).rejects.toThrow();
    const state = JSON.parse(await readFile(statePath, 'utf8')) as { inFlight?: SyncBatch };
    expect(state.inFlight?.comments.map((c) => c.comment_number)).toEqual([4, 5, 6]);
    const notices: string[] = [];
    const resumed = await syncComments(
      { bugsmash, appsScript: apps.client },
      { ...options(statePath), onNotice: (m) => notices.push(m) },
    );
    expect(resumed).toMatchObject({ sent: 4, batches: 2, unchanged: 3 });
    expect(apps.received[1]).toEqual(state.inFlight);
    expect(notices).toEqual([expect.stringMatching(/^re-sending batch \S+ \(3 comment\(s\)\), in flight/)]);
    const after = JSON.parse(await readFile(statePath, 'utf8')) as { inFlight?: SyncBatch };
    expect(after.inFlight).toBeUndefined();
  });

  it('keeps its state under the user state directory, one file per project, script and function', () => {
    const key = { projectId: 'p1', target: 'AKfy', functionName: 'appendComments' };
    const path = defaultSyncStatePath(key, { XDG_STATE_HOME: '/xdg/state', HOME: '/home/ada' });
    expect(path).toMatch(/^\/xdg\/state\/specbound\/sync\/p1-[0-9a-f]{16}\.json$/);
    expect(defaultSyncStatePath(key, { XDG_STATE_HOME: 'relative', HOME: '/home/ada' })).toMatch(
      /^\/home\/ada\/\.local\/state\/specbound\/sync\//,
    );
    expect(defaultSyncStatePath(key, { SPECBOUND_STATE_DIR: '/s', HOME: '/h' })).toMatch(/^\/s\/sync\//);
    const others = [
      { ...key, projectId: 'p2' },
      { ...key, target: 'AKfz' },
      { ...key, functionName: 'other' },
    ].map((k) => defaultSyncStatePath(k, { XDG_STATE_HOME: '/xdg/state' }));
    expect(new Set([path, ...others]).size).toBe(4);
  });

  it('refuses a state of another project or function, and a corrupt one, before sending anything', async () => {
    const bugsmash = clientOver(fakeBugSmash([project(2)]));
    const apps = fakeAppsScript();
    const statePath = join(dir, 'state.json');
    await syncComments({ bugsmash, appsScript: apps.client }, options(statePath));
    await expect(
      syncComments({ bugsmash, appsScript: apps.client }, { ...options(statePath), functionName: 'other' }),
    ).rejects.toThrow(/belongs to project p1/);
    await writeFile(statePath, '{ not json');
    await expect(syncComments({ bugsmash, appsScript: apps.client }, options(statePath))).rejects.toThrow(
      /not valid JSON/,
    );
    expect(apps.calls()).toBe(1);
  });
});

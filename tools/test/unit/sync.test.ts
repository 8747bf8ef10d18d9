import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppsScriptClient } from '@specbound/apps-script';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SyncBatch, syncComments } from '../../src/sync/comments.js';
import { clientOver, type FakeProject, fakeBugSmash, fakeComment } from './fake-bugsmash.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sync-unit-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
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

  it('refuses to run while another sync holds the state, and releases the lock after a failure', async () => {
    const bugsmash = clientOver(fakeBugSmash([project(2)]));
    const apps = fakeAppsScript();
    const statePath = join(dir, 'state.json');
    await writeFile(`${statePath}.lock`, '4242\n');
    await expect(syncComments({ bugsmash, appsScript: apps.client }, options(statePath))).rejects.toThrow(
      /Another sync of this state is running \(pid 4242\)/,
    );
    expect(apps.calls()).toBe(0);
    await rm(`${statePath}.lock`);
    apps.fail(1, 'network');
    await expect(syncComments({ bugsmash, appsScript: apps.client }, options(statePath))).rejects.toThrow();
    const again = await syncComments({ bugsmash, appsScript: apps.client }, options(statePath));
    expect(again.sent).toBe(2);
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

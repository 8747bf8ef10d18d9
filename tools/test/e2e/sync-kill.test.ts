// `sync comments` killed with SIGKILL, again and again: 25 runs of the real bin, each killed a random
// moment (seeded, so a failure replays) after it reported its 1st to 3rd acknowledged batch, so every
// kill lands inside a sync whatever the machine's speed, then a run left to finish. The receiving function
// logs every comment it is given with its idempotency key; dropping keys it has seen (what the
// documented three lines do) must leave each comment exactly once, and no kill may leave a lock that
// stops the next run. Each kill may re-send at most the batch in flight.
import { spawn } from 'node:child_process';
import { createAppsScriptClient } from '@specbound/apps-script';
import { createBugSmashClient } from '@specbound/bugsmash';
import { DEFAULT_BUGSMASH_API_KEY } from '@specbound/emulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { control, seed } from './bs-helpers.js';
import { BIN, E2E_TOKEN, type Harness, startHarness } from './harness.js';

const COMMENTS = 500;
const BATCH = 5;
const KILLS = 25;

const RECEIVER = `function appendComments(batch) {
  batch.comments.forEach(function (c) { Logger.log('row ' + c.idempotency_key + ' ' + c.comment_id); });
  return { received: batch.comments.length };
}`;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** A small seeded generator (mulberry32), so the kill times replay. */
function random(seedValue: number): () => number {
  let a = seedValue;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Exit {
  code: number | null;
  killed: boolean;
  stderr: string;
}

/** When to kill a run: `ms` after it reported its `batches`-th acknowledged batch on stderr. */
interface KillAt {
  batches: number;
  ms: number;
}

function runSync(args: string[], env: Record<string, string>, kill?: KillAt): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let timer: NodeJS.Timeout | undefined;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const acknowledged = stderr.match(/acknowledged by/g)?.length ?? 0;
      if (kill !== undefined && timer === undefined && acknowledged >= kill.batches)
        timer = setTimeout(() => child.kill('SIGKILL'), kill.ms);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, killed: signal === 'SIGKILL', stderr });
    });
  });
}

async function setUp() {
  await seed(h);
  const bugs = createBugSmashClient({ apiKey: DEFAULT_BUGSMASH_API_KEY, baseUrl: h.emulator.bugsmashUrl });
  const project = (await bugs.projects.list({})).data.find((p) => p.type === 'website') as { id: string };
  const before = (await bugs.comments.list({ projectId: project.id })).data.length;
  for (let i = before; i < COMMENTS; i++)
    await control(h, 'POST', '/bugsmash/comments', { projectId: project.id, text: `Comment ${i}` });
  const ids = (await bugs.comments.list({ projectId: project.id })).data.map((c) => c.comment_id);
  const apps = createAppsScriptClient({ auth: E2E_TOKEN, baseUrl: h.emulator.appsScriptUrl });
  const { scriptId } = await apps.projects.create({ title: 'Receiver' });
  await apps.projects.updateContent({
    scriptId: scriptId as string,
    files: [
      {
        name: 'appsscript',
        type: 'JSON',
        source: '{"timeZone":"Etc/UTC","runtimeVersion":"V8","executionApi":{"access":"MYSELF"}}',
      },
      { name: 'Code', type: 'SERVER_JS', source: RECEIVER },
    ],
  });
  return { projectId: project.id, scriptId: scriptId as string, ids };
}

it(`${KILLS} kill -9 during a ${COMMENTS}-comment sync, then a final run: each comment exactly once by key`, async () => {
  const { projectId, scriptId, ids: expected } = await setUp();
  expect(expected).toHaveLength(COMMENTS);
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NO_COLOR: '1',
    XDG_STATE_HOME: await h.tempDir(),
    SPECBOUND_CONFIG_DIR: await h.tempDir(),
    SPECBOUND_APPS_SCRIPT_URL: h.emulator.appsScriptUrl,
    SPECBOUND_BUGSMASH_URL: h.emulator.bugsmashUrl,
    SPECBOUND_GOOGLE_TOKEN: E2E_TOKEN,
    SPECBOUND_BUGSMASH_API_KEY: DEFAULT_BUGSMASH_API_KEY,
  };
  const args = ['sync', 'comments', projectId, '--script', scriptId, '--function', 'appendComments'];
  args.push('--dev-mode', '--batch-size', String(BATCH));
  const next = random(25);
  let killed = 0;
  let tookOver = 0;
  // Bounded: a run that ends before its kill counts as a run, not a kill.
  for (let run = 0; killed < KILLS && run < KILLS * 2; run++) {
    const exit = await runSync(args, env, {
      batches: 1 + Math.floor(next() * 3),
      ms: Math.floor(next() * 20),
    });
    expect(exit.stderr, `run ${run}`).not.toMatch(/Another sync of this state is running/);
    if (/took over the lock/.test(exit.stderr)) tookOver++;
    if (exit.killed) killed++;
    else expect(exit.code, exit.stderr).toBe(0);
  }
  expect(killed).toBe(KILLS);
  expect(tookOver).toBeGreaterThan(0);
  const last = await runSync([...args, '--json'], env);
  expect(last.code, last.stderr).toBe(0);

  const logs = (await control(h, 'GET', '/logs')) as { scriptId: string; line: string }[];
  const deliveries = logs
    .filter((entry) => entry.scriptId === scriptId)
    .map((entry) => /row (\S+) (\S+)/.exec(entry.line))
    .filter((m) => m !== null)
    .map((m) => ({ key: m[1] as string, id: m[2] as string }));
  // The receiver's dedupe: first delivery of a key wins.
  const byKey = new Map<string, string>();
  for (const d of deliveries) if (!byKey.has(d.key)) byKey.set(d.key, d.id);
  const ids = [...byKey.values()];
  expect(new Set(ids).size).toBe(COMMENTS);
  expect(ids).toHaveLength(COMMENTS);
  expect(new Set(ids)).toEqual(new Set(expected));
  // What was sent twice is bounded by the batches in flight at each kill.
  expect(deliveries.length - COMMENTS).toBeLessThanOrEqual(killed * BATCH);
}, 120_000);

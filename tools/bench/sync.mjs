// `syncComments` of 10 000 comments (batches of 100) to an Apps Script function run by the emulator
// (in this process, on loopback), against the peer "send-only": the same 100 `scripts.run` calls with
// the same batches, but no state, no lock and no in-flight record (what exactly-once costs is the
// difference). A fixed 100 calls per subject per round, rounds alternating the order; figures:
// comments/s of each, and the median of the per-round ratios with min and max. Every sync round must
// send all 10 000 (a fresh state each round). Writes tools/bench/sync-results.md.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppsScriptClient } from '@specbound/apps-script';
import { createBugSmashClient } from '@specbound/bugsmash';
import { DEFAULT_BUGSMASH_API_KEY, startEmulator } from '@specbound/emulator';
import { syncComments } from '../dist/sync/comments.js';
import { median } from './stats.mjs';

const COMMENTS = Number(process.env.SYNC_BENCH_COMMENTS ?? 10_000);
const BATCH = 100;
const ROUNDS = Number(process.env.SYNC_BENCH_ROUNDS ?? 3);
const here = dirname(fileURLToPath(import.meta.url));

const emulator = await startEmulator({ port: 0, runTimeoutMs: 30_000 });
const dir = await mkdtemp(join(tmpdir(), 'sync-bench-'));
const range = (values) =>
  `${median(values).toFixed(2)} (min ${Math.min(...values).toFixed(2)}, max ${Math.max(...values).toFixed(2)})`;

try {
  const control = (path, body) =>
    fetch(`${emulator.controlUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    }).then((r) => {
      if (!r.ok) throw new Error(`${path}: ${r.status}`);
    });
  await control('/reset?seed=demo');
  const bugsmash = createBugSmashClient({ apiKey: DEFAULT_BUGSMASH_API_KEY, baseUrl: emulator.bugsmashUrl });
  const projectId = String((await bugsmash.projects.list({})).data[0].id);
  const have = (await bugsmash.comments.list({ projectId })).data.length;
  for (let i = have; i < COMMENTS; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, COMMENTS - i) }, (_, k) =>
        control('/bugsmash/comments', { projectId, text: `Bench comment ${i + k}` }),
      ),
    );
  }
  const appsScript = createAppsScriptClient({
    auth: 'bench-google-token-0123456789',
    baseUrl: emulator.appsScriptUrl,
  });
  const { scriptId } = await appsScript.projects.create({ title: 'Sync bench' });
  await appsScript.projects.updateContent({
    scriptId,
    files: [
      {
        name: 'appsscript',
        type: 'JSON',
        source: '{"timeZone":"Etc/UTC","runtimeVersion":"V8","executionApi":{"access":"MYSELF"}}',
      },
      {
        name: 'Code',
        type: 'SERVER_JS',
        source: 'function appendComments(batch) { return { received: batch.comments.length }; }',
      },
    ],
  });
  const options = (statePath) => ({
    projectId,
    target: scriptId,
    functionName: 'appendComments',
    devMode: true,
    batchSize: BATCH,
    statePath,
  });

  const subjects = [
    {
      name: 'syncComments (state, lock, in-flight record)',
      async run(round) {
        const result = await syncComments(
          { bugsmash, appsScript },
          options(join(dir, `state-${round}.json`)),
        );
        if (result.sent !== COMMENTS) throw new Error(`sync sent ${result.sent}, not ${COMMENTS}`);
      },
    },
    {
      name: 'send-only peer (same calls, no state)',
      async run() {
        const { data } = await bugsmash.comments.list({ projectId, plainText: true, locationMetadata: true });
        for (let i = 0; i < data.length; i += BATCH) {
          const comments = data.slice(i, i + BATCH);
          await appsScript.scripts.run({
            deploymentId: scriptId,
            function: 'appendComments',
            parameters: [{ projectId, batch: i / BATCH + 1, comments }],
            devMode: true,
          });
        }
      },
    },
  ];
  const perSecond = subjects.map(() => []);
  const ratios = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    const seconds = [];
    for (const i of order) {
      const started = process.hrtime.bigint();
      await subjects[i].run(round);
      seconds[i] = Number(process.hrtime.bigint() - started) / 1e9;
      perSecond[i].push(COMMENTS / seconds[i]);
      console.error(
        `round ${round + 1}: ${subjects[i].name}: ${(COMMENTS / seconds[i]).toFixed(0)} comments/s`,
      );
    }
    ratios.push(seconds[1] / seconds[0]);
  }
  const text = `# Comment sync (tools/bench/sync.mjs)

\`syncComments\` of **${COMMENTS.toLocaleString('en')} comments** in batches of ${BATCH} (${COMMENTS / BATCH} \`scripts.run\` calls, dev mode) to
a function run by the emulator in the same process on loopback, against a send-only peer: the same calls
with the same batches but no state file, no lock and no in-flight record. ${ROUNDS} rounds, order alternating,
a fresh state each round (every sync round sends all ${COMMENTS.toLocaleString('en')}).

| subject | comments/s (median) | min | max |
|---|---|---|---|
${subjects.map((s, i) => `| ${s.name} | ${median(perSecond[i]).toFixed(0)} | ${Math.min(...perSecond[i]).toFixed(0)} | ${Math.max(...perSecond[i]).toFixed(0)} |`).join('\n')}

- Throughput, sync ÷ send-only: **${range(ratios)}×**. The difference is the exactly-once bookkeeping: two
  atomic state writes (temporary file, fsync, rename) per batch, the lock and the idempotency keys.
- Budget: ≥ 500 comments/s — ${median(perSecond[0]) >= 500 ? 'met' : 'NOT met'}.
`;
  await writeFile(join(here, 'sync-results.md'), text);
  console.log(text);
} finally {
  await rm(dir, { recursive: true, force: true });
  await emulator.close();
}

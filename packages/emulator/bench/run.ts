// Emulator benchmarks, driven through the real clients; figures go to bench/results.md.
//  1. requests/s of projects.get, against the emulator and against a bare node:http server answering a
//     fixed Project (the floor: what validation, routing and state cost on top of HTTP + the client);
//  2. requests/s of scripts.run of a small function (a fresh QuickJS context per run, in worker threads);
//  3. memory while paging through 10 000 and 100 000 processes (each size in its own child process).
//  4. under abuse (bench/abuse.ts): small-write latency with 0 and 32 MB of uploads stored, and runs/s
//     with 0 and 4 runaway scripts in flight;
//  5. start time on a state database of 10 000 comments against an empty one (bench/start.ts);
//  6. the Apps Script runtime: warm scripts.run latency against projects.get, and host memory over
//     10 000 runs (bench/runtime.ts);
//  7. SpreadsheetApp: getValues + setValues of a 10,000 × 10 range against a trivial run (bench/spreadsheets.ts).
// Run: `pnpm --filter @specbound/emulator bench` (needs the clients and the emulator built);
// `node bench/run.ts --runtime` prints the runtime section alone.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { createAppsScriptClient } from '@specbound/apps-script';
import { type StateDocument, startEmulator } from '../src/index.ts';
import { emptyState } from '../src/state.ts';
import { deployScript } from '../test/helpers.ts';
import { abuse, abuseReport } from './abuse.ts';
import { type HostMemory, hostMemory, type Workload } from './host-memory.ts';
import { inProcessBench, inProcessReport } from './in-process.ts';
import { type RuntimeFigures, runtimeLatency, runtimeReport } from './runtime.ts';
import { type SpreadsheetFigures, spreadsheetBench, spreadsheetReport } from './spreadsheets.ts';
import { startReport, startTimes } from './start.ts';

const TOKEN = 'bench-token';

/** Runs `task` from `concurrency` loops for `ms`; returns completed calls per second. */
async function throughput(task: () => Promise<unknown>, concurrency: number, ms: number): Promise<number> {
  const end = Date.now() + ms;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        await task();
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

async function speed(): Promise<{ getEmu: number; getBare: number; run: number }> {
  const emulator = await startEmulator({ runTimeoutMs: 10_000 });
  const client = createAppsScriptClient({ auth: TOKEN, baseUrl: emulator.appsScriptUrl, retry: false });
  const { scriptId, deploymentId } = await deployScript(client, {
    title: 'Bench',
    manifest: '{"runtimeVersion":"V8","executionApi":{"access":"MYSELF"}}',
    code: 'function add(a, b) { return a + b; }',
  });
  const project = await client.projects.get({ scriptId });

  // Warm up, then measure.
  await throughput(() => client.projects.get({ scriptId }), 8, 1_000);
  const getEmu = await throughput(() => client.projects.get({ scriptId }), 8, 4_000);
  await throughput(() => client.scripts.run({ deploymentId, function: 'add', parameters: [1, 2] }), 4, 1_000);
  const run = await throughput(
    () => client.scripts.run({ deploymentId, function: 'add', parameters: [1, 2] }),
    4,
    4_000,
  );
  await emulator.close();

  const body = JSON.stringify(project);
  const bare = createServer((req, res) => {
    req.resume();
    res.writeHead(200, {
      'content-type': 'application/json; charset=UTF-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareClient = createAppsScriptClient({
    auth: TOKEN,
    baseUrl: `http://127.0.0.1:${(bare.address() as AddressInfo).port}`,
    retry: false,
  });
  await throughput(() => bareClient.projects.get({ scriptId }), 8, 1_000);
  const getBare = await throughput(() => bareClient.projects.get({ scriptId }), 8, 4_000);
  bare.close();
  bare.closeAllConnections();
  return { getEmu, getBare, run };
}

const MB = 1024 * 1024;

/** Child mode: load `count` processes, page through all of them, report memory as JSON on stdout. */
async function memory(count: number): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const doc: StateDocument = emptyState();
  const start = Date.now() - count * 1000;
  for (let i = 0; i < count; i++) {
    doc.appsScript.processes.push({
      scriptId: `script-${i % 20}`,
      projectName: `Project ${i % 20}`,
      functionName: ['sendInvoices', 'nightlyReport', 'sync'][i % 3] ?? 'sync',
      processType: 'EXECUTION_API',
      processStatus: i % 7 === 0 ? 'FAILED' : 'COMPLETED',
      userAccessLevel: 'OWNER',
      user: 'bench@example.com',
      startTime: new Date(start + i * 1000).toISOString(),
      durationMs: 100 + (i % 900),
      runtimeVersion: 'V8',
    });
  }
  doc.appsScript.tokens[TOKEN] = 'bench@example.com';
  const emulator = await startEmulator({ state: doc });
  doc.appsScript.processes.length = 0;
  gc?.();
  const loaded = process.memoryUsage();
  // Retained memory is what matters: sample it after a collection every 50 pages, so garbage V8 has
  // not collected yet does not count; RSS is sampled continuously.
  // Typed-array columns live outside the JS heap, so array buffers are counted with it.
  const retained = (m: NodeJS.MemoryUsage) => m.heapUsed + m.arrayBuffers;
  let peakRetained = retained(loaded);
  let peakRss = loaded.rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  const client = createAppsScriptClient({ auth: TOKEN, baseUrl: emulator.appsScriptUrl, retry: false });
  const started = performance.now();
  let seen = 0;
  for await (const _ of client.processes.iterate({ pageSize: 100 })) {
    seen++;
    if (seen % 5_000 === 0 && gc !== undefined) {
      gc();
      peakRetained = Math.max(peakRetained, retained(process.memoryUsage()));
    }
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await emulator.close();
  if (seen !== count) throw new Error(`paged ${seen} of ${count} processes`);
  process.stdout.write(
    JSON.stringify({
      count,
      seconds,
      loadedHeapMb: retained(loaded) / MB,
      peakRetainedMb: peakRetained / MB,
      rssBeforeMb: loaded.rss / MB,
      peakRssMb: peakRss / MB,
    }),
  );
}

interface MemoryFigures {
  count: number;
  seconds: number;
  loadedHeapMb: number;
  peakRetainedMb: number;
  rssBeforeMb: number;
  peakRssMb: number;
}

/** Host memory over 10,000 runs in HOST_MEMORY_PROCESSES fresh emulator processes, one after another. */
const HOST_MEMORY_PROCESSES = 3;

async function hostMemoryRuns(): Promise<Pick<RuntimeFigures, 'host' | 'peer' | 'load'>> {
  const loads = () =>
    loadavg()
      .map((x) => x.toFixed(1))
      .join(', ');
  const before = loads();
  const host: HostMemory[] = [];
  const peer: HostMemory[] = [];
  for (let i = 0; i < HOST_MEMORY_PROCESSES; i++) {
    // Alternate which goes first: the peer is the same number of `projects.get` calls, no sandbox.
    const pair: Workload[] = i % 2 === 0 ? ['runs', 'get'] : ['get', 'runs'];
    for (const workload of pair) (workload === 'get' ? peer : host).push(await hostMemory(workload));
  }
  return { host, peer, load: `${before} before, ${loads()} after` };
}

async function main(): Promise<void> {
  const memoryArg = process.argv.indexOf('--memory');
  if (memoryArg >= 0) return memory(Number(process.argv[memoryArg + 1]));
  // The runtime's section alone (printed, results.md untouched), to measure it again by itself.
  if (process.argv.includes('--runtime')) {
    const runtime = { ...(await runtimeLatency()), ...(await hostMemoryRuns()) };
    console.log(runtimeReport(runtime).join('\n'));
    return;
  }

  const s = await speed();
  const sheets: SpreadsheetFigures = await spreadsheetBench();
  const abused = await abuse();
  const starts = await startTimes();
  const inProcess = await inProcessBench();
  const runtime: RuntimeFigures = { ...(await runtimeLatency()), ...(await hostMemoryRuns()) };
  const mem = [10_000, 100_000].map(
    (count) =>
      JSON.parse(
        execFileSync(
          process.execPath,
          ['--expose-gc', new URL(import.meta.url).pathname, '--memory', String(count)],
          {
            encoding: 'utf8',
            maxBuffer: 16 * MB,
          },
        ),
      ) as MemoryFigures,
  );
  const f = (n: number, d = 0) => n.toFixed(d);
  const lines = [
    '# @specbound/emulator benchmarks',
    '',
    `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}; client and emulator in one process over loopback, through \`@specbound/apps-script\`.`,
    '',
    '| measure | result |',
    '|---|---|',
    `| \`projects.get\`, emulator (8 concurrent) | ${f(s.getEmu)} req/s |`,
    `| \`projects.get\`, bare node:http answering a fixed Project (8 concurrent) | ${f(s.getBare)} req/s |`,
    `| emulator / bare ratio | ${f(s.getEmu / s.getBare, 2)} |`,
    `| \`scripts.run\` of \`add(1, 2)\` (4 concurrent, 2 sandbox workers) | ${f(s.run)} runs/s |`,
    '',
    'Paging every process with `processes.iterate({ pageSize: 100 })` (each size in a fresh process, `--expose-gc`):',
    '',
    '| processes | heap + array buffers after load | peak retained while paging | RSS before paging | peak RSS while paging | paging time |',
    '|---|---|---|---|---|---|',
    ...mem.map(
      (m) =>
        `| ${m.count.toLocaleString('en')} | ${f(m.loadedHeapMb, 1)} MB | ${f(m.peakRetainedMb, 1)} MB | ${f(m.rssBeforeMb, 1)} MB | ${f(m.peakRssMb, 1)} MB | ${f(m.seconds, 1)} s |`,
    ),
    '',
    'Retained figures are heap plus array buffers after a forced GC; RSS also holds what loading the',
    'state document (100 000 JSON objects, validated) touched once, which V8 does not hand back, and',
    "SQLite's own memory.",
    '',
    'Processes live in a table of an in-memory SQLite database, outside the JavaScript heap, and a page is',
    'one query below a cursor (`LIMIT` page size + 1), so the heap stays flat as the count grows.',
    '',
    ...abuseReport(abused),
    ...startReport(starts),
    ...inProcessReport(inProcess),
    ...runtimeReport(runtime),
    ...spreadsheetReport(sheets),
  ];
  const text = lines.join('\n');
  writeFileSync(new URL('./results.md', import.meta.url), text);
  console.log(text);
}

await main();

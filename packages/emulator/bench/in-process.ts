// Issue 26's budgets, measured in one run against their peers:
//  1. req/s of `projects.get` through @specbound/apps-script over the in-process fetch against the
//     same client over loopback HTTP to the emulator (goal ≥ 2×);
//  2. the time of reset() to a fresh state after a test's worth of writes (goal ≤ 5 ms);
//  3. what `report`-mode validation costs a call of `projects.get` and `comments.list` (goal ≤ 15 %),
//     over loopback HTTP to the emulator (a call's real transport).
// Each comparison: warm-up, then ROUNDS rounds of a fixed number of calls per contender, the
// contenders' order rotating every round; the result is the median of per-round ratios (min–max).
// Run alone: `node bench/in-process.ts` (prints the section); `bench/run.ts` includes it.
import { createAppsScriptClient } from '@specbound/apps-script';
import { validatingFetch as appsValidating } from '@specbound/apps-script/validate';
import { createBugSmashClient } from '@specbound/bugsmash';
import { validatingFetch as bugsValidating } from '@specbound/bugsmash/validate';
import { createEmulatorFetch } from '../src/fetch.ts';
import { DEFAULT_BUGSMASH_API_KEY, startEmulator } from '../src/index.ts';
import { median } from './stats.ts';

const ROUNDS = 15;
const CALLS = 400;
const CONCURRENCY = 8;

type Contender = { name: string; call: () => Promise<unknown> };

/** Seconds for `calls` calls of `call` from CONCURRENCY loops. */
async function timed(call: () => Promise<unknown>, calls: number, concurrency: number): Promise<number> {
  let left = calls;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) await call();
    }),
  );
  return (performance.now() - started) / 1000;
}

/** Per-round seconds of each contender, order rotating every round. */
async function rounds(contenders: Contender[], concurrency = CONCURRENCY): Promise<number[][]> {
  for (const c of contenders) await timed(c.call, CALLS, concurrency);
  const seconds = contenders.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < contenders.length; k++) {
      const index = (k + round) % contenders.length;
      const contender = contenders[index] as Contender;
      (seconds[index] as number[]).push(await timed(contender.call, CALLS, concurrency));
    }
  }
  return seconds;
}

export interface InProcessFigures {
  inProcessRps: number;
  httpRps: number;
  speedup: [number, number, number];
  httpFetchRps: number;
  speedupFetch: [number, number, number];
  resetMs: [number, number, number];
  validation: { operation: string; plainMs: number; reportMs: number; overhead: [number, number, number] }[];
}

function ratios(a: number[], b: number[]): [number, number, number] {
  const r = a.map((value, i) => value / (b[i] as number));
  return [median(r), Math.min(...r), Math.max(...r)];
}

export async function inProcessBench(): Promise<InProcessFigures> {
  const inProcess = await createEmulatorFetch();
  const http = await startEmulator();
  const seedApps = async (client: ReturnType<typeof createAppsScriptClient>) =>
    String((await client.projects.create({ title: 'Bench' })).scriptId);
  const viaFetch = createAppsScriptClient({ auth: 'bench', fetch: inProcess.fetch, retry: false });
  const viaHttp = createAppsScriptClient({ auth: 'bench', baseUrl: http.appsScriptUrl, retry: false });
  // The runtime's fetch, which issue 21 makes every client's transport again.
  const viaHttpFetch = createAppsScriptClient({
    auth: 'bench',
    baseUrl: http.appsScriptUrl,
    retry: false,
    fetch: (request) => fetch(request),
  });
  const fetchId = await seedApps(viaFetch);
  const httpId = await seedApps(viaHttp);
  const [inProc, overHttp, overHttpFetch] = await rounds([
    { name: 'in-process', call: () => viaFetch.projects.get({ scriptId: fetchId }) },
    { name: 'http', call: () => viaHttp.projects.get({ scriptId: httpId }) },
    { name: 'http, runtime fetch', call: () => viaHttpFetch.projects.get({ scriptId: httpId }) },
  ]);

  // Fresh state after what a test typically writes: 5 projects with content.
  const resets: number[] = [];
  for (let i = 0; i < 200; i++) {
    for (let p = 0; p < 5; p++) await viaFetch.projects.create({ title: `t${p}` });
    const started = performance.now();
    await inProcess.reset();
    resets.push(performance.now() - started);
  }

  // Validation: the same call plain and through validatingFetch in report mode.
  const noop = () => {};
  // The baseline is validatingFetch in `off` mode: the same transport (the runtime's fetch), no checks.
  const appsPlain = createAppsScriptClient({
    auth: 'bench',
    baseUrl: http.appsScriptUrl,
    retry: false,
    fetch: appsValidating({ mode: 'off' }),
  });
  const appsReport = createAppsScriptClient({
    auth: 'bench',
    baseUrl: http.appsScriptUrl,
    retry: false,
    fetch: appsValidating({ mode: 'report', onReport: noop }),
  });
  const bugsPlain = createBugSmashClient({
    apiKey: DEFAULT_BUGSMASH_API_KEY,
    baseUrl: http.bugsmashUrl,
    retry: false,
    fetch: bugsValidating({ mode: 'off' }),
  });
  const bugsReport = createBugSmashClient({
    apiKey: DEFAULT_BUGSMASH_API_KEY,
    baseUrl: http.bugsmashUrl,
    retry: false,
    fetch: bugsValidating({ mode: 'report', onReport: noop }),
  });
  const projectId = await seedComments(http.controlUrl, http.bugsmashUrl);
  const validation = [];
  for (const [operation, plain, report] of [
    [
      'projects.get',
      () => appsPlain.projects.get({ scriptId: httpId }),
      () => appsReport.projects.get({ scriptId: httpId }),
    ],
    [
      'comments.list',
      () => bugsPlain.comments.list({ projectId }),
      () => bugsReport.comments.list({ projectId }),
    ],
  ] as const) {
    // One call at a time: the cost of validation in a call's own time, not in a queue's.
    const [p, r] = await rounds(
      [
        { name: 'plain', call: plain },
        { name: 'report', call: report },
      ],
      1,
    );
    const overhead = ratios(r as number[], p as number[]).map((x) => x - 1) as [number, number, number];
    validation.push({
      operation,
      plainMs: (median(p as number[]) / CALLS) * 1000,
      reportMs: (median(r as number[]) / CALLS) * 1000,
      overhead,
    });
  }
  await inProcess.close();
  await http.close();
  return {
    inProcessRps: CALLS / median(inProc as number[]),
    httpRps: CALLS / median(overHttp as number[]),
    speedup: ratios(overHttp as number[], inProc as number[]),
    httpFetchRps: CALLS / median(overHttpFetch as number[]),
    speedupFetch: ratios(overHttpFetch as number[], inProc as number[]),
    resetMs: [median(resets), Math.min(...resets), Math.max(...resets)],
    validation,
  };
}

/** A project with 20 comments, made through the control API (comments have no public create). */
async function seedComments(controlUrl: string, bugsmashUrl: string): Promise<string> {
  const client = createBugSmashClient({
    apiKey: DEFAULT_BUGSMASH_API_KEY,
    baseUrl: bugsmashUrl,
    retry: false,
  });
  const project = await client.projects.create({
    projectName: 'Bench',
    projectType: 'pdf',
    file: { data: new TextEncoder().encode('%PDF-1.4'), filename: 'b.pdf', contentType: 'application/pdf' },
  });
  const projectId = String(project.id);
  for (let i = 0; i < 20; i++) {
    const added = await fetch(`${controlUrl}/bugsmash/comments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ projectId, text: `Comment ${i}` }),
    });
    if (added.status !== 201)
      throw new Error(`seeding a comment failed: ${added.status} ${await added.text()}`);
  }
  return projectId;
}

const range = ([m, lo, hi]: [number, number, number], digits = 2, unit = '×') =>
  `**${m.toFixed(digits)}${unit}** (${lo.toFixed(digits)}–${hi.toFixed(digits)})`;
const percent = ([m, lo, hi]: [number, number, number]) =>
  `**${(m * 100).toFixed(1)} %** (${(lo * 100).toFixed(1)} – ${(hi * 100).toFixed(1)} %)`;

export function inProcessReport(f: InProcessFigures): string[] {
  return [
    '',
    '### In-process fetch, fresh state and response validation (issue 26)',
    '',
    `\`projects.get\` through \`@specbound/apps-script\`, ${CONCURRENCY} concurrent; ${ROUNDS} rounds of ${CALLS} calls per contender, order rotating each round; ratios are medians of per-round ratios (min–max).`,
    '',
    '| measure | result | goal |',
    '|---|---|---|',
    `| in-process fetch | ${f.inProcessRps.toFixed(0)} req/s | |`,
    `| HTTP emulator on loopback | ${f.httpRps.toFixed(0)} req/s | |`,
    `| in-process / HTTP | ${range(f.speedup)} | ≥ 2×: ${f.speedup[0] >= 2 ? 'met' : 'not met'} |`,
    `| HTTP emulator on loopback, client on the runtime's fetch | ${f.httpFetchRps.toFixed(0)} req/s | |`,
    `| in-process / HTTP on the runtime's fetch | ${range(f.speedupFetch)} | ≥ 2×: ${f.speedupFetch[0] >= 2 ? 'met' : 'not met'} |`,
    `| \`reset()\` after 5 writes (200 times) | ${range(f.resetMs, 2, ' ms')} | ≤ 5 ms: ${f.resetMs[0] <= 5 ? 'met' : 'not met'} |`,
    ...f.validation.map(
      (v) =>
        `| \`${v.operation}\` over HTTP, one call at a time, report-mode validation cost against \`off\` (${v.plainMs.toFixed(2)} → ${v.reportMs.toFixed(2)} ms a call) | ${percent(v.overhead)} | ≤ 15 %: ${v.overhead[0] <= 0.15 ? 'met' : 'not met'} |`,
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`)
  console.log(inProcessReport(await inProcessBench()).join('\n'));

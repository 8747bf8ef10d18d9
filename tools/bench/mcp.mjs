// `specbound mcp` budgets (issue 27), every figure measured in this run on this machine:
// 1. Ready: spawn to the answer of `initialize` over stdio, against the peer `clasp mcp` (clasp 3's
//    experimental server), ROUNDS rounds, the order alternating each round. Budget ≤ 300 ms.
// 2. A read tool call against the emulator adds ≤ 10 ms to the client call it wraps: per round, CALLS
//    calls of `bs_get_project` through the server (stdio) and CALLS calls of `projects.get` of the
//    BugSmash client to the same emulator, order alternating; the figure is the median of the
//    per-round differences per call, with min and max. (Not a list tool: the server keeps a fetched
//    list for a minute, which would hide the call it wraps.)
// 3. A 5,000-comment project: the first `bs_list_comments` answer stays under the answer budget and
//    says which offset comes next; paging through gives every comment once.
// Writes tools/bench/mcp-results.md.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createBugSmashClient } from '@specbound/bugsmash';
import { DEFAULT_BUGSMASH_API_KEY, startEmulator } from '@specbound/emulator';
import { CLASP_BIN, CLASP_VERSION, SPECBOUND_BIN } from './bins.mjs';
import { median } from './stats.mjs';

const ROUNDS = Number(process.env.MCP_BENCH_ROUNDS ?? 10);
const CALLS = 100;
const BUDGET = 16_000;
const here = dirname(fileURLToPath(import.meta.url));
const ENV = { PATH: process.env.PATH ?? '', HOME: '/nonexistent', NO_COLOR: '1' };

const fmt = (n, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function connect(args, env = {}) {
  const started = performance.now();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args,
    env: { ...ENV, ...env },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(transport);
  return { client, ms: performance.now() - started };
}

async function readyTimes() {
  const subjects = [
    { name: 'specbound mcp', args: [SPECBOUND_BIN, 'mcp'] },
    { name: `clasp ${CLASP_VERSION} mcp`, args: [CLASP_BIN, 'mcp'] },
  ];
  const times = new Map(subjects.map((s) => [s.name, []]));
  const ratios = [];
  for (let round = 0; round < ROUNDS + 1; round++) {
    const order = round % 2 === 0 ? subjects : [...subjects].reverse();
    const ms = {};
    for (const subject of order) {
      const { client, ms: t } = await connect(subject.args);
      await client.close();
      ms[subject.name] = t;
    }
    if (round === 0) continue; // warm-up: file-system caches
    for (const s of subjects) times.get(s.name).push(ms[s.name]);
    ratios.push(ms[subjects[1].name] / ms[subjects[0].name]);
  }
  return { subjects, times, ratios };
}

async function callOverhead() {
  const emulator = await startEmulator({ port: 0, seed: true });
  const env = { BUGSMASH_API_KEY: DEFAULT_BUGSMASH_API_KEY, SPECBOUND_GOOGLE_TOKEN: 'bench-token' };
  const urls = ['--apps-script-url', emulator.appsScriptUrl, '--bugsmash-url', emulator.bugsmashUrl];
  const { client } = await connect([SPECBOUND_BIN, 'mcp', ...urls], env);
  const direct = createBugSmashClient({ apiKey: DEFAULT_BUGSMASH_API_KEY, baseUrl: emulator.bugsmashUrl });
  const projects = await client.callTool({ name: 'bs_list_projects', arguments: {} });
  const projectId = projects.structuredContent.items[0].id;
  const viaMcp = async () => {
    for (let i = 0; i < CALLS; i++) {
      const answer = await client.callTool({ name: 'bs_get_project', arguments: { projectId } });
      if (answer.isError) throw new Error(answer.content[0].text);
    }
  };
  const viaClient = async () => {
    for (let i = 0; i < CALLS; i++) await direct.projects.get({ projectId });
  };
  const contenders = [
    { name: 'mcp', run: viaMcp },
    { name: 'client', run: viaClient },
  ];
  const added = [];
  const perCall = { mcp: [], client: [] };
  for (let round = 0; round < ROUNDS + 1; round++) {
    const order = round % 2 === 0 ? contenders : [...contenders].reverse();
    const ms = {};
    for (const c of order) {
      const started = performance.now();
      await c.run();
      ms[c.name] = (performance.now() - started) / CALLS;
    }
    if (round === 0) continue;
    perCall.mcp.push(ms.mcp);
    perCall.client.push(ms.client);
    added.push(ms.mcp - ms.client);
  }
  await client.close();
  await emulator.close();
  return { added, perCall };
}

async function largeList() {
  const server = spawn(process.execPath, [join(here, 'fake-bugsmash-server.mjs')], {
    env: { ...process.env, PROJECTS: '1', PER_PROJECT: '5000', BUGSMASH_API_KEY: 'bench-key-0123456789' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve) => server.stdout.once('data', (c) => resolve(String(c).trim())));
  const { client } = await connect([SPECBOUND_BIN, 'mcp', '--bugsmash-url', url], {
    BUGSMASH_API_KEY: 'bench-key-0123456789',
  });
  const projects = await client.callTool({ name: 'bs_list_projects', arguments: {} });
  const projectId = projects.structuredContent.items[0].id;
  const pages = [];
  let offset = 0;
  const started = performance.now();
  while (offset !== null) {
    const answer = await client.callTool({
      name: 'bs_list_comments',
      arguments: { projectId, offset, limit: 500 },
    });
    const size = answer.content[0].text.length + JSON.stringify(answer.structuredContent).length;
    pages.push({
      size,
      count: answer.structuredContent.count,
      note: answer.content[0].text.includes(`offset=${answer.structuredContent.nextOffset}`),
    });
    offset = answer.structuredContent.nextOffset;
  }
  const ms = performance.now() - started;
  await client.close();
  server.kill();
  return { pages, ms };
}

const loadBefore = loadavg()[0];
const ready = await readyTimes();
const overhead = await callOverhead();
const large = await largeList();
const loadAfter = loadavg()[0];

const [ours, peer] = ready.subjects.map((s) => median(ready.times.get(s.name)));
const addedMedian = median(overhead.added);
const first = large.pages[0];
const total = large.pages.reduce((n, p) => n + p.count, 0);
const maxSize = Math.max(...large.pages.map((p) => p.size));
const text = `# specbound mcp

Node ${process.version}; ${cpus()[0]?.model ?? 'CPU'} (${cpus().length} threads); ${new Date().toISOString().slice(0, 10)};
load average ${fmt(loadBefore, 1)} before and ${fmt(loadAfter, 1)} after (a shared machine: the ratios say more than the milliseconds); ${ROUNDS} rounds after one warm-up round, the
order alternating each round. Run with \`pnpm --filter @specbound/tools bench\` after \`build\` (\`bench/mcp.mjs\`).

| measure | specbound mcp | peer | ratio, median of rounds (min–max) | budget |
|---|---:|---:|---:|---|
| ready: spawn → \`initialize\` answered (stdio) | ${fmt(ours)} ms | ${fmt(peer)} ms (${ready.subjects[1].name}) | **${fmt(median(ready.ratios), 2)}×** faster (${fmt(Math.min(...ready.ratios), 2)}–${fmt(Math.max(...ready.ratios), 2)}) | ≤ 300 ms: ${ours <= 300 ? 'met' : '**not met**'} |
| \`bs_get_project\` against the emulator, per call (${CALLS} calls a round) | ${fmt(median(overhead.perCall.mcp), 2)} ms | ${fmt(median(overhead.perCall.client), 2)} ms (\`projects.get\`, the client call it wraps) | adds **${fmt(addedMedian, 2)} ms** (${fmt(Math.min(...overhead.added), 2)}–${fmt(Math.max(...overhead.added), 2)}) | ≤ 10 ms added: ${addedMedian <= 10 ? 'met' : '**not met**'} |

A 5,000-comment project (a fake BugSmash in its own process), \`limit: 500\`, answer budget ${fmt(BUDGET)} characters:
the first answer holds ${first.count} comments in ${fmt(first.size)} characters (text + structured copy) and
${first.note ? 'names the next offset' : '**does not name the next offset**'}; ${large.pages.length} pages gave ${fmt(total)} comments
(largest answer ${fmt(maxSize)} characters: ${maxSize <= BUDGET ? 'under the budget' : '**over the budget**'}) in ${fmt(large.ms)} ms.
`;
await writeFile(join(here, 'mcp-results.md'), text);
console.log(text);

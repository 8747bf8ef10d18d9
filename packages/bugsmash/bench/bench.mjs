// Throughput of `projects.get` through @specbound/bugsmash versus raw openapi-fetch, both on the
// same loopback server in the same run, plus the browser bundle size of dist/index.js.
// Run `pnpm build` first (turbo's `bench` depends on `build`). Writes bench/results.md.
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { availableParallelism, cpus } from 'node:os';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import createClient from 'openapi-fetch';
import { createBugSmashClient, VERSION } from '../dist/index.js';

const ROUNDS = 12; // per contender, alternating
const ROUND_MS = 1_000;
const WARMUP_MS = 1_500;
const CONCURRENCY = 16;
const PROJECT_ID = '9b2f6c1e-3d4a-4e5b-8c7d-1a2b3c4d5e6f';
const BUDGET_GZ_BYTES = 12 * 1024;

const answer = Buffer.from(
  JSON.stringify({
    status: true,
    message: 'Project Details',
    data: {
      id: PROJECT_ID,
      name: 'Marketing site',
      frontend_url: 'https://app.bugsmash.io',
      project_versions: [
        {
          id: '5d0c2a8e-7f1b-4c3d-9e8f-2b3c4d5e6f70',
          version_name: 'V1',
          version_no: 1,
          status: 'To Review',
          upload_status: 'completed',
          is_latest: true,
          short_url: 'https://app.bugsmash.io/review/AbCdE',
          updated_at: '2026-01-31T07:58:30.000000Z',
        },
      ],
      project_users: [{ name: 'Ada Lovelace', email: 'ada@example.com', role: 'owner' }],
    },
  }),
);

const server = createServer((request, response) => {
  request.resume();
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': answer.length });
  response.end(answer);
});
server.keepAliveTimeout = 60_000;
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();
const baseUrl = `http://127.0.0.1:${port}/api/v2`;

const client = createBugSmashClient({ apiKey: 'bench-key', baseUrl });
const raw = createClient({ baseUrl, headers: { 'X-API-Key': 'bench-key' } });

const contenders = {
  'raw openapi-fetch': async () => {
    const { data, error } = await raw.GET('/project/{projectId}', {
      params: { path: { projectId: PROJECT_ID } },
    });
    if (error !== undefined || data.data.id !== PROJECT_ID) throw new Error('raw: unexpected answer');
  },
  '@specbound/bugsmash': async () => {
    const project = await client.projects.get({ projectId: PROJECT_ID });
    if (project.id !== PROJECT_ID) throw new Error('client: unexpected answer');
  },
};

/** Requests per second with CONCURRENCY callers for `ms` milliseconds. */
async function measure(call, ms) {
  let done = 0;
  const end = performance.now() + ms;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        await call();
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

for (const call of Object.values(contenders)) await measure(call, WARMUP_MS);
const samples = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  // Alternate the order so neither contender always runs on a warmer (or more tired) process.
  const names = Object.keys(contenders);
  if (round % 2 === 1) names.reverse();
  for (const name of names) samples[name].push(await measure(contenders[name], ROUND_MS));
}
server.close();
server.closeAllConnections();

const rawRps = median(samples['raw openapi-fetch']);
const clientRps = median(samples['@specbound/bugsmash']);
// Rounds run in adjacent pairs, so the median of per-pair ratios cancels slow drifts of the machine
// (other processes) better than the ratio of the two medians.
const ratio = median(
  samples['@specbound/bugsmash'].map((value, i) => value / samples['raw openapi-fetch'][i]),
);

// The browser bundle: the main entry only (file-path uploads live in the `/node` entry).
const bundle = await build({
  entryPoints: [new URL('../dist/index.js', import.meta.url).pathname],
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  write: false,
  logLevel: 'silent',
});
const code = bundle.outputFiles[0].contents;
const gzBytes = gzipSync(code, { level: 9 }).length;
const nodeImports = /["']node:/.test(new TextDecoder().decode(code));

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const lines = [
  '# @specbound/bugsmash benchmark',
  '',
  `Package ${VERSION}; Node ${process.version}; ${cpus()[0]?.model ?? 'unknown CPU'} (${availableParallelism()} threads);`,
  `${new Date().toISOString().slice(0, 10)}. Run with \`pnpm --filter @specbound/bugsmash bench\` after \`build\`.`,
  '',
  '## Throughput: `projects.get` on a loopback `node:http` server',
  '',
  `Fixed envelope answer (${answer.length} bytes), keep-alive, ${CONCURRENCY} concurrent callers, ${fmt(WARMUP_MS)} ms`,
  `warm-up each, then ${ROUNDS} alternating rounds of ${fmt(ROUND_MS)} ms per contender; medians. The client runs`,
  'its full stack (API-key auth, user agent, retry policy, per-attempt timeout, envelope check and unwrap);',
  'raw openapi-fetch sends the same request with a static header and no checks.',
  '',
  '| contender | median req/s | rounds (req/s) |',
  '|---|---:|---|',
  ...Object.entries(samples).map(
    ([name, values]) => `| ${name} | ${fmt(median(values))} | ${values.map(fmt).join(', ')} |`,
  ),
  '',
  `**Ratio client / raw: ${ratio.toFixed(2)}×** (median of the ${ROUNDS} per-round ratios; ratio of medians`,
  `${(clientRps / rawRps).toFixed(2)}×). Goal ≥ 0.80×: ${ratio >= 0.8 ? 'met' : 'NOT met'}.`,
  '',
  '## Browser bundle',
  '',
  '`esbuild dist/index.js --bundle --minify --format=esm --platform=browser`, gzip level 9 (node:zlib):',
  '',
  '| minified | gzipped | budget | `node:` imports |',
  '|---:|---:|---:|---|',
  `| ${fmt(code.length)} B | ${fmt(gzBytes)} B (${(gzBytes / 1024).toFixed(1)} kB) | ${fmt(BUDGET_GZ_BYTES)} B | ${nodeImports ? 'present (BUG)' : 'none'} |`,
  '',
  `Budget (≤ 12 kB gz): ${gzBytes <= BUDGET_GZ_BYTES ? 'met' : 'NOT met'}.`,
  '',
];
const out = new URL('./results.md', import.meta.url);
await writeFile(out, lines.join('\n'));
process.stdout.write(lines.join('\n'));
if (nodeImports) process.exitCode = 1;

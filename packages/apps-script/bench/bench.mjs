// Benchmark of `projects.get` through @specbound/apps-script, raw openapi-fetch and Google's
// @googleapis/script against one loopback server, plus browser bundle sizes. Writes results.md.
// Run after `build` (it measures dist/). Budget: about a minute.

import { fork } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { gzipSync } from 'node:zlib';
import { auth as googleAuth, script as googleScript } from '@googleapis/script';
import { build } from 'esbuild';
import createClient from 'openapi-fetch';
import { createAppsScriptClient } from '../dist/index.js';

const SCRIPT_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_abcdefghijklmnop';
const PROJECT = JSON.stringify({
  scriptId: SCRIPT_ID,
  title: 'Invoice mailer',
  parentId: '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms',
  createTime: '2026-05-02T09:14:07.512Z',
  updateTime: '2026-06-01T16:40:00.118Z',
  creator: { domain: 'example.com', email: 'ada@example.com', name: 'Ada Lovelace' },
  lastModifyUser: { domain: 'example.com', email: 'ada@example.com', name: 'Ada Lovelace' },
});
const CONCURRENCY = 8;
const WARMUP_MS = 2000;
const ROUND_MS = 1500;
// Many short rounds, each contender once per round: a pair in one round shares the machine's state,
// so the median of per-round ratios cancels the drift a shared 2-core VM shows over a minute.
const ROUNDS = 11;
const TOKEN = 'ya29.dummy-token-for-the-benchmark';

const server = fork(new URL('./server.mjs', import.meta.url), [PROJECT], {
  stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
});
const [portLine] = await once(server.stdout, 'data');
const port = Number.parseInt(String(portLine), 10);
const base = `http://127.0.0.1:${port}`;

// The three clients, each fetching and parsing the same project.
const specbound = createAppsScriptClient({ baseUrl: base, auth: TOKEN });
const raw = createClient({ baseUrl: base, headers: { Authorization: `Bearer ${TOKEN}` } });
const oauth = new googleAuth.OAuth2();
oauth.setCredentials({ access_token: TOKEN, expiry_date: Date.now() + 3_600_000 });
const google = googleScript({ version: 'v1', rootUrl: `${base}/`, auth: oauth });

const contenders = {
  '@specbound/apps-script': async () => {
    const project = await specbound.projects.get({ scriptId: SCRIPT_ID });
    if (project.scriptId !== SCRIPT_ID) throw new Error('bad response');
  },
  'raw openapi-fetch': async () => {
    const { data } = await raw.GET('/v1/projects/{scriptId}', { params: { path: { scriptId: SCRIPT_ID } } });
    if (data?.scriptId !== SCRIPT_ID) throw new Error('bad response');
  },
  '@googleapis/script': async () => {
    const { data } = await google.projects.get({ scriptId: SCRIPT_ID });
    if (data.scriptId !== SCRIPT_ID) throw new Error('bad response');
  },
};

/** Requests per second with CONCURRENCY callers looping for `ms`. */
async function measure(call, ms) {
  let count = 0;
  const started = performance.now();
  const end = started + ms;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        await call();
        count++;
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

const names = Object.keys(contenders);
for (const name of names) await measure(contenders[name], WARMUP_MS);
const samples = Object.fromEntries(names.map((name) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  // Rotate the order each round so no contender always runs first or last.
  const order = names.map((_, i) => names[(i + round) % names.length]);
  for (const name of order) samples[name].push(await measure(contenders[name], ROUND_MS));
}
server.disconnect();

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const rps = Object.fromEntries(names.map((name) => [name, median(samples[name])]));

// Bundle sizes: minified + gzipped.
async function bundle(options) {
  const result = await build({
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
    ...options,
  });
  const code = result.outputFiles[0].contents;
  return { min: code.byteLength, gz: gzipSync(code, { level: 9 }).byteLength };
}
const ours = await bundle({
  entryPoints: [new URL('../dist/index.js', import.meta.url).pathname],
  platform: 'browser',
});
let googleBrowser;
try {
  await bundle({
    stdin: { contents: "export { script } from '@googleapis/script';", resolveDir: import.meta.dirname },
    platform: 'browser',
  });
  googleBrowser = 'bundled (unexpected)';
} catch (error) {
  const first = error.errors?.[0]?.text ?? String(error);
  googleBrowser = `fails: ${error.errors?.length ?? '?'} errors, e.g. "${first}"`;
}
const googleNode = await bundle({
  stdin: { contents: "export { script } from '@googleapis/script';", resolveDir: import.meta.dirname },
  platform: 'node',
});

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const ratio = (a, b) => `${median(samples[a].map((value, i) => value / samples[b][i])).toFixed(2)}×`;
const lines = [
  '# @specbound/apps-script benchmark',
  '',
  `Node ${process.version}, ${process.platform}/${process.arch}, ${availableParallelism()} CPUs; loopback node:http server (own process) answering a fixed Project JSON;`,
  `${CONCURRENCY} concurrent callers; ${WARMUP_MS} ms warm-up each, then ${ROUNDS} rounds of ${ROUND_MS} ms per client in rotating order; req/s are medians of rounds, ratios the median of per-round ratios.`,
  '',
  '## `projects.get` requests per second',
  '',
  '| client | median req/s | rounds (req/s) |',
  '|---|---:|---|',
  ...names.map(
    (name) => `| ${name} | ${rps[name].toFixed(0)} | ${samples[name].map((v) => v.toFixed(0)).join(', ')} |`,
  ),
  '',
  `- @specbound/apps-script vs raw openapi-fetch: **${ratio('@specbound/apps-script', 'raw openapi-fetch')}** (goal ≥ 0.8×)`,
  `- @specbound/apps-script vs @googleapis/script: **${ratio('@specbound/apps-script', '@googleapis/script')}** (goal ≥ 2×)`,
  '',
  '## Bundle size (esbuild --bundle --minify --format=esm, gzip level 9)',
  '',
  '| bundle | minified | min+gzip |',
  '|---|---:|---:|',
  `| @specbound/apps-script dist/index.js, platform=browser | ${kB(ours.min)} | **${kB(ours.gz)}** (goal ≤ 12 kB) |`,
  `| @googleapis/script, platform=node | ${kB(googleNode.min)} | ${kB(googleNode.gz)} |`,
  '',
  `@googleapis/script for platform=browser: ${googleBrowser.replaceAll('|', '\\|')}`,
  '',
];
const text = lines.join('\n');
await writeFile(new URL('./results.md', import.meta.url), text);
console.log(text);

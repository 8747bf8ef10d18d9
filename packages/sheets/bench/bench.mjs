// Benchmark of @specbound/sheets: throughput of values.get (100 rows × 5) and values.update against
// raw openapi-fetch, Google's @googleapis/sheets and a plain fetch on one loopback server (own
// process), with the harness of the other clients' benches (fixed calls per round, rotating order,
// median of per-round ratios with min and max). Writes results.md. Run after `build` (it measures
// dist/): `pnpm --filter @specbound/sheets bench`. BENCH_QUICK=1 for a smoke run.
import { writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { auth as googleAuth, sheets as googleSheets } from '@googleapis/sheets';
import createClient from 'openapi-fetch';
import {
  compare,
  cpuRatio,
  formatRatio,
  medianCpu,
  medianRps,
  ratio,
  startServer,
} from '../../http/scripts/bench-harness.mjs';
import { createSheetsClient, VERSION } from '../dist/index.js';

const QUICK = process.env.BENCH_QUICK === '1';
const ROUNDS = QUICK ? 3 : 15;
const REQUESTS = QUICK ? 64 : 512;
const BLOCK = QUICK ? 16 : 64;
const WARMUP = QUICK ? 100 : 1000;
const CONCURRENCY = 8;
const ROWS = 100;
const TOKEN = 'ya29.dummy-token-for-the-benchmark';
const ID = '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms';
const RANGE = `Sheet1!A1:E${ROWS}`;
const WRITE = Array.from({ length: ROWS }, (_, i) => [
  `Item ${i}`,
  String(i),
  String(i * 1.5),
  'TRUE',
  '2026-11-25',
]);

const server = await startServer(fileURLToPath(new URL('./server.mjs', import.meta.url)), [String(ROWS)]);
const base = `http://127.0.0.1:${server.port}`;
const loadBefore = loadavg()[0];

const specbound = createSheetsClient({ baseUrl: base, auth: TOKEN });
const raw = createClient({ baseUrl: base, headers: { Authorization: `Bearer ${TOKEN}` } });
const oauth = new googleAuth.OAuth2();
oauth.setCredentials({ access_token: TOKEN, expiry_date: Date.now() + 3_600_000 });
const google = googleSheets({ version: 'v4', rootUrl: `${base}/`, auth: oauth });
const headers = { Authorization: `Bearer ${TOKEN}` };
const valuesUrl = `${base}/v4/spreadsheets/${ID}/values/${encodeURIComponent(RANGE)}`;

const expect = (condition, who) => {
  if (!condition) throw new Error(`${who}: unexpected answer`);
};

// Each contender makes the same request and reads the same field of the parsed answer.
const endpoints = {
  'values.get': {
    '@specbound/sheets': async () => {
      const { values } = await specbound.spreadsheets.values.get({ spreadsheetId: ID, range: RANGE });
      expect(values?.length === ROWS, 'specbound');
    },
    'raw openapi-fetch': async () => {
      const { data } = await raw.GET('/v4/spreadsheets/{spreadsheetId}/values/{range}', {
        params: { path: { spreadsheetId: ID, range: RANGE } },
      });
      expect(data?.values?.length === ROWS, 'raw');
    },
    '@googleapis/sheets': async () => {
      const { data } = await google.spreadsheets.values.get({ spreadsheetId: ID, range: RANGE });
      expect(data.values?.length === ROWS, 'google');
    },
    fetch: async () => {
      const response = await fetch(valuesUrl, { headers });
      expect((await response.json()).values.length === ROWS, 'fetch');
    },
  },
  'values.update': {
    '@specbound/sheets': async () => {
      const answer = await specbound.spreadsheets.values.update({
        spreadsheetId: ID,
        range: RANGE,
        valueInputOption: 'USER_ENTERED',
        values: WRITE,
      });
      expect(answer.updatedCells === ROWS * 5, 'specbound');
    },
    'raw openapi-fetch': async () => {
      const { data } = await raw.PUT('/v4/spreadsheets/{spreadsheetId}/values/{range}', {
        params: { path: { spreadsheetId: ID, range: RANGE }, query: { valueInputOption: 'USER_ENTERED' } },
        body: { values: WRITE },
      });
      expect(data?.updatedCells === ROWS * 5, 'raw');
    },
    '@googleapis/sheets': async () => {
      const { data } = await google.spreadsheets.values.update({
        spreadsheetId: ID,
        range: RANGE,
        valueInputOption: 'USER_ENTERED',
        requestBody: { values: WRITE },
      });
      expect(data.updatedCells === ROWS * 5, 'google');
    },
    fetch: async () => {
      const response = await fetch(`${valuesUrl}?valueInputOption=USER_ENTERED`, {
        method: 'PUT',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ values: WRITE }),
      });
      expect((await response.json()).updatedCells === ROWS * 5, 'fetch');
    },
  },
};

const rows = [];
for (const [endpoint, contenders] of Object.entries(endpoints)) {
  const samples = await compare(contenders, {
    rounds: ROUNDS,
    requests: REQUESTS,
    block: BLOCK,
    concurrency: CONCURRENCY,
    warmup: WARMUP,
  });
  const line = (name) =>
    `${Math.round(medianRps(samples[name]))} req/s, ${Math.round(medianCpu(samples[name]))} µs CPU`;
  rows.push(
    `| \`${endpoint}\` | ${line('@specbound/sheets')} | ${formatRatio(ratio(samples, '@specbound/sheets', 'raw openapi-fetch'))} | ${formatRatio(ratio(samples, '@specbound/sheets', '@googleapis/sheets'))} | ${formatRatio(ratio(samples, '@specbound/sheets', 'fetch'))} | ${formatRatio(cpuRatio(samples, '@specbound/sheets', '@googleapis/sheets'))} |`,
  );
  process.stderr.write(`${endpoint} done\n`);
}
server.stop();
const loadAfter = loadavg()[0];

const report = `# @specbound/sheets ${VERSION} benchmark

Throughput on loopback, ${ROWS} rows × 5 cells per call, concurrency ${CONCURRENCY}; ${ROUNDS} rounds of
${REQUESTS} calls per contender, in blocks of ${BLOCK} taking turns in rotating order; figures are the
median of per-round ratios (min–max). Node ${process.version}, ${availableParallelism()} cores, load
average ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after${QUICK ? ' (BENCH_QUICK smoke run)' : ''}.

| operation | @specbound/sheets | ÷ raw openapi-fetch | ÷ @googleapis/sheets | ÷ fetch | CPU per request, googleapis ÷ specbound |
| --- | --- | --- | --- | --- | --- |
${rows.join('\n')}
`;
await writeFile(new URL('./results.md', import.meta.url), report);
process.stdout.write(report);

// Profiling driver for the throughput bench: runs ONE contender on ONE endpoint for a fixed
// number of calls (after a warm-up), so that `node --cpu-prof bench/profile.mjs <contender>
// <endpoint> <concurrency> <calls>` profiles just that path. The server runs in its own
// process (not profiled). Contenders: client, raw, google, fetch.
import { fileURLToPath } from 'node:url';
import { auth as googleAuth, script as googleScript } from '@googleapis/script';
import createClient from 'openapi-fetch';
import { measure, startServer } from '../../http/scripts/bench-harness.mjs';
import { createAppsScriptClient } from '../dist/index.js';
import { operationCalls, TOKEN } from './calls.mjs';

const [who = 'client', endpoint = 'processes.list', concurrency = '16', calls = '4000'] =
  process.argv.slice(2);
const server = await startServer(fileURLToPath(new URL('./server.mjs', import.meta.url)));
const base = `http://127.0.0.1:${server.port}`;
const client = createAppsScriptClient({ baseUrl: base, auth: TOKEN });
const raw = createClient({ baseUrl: base, headers: { Authorization: `Bearer ${TOKEN}` } });
const oauth = new googleAuth.OAuth2();
oauth.setCredentials({ access_token: TOKEN, expiry_date: Date.now() + 3_600_000 });
const google = googleScript({ version: 'v1', rootUrl: `${base}/`, auth: oauth });
const contenders = operationCalls({ client, raw, google, base });
const call = contenders[endpoint]?.[who];
if (call === undefined) throw new Error(`unknown contender/endpoint: ${who} ${endpoint}`);
await measure(call, 500, Number(concurrency));
const { rps, cpuUs } = await measure(call, Number(calls), Number(concurrency));
process.stdout.write(
  `${who} ${endpoint} c=${concurrency}: ${rps.toFixed(0)} req/s, ${cpuUs.toFixed(0)} µs CPU/req\n`,
);
server.stop();

// Profiling driver for the throughput bench: runs ONE contender on ONE endpoint for a fixed
// number of calls (after a warm-up), so that `node --cpu-prof bench/profile.mjs <contender>
// <endpoint> <concurrency> <calls>` profiles just that path. The server runs in its own
// process (not profiled). Contenders: client, raw, google, fetch.
import { fileURLToPath } from 'node:url';
import { auth as googleAuth, script as googleScript } from '@googleapis/script';
import createClient from 'openapi-fetch';
import { measure, startServer } from '../../http/scripts/bench-harness.mjs';
import { createAppsScriptClient } from '../dist/index.js';

const [who = 'client', endpoint = 'processes.list', concurrency = '16', calls = '4000'] =
  process.argv.slice(2);
const TOKEN = 'ya29.dummy-token-for-the-benchmark';
const SCRIPT_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_abcdefghijklmnop';
const DEPLOYMENT_ID = 'AKfycbx-deployment-0123456789';
const PARAMETERS = [42, 'invoice-2026-07', { dryRun: false, recipients: ['ada@example.com'] }];

const server = await startServer(fileURLToPath(new URL('./server.mjs', import.meta.url)));
const base = `http://127.0.0.1:${server.port}`;
const client = createAppsScriptClient({ baseUrl: base, auth: TOKEN });
const raw = createClient({ baseUrl: base, headers: { Authorization: `Bearer ${TOKEN}` } });
const oauth = new googleAuth.OAuth2();
oauth.setCredentials({ access_token: TOKEN, expiry_date: Date.now() + 3_600_000 });
const google = googleScript({ version: 'v1', rootUrl: `${base}/`, auth: oauth });
const headers = { Authorization: `Bearer ${TOKEN}` };

const calls_ = {
  'projects.get': {
    client: () => client.projects.get({ scriptId: SCRIPT_ID }),
    raw: () => raw.GET('/v1/projects/{scriptId}', { params: { path: { scriptId: SCRIPT_ID } } }),
    google: () => google.projects.get({ scriptId: SCRIPT_ID }),
    fetch: async () => (await fetch(`${base}/v1/projects/${SCRIPT_ID}`, { headers })).json(),
  },
  'processes.list': {
    client: () => client.processes.list({ statuses: ['FAILED'], pageSize: 50 }),
    raw: () =>
      raw.GET('/v1/processes', {
        params: { query: { 'userProcessFilter.statuses': ['FAILED'], pageSize: 50 } },
      }),
    google: () => google.processes.list({ 'userProcessFilter.statuses': ['FAILED'], pageSize: 50 }),
    fetch: async () =>
      (await fetch(`${base}/v1/processes?userProcessFilter.statuses=FAILED&pageSize=50`, { headers })).json(),
  },
  'scripts.run': {
    client: () =>
      client.scripts.run({ deploymentId: DEPLOYMENT_ID, function: 'main', parameters: PARAMETERS }),
    raw: () =>
      raw.POST('/v1/scripts/{scriptId}:run', {
        params: { path: { scriptId: DEPLOYMENT_ID } },
        body: { function: 'main', parameters: PARAMETERS },
      }),
    google: () =>
      google.scripts.run({
        scriptId: DEPLOYMENT_ID,
        requestBody: { function: 'main', parameters: PARAMETERS },
      }),
    fetch: async () =>
      (
        await fetch(`${base}/v1/scripts/${DEPLOYMENT_ID}:run`, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({ function: 'main', parameters: PARAMETERS }),
        })
      ).json(),
  },
};
const call = calls_[endpoint]?.[who];
if (call === undefined) throw new Error(`unknown contender/endpoint: ${who} ${endpoint}`);
await measure(call, 500, Number(concurrency));
const { rps, cpuUs } = await measure(call, Number(calls), Number(concurrency));
process.stdout.write(
  `${who} ${endpoint} c=${concurrency}: ${rps.toFixed(0)} req/s, ${cpuUs.toFixed(0)} µs CPU/req\n`,
);
server.stop();

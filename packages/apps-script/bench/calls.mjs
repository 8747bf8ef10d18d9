// The calls every apps-script bench makes, with the same arguments: the throughput bench
// (bench.mjs), the profiling driver (profile.mjs) and the heap-per-call count (allocation.mjs).
// Each contender's call answers what that contender gives back: the client the parsed value,
// raw openapi-fetch and @googleapis/script their `{ data }` objects, plain fetch the parsed body.

export const TOKEN = 'ya29.dummy-token-for-the-benchmark';
export const SCRIPT_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_abcdefghijklmnop';
export const DEPLOYMENT_ID = 'AKfycbx-deployment-0123456789';
export const PARAMETERS = [42, 'invoice-2026-07', { dryRun: false, recipients: ['ada@example.com'] }];
export const PAGE_SIZE = 50;

/**
 * `{ [operation]: { client, raw, google, fetch } }`, each a function making one call. `google` and
 * `base` (the server's origin, for plain fetch) may be left out by a bench that does not use them.
 */
export function operationCalls({ client, raw, google, base }) {
  const headers = { Authorization: `Bearer ${TOKEN}` };
  // A fresh body per call, as a caller writes it.
  const run = () => ({ function: 'main', parameters: PARAMETERS });
  return {
    'projects.get': {
      client: () => client.projects.get({ scriptId: SCRIPT_ID }),
      raw: () => raw.GET('/v1/projects/{scriptId}', { params: { path: { scriptId: SCRIPT_ID } } }),
      google: () => google.projects.get({ scriptId: SCRIPT_ID }),
      fetch: async () => (await fetch(`${base}/v1/projects/${SCRIPT_ID}`, { headers })).json(),
    },
    'processes.list': {
      client: () => client.processes.list({ statuses: ['FAILED'], pageSize: PAGE_SIZE }),
      raw: () =>
        raw.GET('/v1/processes', {
          params: { query: { 'userProcessFilter.statuses': ['FAILED'], pageSize: PAGE_SIZE } },
        }),
      google: () => google.processes.list({ 'userProcessFilter.statuses': ['FAILED'], pageSize: PAGE_SIZE }),
      fetch: async () =>
        (
          await fetch(`${base}/v1/processes?userProcessFilter.statuses=FAILED&pageSize=${PAGE_SIZE}`, {
            headers,
          })
        ).json(),
    },
    'scripts.run': {
      client: () => client.scripts.run({ deploymentId: DEPLOYMENT_ID, ...run() }),
      raw: () =>
        raw.POST('/v1/scripts/{scriptId}:run', {
          params: { path: { scriptId: DEPLOYMENT_ID } },
          body: run(),
        }),
      google: () => google.scripts.run({ scriptId: DEPLOYMENT_ID, requestBody: run() }),
      fetch: async () =>
        (
          await fetch(`${base}/v1/scripts/${DEPLOYMENT_ID}:run`, {
            method: 'POST',
            headers: { ...headers, 'Content-Type': 'application/json' },
            body: JSON.stringify(run()),
          })
        ).json(),
    },
  };
}

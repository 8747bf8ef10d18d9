// Heap allocated per call, in its own process: `node --expose-gc --min-semi-space-size=128
// --max-semi-space-size=128 allocation.mjs`. Prints { [endpoint]: { client, raw } } as JSON, in
// bytes per call (median of 5 runs). Unlike CPU time, this does not move with the other load of a
// shared machine: with a young generation this large no scavenge runs inside a measured batch, so
// the growth of the used heap is what the calls allocated. `globalThis.fetch` is replaced by one
// that copies the request as undici does (`new Request(input, init)`, following its signal), waits
// a turn of the event loop (so that 16 calls are in flight at once, as on loopback) and answers
// Google's body with a Content-Length: every byte counted is the client's or openapi-fetch's.
import createClient from 'openapi-fetch';
import { createAppsScriptClient } from '../dist/index.js';
import { operationCalls, PARAMETERS, SCRIPT_ID, TOKEN } from './calls.mjs';

const CONCURRENCY = 16;
// Few enough that a batch of the largest answer (a page of 50 processes) fits the young generation.
const CALLS = 400;

const project = {
  scriptId: SCRIPT_ID,
  title: 'Invoice mailer',
  parentId: '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms',
};
const processes = Array.from({ length: 50 }, (_, i) => ({
  projectName: `Project ${i % 97}`,
  functionName: `handler${i % 13}`,
  processType: i % 3 === 0 ? 'TIME_DRIVEN' : 'EXECUTION_API',
  processStatus: 'FAILED',
  userAccessLevel: 'OWNER',
  startTime: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  duration: `${(i % 300) / 10 + 0.1}s`,
}));
const operation = { done: true, response: { result: { echoed: PARAMETERS, ok: true } } };
const bodies = [
  ['/v1/projects/', JSON.stringify(project)],
  ['/v1/processes', JSON.stringify({ processes, nextPageToken: 't50' })],
  ['/v1/scripts/', JSON.stringify(operation)],
];

globalThis.fetch = async (input, init) => {
  const request = new Request(input, init);
  await new Promise((resolve) => setImmediate(resolve));
  if (request.body !== null) await request.arrayBuffer();
  const path = new URL(request.url).pathname;
  const body = bodies.find(([prefix]) => path.startsWith(prefix))?.[1] ?? '{}';
  return new Response(body, {
    headers: {
      'content-type': 'application/json; charset=UTF-8',
      'content-length': String(Buffer.byteLength(body)),
    },
  });
};

const base = 'http://127.0.0.1:9';
const client = createAppsScriptClient({ baseUrl: base, auth: TOKEN });
const raw = createClient({ baseUrl: base, headers: { Authorization: `Bearer ${TOKEN}` } });
const endpoints = operationCalls({ client, raw });

async function batch(call) {
  let started = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (started++ < CALLS) await call();
    }),
  );
}

async function bytesPerCall(call) {
  for (let i = 0; i < 5; i++) await batch(call);
  const runs = [];
  for (let i = 0; i < 5; i++) {
    globalThis.gc();
    const before = process.memoryUsage().heapUsed;
    await batch(call);
    runs.push((process.memoryUsage().heapUsed - before) / CALLS);
  }
  return Math.round(runs.sort((a, b) => a - b)[2]);
}

const result = {};
for (const [endpoint, contenders] of Object.entries(endpoints)) {
  result[endpoint] = {
    client: await bytesPerCall(contenders.client),
    raw: await bytesPerCall(contenders.raw),
  };
}
process.stdout.write(`${JSON.stringify(result)}\n`);

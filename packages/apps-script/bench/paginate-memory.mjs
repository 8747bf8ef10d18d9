// One pagination-memory measurement, in its own process:
// `node --expose-gc paginate-memory.mjs <iterate|loop> <total>`. Prints { count, maxRssKiB,
// peakLiveKiB } as JSON: peak RSS, and the peak of the heap still in use after a full GC, sampled
// ten times per run whatever its length (what the code retains, which the GC's own heuristics do
// not blur; the same number of samples keeps runs of different lengths comparable).
import { fileURLToPath } from 'node:url';
import { startServer } from '../../http/scripts/bench-harness.mjs';
import { createAppsScriptClient } from '../dist/index.js';

const [mode, totalArg] = process.argv.slice(2);
const total = Number.parseInt(totalArg, 10);
const server = await startServer(fileURLToPath(new URL('./server.mjs', import.meta.url)), [String(total)]);
const client = createAppsScriptClient({ baseUrl: `http://127.0.0.1:${server.port}`, auth: 'token' });
const params = { statuses: ['FAILED'], pageSize: 100 };

let peakLive = 0;
let pages = 0;
const every = Math.max(1, Math.floor(total / 100 / 10));
const sample = () => {
  if (++pages % every !== 0) return;
  globalThis.gc?.();
  peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
};
let count = 0;
if (mode === 'iterate') {
  for await (const process_ of client.processes.iterate(params)) {
    if (process_.functionName !== undefined) count++;
    // Once per page of 100.
    if (count % 100 === 0) sample();
  }
} else {
  let pageToken;
  do {
    const page = await client.processes.list(pageToken === undefined ? params : { ...params, pageToken });
    for (const process_ of page.processes ?? []) if (process_.functionName !== undefined) count++;
    sample();
    pageToken = page.nextPageToken || undefined;
  } while (pageToken !== undefined);
}
server.stop();
if (count !== total) throw new Error(`counted ${count} of ${total}`);
process.stdout.write(
  JSON.stringify({
    count,
    maxRssKiB: process.resourceUsage().maxRSS,
    peakLiveKiB: Math.round(peakLive / 1024),
  }),
);

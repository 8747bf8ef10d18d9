// Throughput harness of both clients' benches (packages/{apps-script,bugsmash}/bench): a fixed
// number of requests per round, every contender once per round in rotating order, the median of
// per-round ratios with min and max. The server runs in its own process. Besides requests per
// second, each measurement records the CPU time this (client) process spent per request, which the
// other load of a shared machine disturbs less than wall-clock throughput.
import { fork } from 'node:child_process';
import { once } from 'node:events';

/** Starts `script` in its own process and resolves with its printed port and a stop function. */
export async function startServer(script, args = []) {
  // execArgv: [] so that profiling flags given to the bench do not apply to the server.
  const child = fork(script, args, { stdio: ['ignore', 'pipe', 'inherit', 'ipc'], execArgv: [] });
  const [line] = await once(child.stdout, 'data');
  return { port: Number.parseInt(String(line), 10), stop: () => child.disconnect() };
}

/** `{ rps, cpuUs }` for `total` calls made by `concurrency` callers. */
export async function measure(call, total, concurrency) {
  let started = 0;
  const cpu = process.cpuUsage();
  const begin = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (started < total) {
        started++;
        await call();
      }
    }),
  );
  const seconds = (performance.now() - begin) / 1000;
  const used = process.cpuUsage(cpu);
  return { rps: total / seconds, cpuUs: (used.user + used.system) / total };
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Runs every contender `rounds` times with `requests` calls each, after `warmup` calls each.
 * Within a round the calls go in blocks of `block` calls, the contenders taking turns block by
 * block in an order that rotates with every block and every round: the load of a shared machine
 * changes within a fraction of a second, and contenders measured in turns that short see the same
 * load, so their per-round ratio survives it. A round's figure for a contender is its `requests`
 * calls over the summed time of its blocks. With `--expose-gc`, a full GC runs before each round
 * so that no contender pays for the garbage of the previous round. Returns, per contender, the
 * samples aligned by round.
 */
export async function compare(contenders, { rounds, requests, concurrency, warmup, block = requests }) {
  const names = Object.keys(contenders);
  for (const name of names) await measure(contenders[name], warmup, concurrency);
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  const blocks = Math.ceil(requests / block);
  for (let round = 0; round < rounds; round++) {
    globalThis.gc?.();
    const sums = Object.fromEntries(names.map((name) => [name, { seconds: 0, cpuUs: 0 }]));
    for (let b = 0; b < blocks; b++) {
      const size = Math.min(block, requests - b * block);
      for (let i = 0; i < names.length; i++) {
        const name = names[(i + b + round) % names.length];
        const { rps, cpuUs } = await measure(contenders[name], size, concurrency);
        sums[name].seconds += size / rps;
        sums[name].cpuUs += cpuUs * size;
      }
    }
    for (const name of names) {
      const { seconds, cpuUs } = sums[name];
      samples[name].push({ rps: requests / seconds, cpuUs: cpuUs / requests });
    }
  }
  return samples;
}

/** `{ median, min, max }` of the per-round throughput ratios a / b. */
export function ratio(samples, a, b) {
  const ratios = samples[a].map((sample, i) => sample.rps / samples[b][i].rps);
  return { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) };
}

export const formatRatio = (r) => `**${r.median.toFixed(2)}×** (${r.min.toFixed(2)}–${r.max.toFixed(2)})`;
export const medianRps = (list) => median(list.map((sample) => sample.rps));
export const medianCpu = (list) => median(list.map((sample) => sample.cpuUs));

/**
 * `{ median, min, max }` of the per-round ratios of CPU time per request, b / a: how many times
 * more requests a would serve than b on the same CPU (above 1 when a is cheaper).
 */
export function cpuRatio(samples, a, b) {
  const ratios = samples[a].map((sample, i) => samples[b][i].cpuUs / sample.cpuUs);
  return { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) };
}

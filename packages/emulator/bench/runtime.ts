// The Apps Script runtime's budgets (issue 23), in fixed counts:
//  1. a warm `scripts.run` of a trivial function, one at a time, against `projects.get` through the
//     same client (the floor: HTTP, validation, routing); and a run that calls services (properties,
//     a digest, the cache) against the trivial one. Rounds alternate which goes first; each figure is
//     the median over rounds, with the median of per-round ratios and its min and max.
//  2. the host's memory over 10,000 runs, the emulator in a process of its own (bench/host-memory.ts).
import { createAppsScriptClient } from '@specbound/apps-script';
import { type RunningEmulator, startEmulator } from '../src/index.ts';
import { deployScript } from '../test/helpers.ts';
import { type HostMemory, hostMemoryReport } from './host-memory.ts';
import { latency, median } from './stats.ts';

const ROUNDS = 7;
const RUNS_PER_ROUND = 200;

const CODE = `
function trivial() { return 1; }
function services() {
  var props = PropertiesService.getScriptProperties();
  props.setProperty('n', Number(props.getProperty('n') || 0) + 1);
  CacheService.getScriptCache().put('k', 'v');
  return Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, 'x').length;
}`;

type AppsScriptClient = ReturnType<typeof createAppsScriptClient>;

/** Creates, fills and deploys the bench project through `client` (in-process or another process). */
export function deployBench(client: AppsScriptClient): Promise<{ deploymentId: string; scriptId: string }> {
  return deployScript(client, { title: 'Runtime bench', code: CODE });
}

async function deployed(): Promise<{
  emulator: RunningEmulator;
  client: AppsScriptClient;
  deploymentId: string;
  scriptId: string;
}> {
  const emulator = await startEmulator({ sandboxWorkers: 2 });
  const client = createAppsScriptClient({ baseUrl: emulator.appsScriptUrl, auth: 'bench-token' });
  return { emulator, client, ...(await deployBench(client)) };
}

export interface RuntimeFigures {
  run: number[];
  get: number[];
  services: number[];
  /** One measure per fresh emulator process (see host-memory.ts). */
  host: HostMemory[];
  /** The peer: as many `projects.get` calls, one fresh process each. */
  peer: HostMemory[];
  /** The machine's load averages (1, 5, 15 min) before and after the host measures. */
  load: string;
}

export async function runtimeLatency(): Promise<Pick<RuntimeFigures, 'run' | 'get' | 'services'>> {
  const { emulator, client, deploymentId, scriptId } = await deployed();
  const out = { run: [] as number[], get: [] as number[], services: [] as number[] };
  try {
    const tasks = {
      run: () => client.scripts.run({ deploymentId, function: 'trivial' }),
      get: () => client.projects.get({ scriptId }),
      services: () => client.scripts.run({ deploymentId, function: 'services' }),
    };
    // Warm: every worker has loaded QuickJS and run the code once.
    for (const task of Object.values(tasks)) await latency(task, 20);
    const names = Object.keys(tasks) as (keyof typeof tasks)[];
    for (let round = 0; round < ROUNDS; round++) {
      // Rotate which measure goes first.
      const order = names.map((_, i) => names[(i + round) % names.length] as keyof typeof tasks);
      for (const name of order) out[name].push(await latency(tasks[name], RUNS_PER_ROUND));
    }
  } finally {
    await emulator.close();
  }
  return out;
}

export function runtimeReport(f: RuntimeFigures): string[] {
  const ms = (values: number[]) =>
    `${median(values).toFixed(2)} (min ${Math.min(...values).toFixed(2)}, max ${Math.max(...values).toFixed(2)}) ms`;
  const ratio = (a: number[], b: number[]) => {
    const r = a.map((x, i) => x / (b[i] ?? Number.NaN));
    return `${median(r).toFixed(2)} (min ${Math.min(...r).toFixed(2)}, max ${Math.max(...r).toFixed(2)})`;
  };
  const warm = median(f.run);
  return [
    '',
    '## The Apps Script runtime',
    '',
    `Fixed counts: ${ROUNDS} rounds of ${RUNS_PER_ROUND} sequential calls of each, the order rotating per round;`,
    'each figure is the median over rounds of the per-round median (min–max over rounds). Budget: a warm',
    `trivial run ≤ 5 ms: **${warm <= 5 ? 'met' : 'not met'}** (${warm.toFixed(2)} ms).`,
    '',
    '| measure | median ms per call | ratio to its peer (median of per-round ratios, min, max) |',
    '|---|---|---|',
    `| \`projects.get\` (the peer: HTTP, validation, routing) | ${ms(f.get)} | 1 |`,
    `| \`scripts.run\` of \`trivial()\`, warm | ${ms(f.run)} | ${ratio(f.run, f.get)} × \`projects.get\` |`,
    `| \`scripts.run\` of a function calling PropertiesService, CacheService and Utilities.computeDigest | ${ms(f.services)} | ${ratio(f.services, f.run)} × \`trivial()\` |`,
    '',
    ...hostMemoryReport(f.host, f.peer, f.load),
  ];
}

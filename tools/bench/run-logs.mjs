// `specbound gas run --logs` against `specbound gas run` on the same emulator, in the same run: the
// time from starting the command to its exit, for the same function of the same deployment (it logs
// five lines). Both run as a user runs them, the built bin in a new process; the emulator is started
// in this process and reached over loopback. A fixed number of rounds, one run of each per round, the
// order alternating each round; the figure is the median of the per-round ratios (with --logs /
// without) with min and max. Writes tools/bench/run-logs.md.
// Budget (issue 24): result and log lines in ≤ 1.5× the time of `gas run` alone.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppsScriptClient } from '@specbound/apps-script';
import { startEmulator } from '@specbound/emulator';
import { median } from './stats.mjs';
import { timedRun } from './timed-run.mjs';

const ROUNDS = 15;
const BUDGET = 1.5;
const here = dirname(fileURLToPath(import.meta.url));
const bin = join(here, '..', 'bin', 'specbound.js');
const TOKEN = 'bench-google-token';
const CODE = `function main(n) {
  for (var i = 0; i < 5; i++) console.log('step %d of %d', i + 1, n);
  return n * 2;
}
`;

const emulator = await startEmulator({ port: 0 });
const dir = await mkdtemp(join(tmpdir(), 'specbound-run-logs-bench-'));
const client = createAppsScriptClient({ baseUrl: emulator.appsScriptUrl, auth: TOKEN });
const { scriptId } = await client.projects.create({ title: 'Run logs bench' });
await client.projects.updateContent({
  scriptId,
  files: [
    { name: 'appsscript', type: 'JSON', source: '{"timeZone":"Etc/UTC","executionApi":{"access":"MYSELF"}}' },
    { name: 'Code', type: 'SERVER_JS', source: CODE },
  ],
});
await client.projects.versions.create({ scriptId });
await client.projects.deployments.create({ scriptId, versionNumber: 1 });
await writeFile(join(dir, '.clasp.json'), JSON.stringify({ scriptId, projectId: 'bench-project' }));
const env = {
  PATH: process.env.PATH,
  HOME: dir,
  NO_COLOR: '1',
  SPECBOUND_CONFIG_DIR: join(dir, 'config'),
  SPECBOUND_APPS_SCRIPT_URL: emulator.appsScriptUrl,
  SPECBOUND_GOOGLE_TOKEN: TOKEN,
};

const subjects = [
  { name: 'specbound gas run main -p [3]', args: ['gas', 'run', 'main', '-p', '[3]'] },
  { name: 'specbound gas run main -p [3] --logs', args: ['gas', 'run', 'main', '-p', '[3]', '--logs'] },
];
// Warm-up: one of each (Node's compile cache, the emulator's sandbox worker); and a check that
// --logs printed the run's five lines.
for (const s of subjects) await timedRun([bin, ...s.args], { cwd: dir, env });
const { out } = await timedRun([bin, ...subjects[1].args], { cwd: dir, env });
if ((out.match(/step \d of 3/g) ?? []).length !== 5)
  throw new Error(`--logs did not print the five lines:\n${out}`);

const times = subjects.map(() => []);
const ratios = [];
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? [0, 1] : [1, 0];
  const roundTimes = [];
  for (const i of order) roundTimes[i] = (await timedRun([bin, ...subjects[i].args], { cwd: dir, env })).ms;
  for (const [i, ms] of roundTimes.entries()) times[i].push(ms);
  ratios.push(roundTimes[1] / roundTimes[0]);
}
await emulator.close();
await rm(dir, { recursive: true, force: true });

const fmt = (ms) => `${ms.toFixed(0)} ms`;
const ratio = median(ratios);
const row = (i) =>
  `| \`${subjects[i].name}\` | ${fmt(median(times[i]))} | ${fmt(Math.min(...times[i]))} | ${fmt(Math.max(...times[i]))} |`;
const md = `# \`specbound gas run --logs\` vs \`specbound gas run\`: the result and the run's own lines

The time from starting the command to its exit (the built bin, a new Node process each time, as a user
runs it) for the same function of the same API-executable deployment, which logs five lines; with
\`--logs\` the CLI then lists the caller's processes of that function and reads the run's lines from
Cloud Logging's \`entries.list\`, both served by one emulator started in this run. ${ROUNDS} rounds of one run of
each after a warm-up, the order alternating every round; Node ${process.version} on ${process.platform}-${process.arch}.

| command | median | min | max |
|---|---|---|---|
${row(0)}
${row(1)}

**\`--logs\` takes ${ratio.toFixed(2)}× the time of \`gas run\` alone** (per-round ratio: median ${ratio.toFixed(2)}×, min ${Math.min(...ratios).toFixed(2)}×, max ${Math.max(...ratios).toFixed(2)}×).
Budget: ≤ ${BUDGET}× (median): ${ratio <= BUDGET ? 'met' : 'NOT met'}.

Machine load while measuring (1-minute load average): ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores.
`;
await writeFile(join(here, 'run-logs.md'), md);
console.log(md);

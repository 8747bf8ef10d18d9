// `--help` of specbound against clasp's, both started as fresh Node processes in the same run, a fixed
// number of rounds, the order rotated every round. Three pairs: the top-level help, the Apps Script
// group's help (`specbound gas --help`, which loads every gas command file, against `clasp --help`,
// which lists clasp's commands), and one command's (`create-deployment --help`, a clasp name). The
// figure of each pair is the median of its per-round ratios (clasp / specbound) with min and max.
// Writes tools/bench/results.md.
// Budgets: specbound --help ≤ 150 ms (median, issue 12); every pair ≥ 10× faster than clasp (issue 22).
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLASP_BIN, CLASP_VERSION, SPECBOUND_BIN } from './bins.mjs';
import { median } from './stats.mjs';

const ROUNDS = 15;
const WARMUP = 2;
const RATIO_BUDGET = 10;
const here = dirname(fileURLToPath(import.meta.url));

const subjects = [
  { name: 'specbound --help', args: [SPECBOUND_BIN, '--help'] },
  { name: 'specbound gas --help', args: [SPECBOUND_BIN, 'gas', '--help'] },
  {
    name: 'specbound gas create-deployment --help',
    args: [SPECBOUND_BIN, 'gas', 'create-deployment', '--help'],
  },
  { name: 'clasp --help', args: [CLASP_BIN, '--help'] },
  { name: 'clasp create-deployment --help', args: [CLASP_BIN, 'create-deployment', '--help'] },
  // The floor: a Node process that does nothing, to show what the machine's own start-up costs.
  { name: 'node -e ""', args: ['-e', ''] },
];
// [specbound subject, clasp subject] of each pair.
const PAIRS = [
  [0, 3],
  [1, 3],
  [2, 4],
];

function once(subject) {
  const check = subject.args.at(-1) === '--help';
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, subject.args, {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0 || (check && !/usage/i.test(result.stdout))) {
    throw new Error(`${subject.name} failed (${result.status}): ${result.stderr}`);
  }
  return ms;
}

for (let i = 0; i < WARMUP; i++) for (const subject of subjects) once(subject);

const times = subjects.map(() => []);
const ratios = PAIRS.map(() => []);
for (let round = 0; round < ROUNDS; round++) {
  // Rotate: each subject runs first, second, ... in turn, so no one always follows a slow one.
  const order = subjects.map((_, i) => (i + round) % subjects.length);
  const roundTimes = [];
  for (const i of order) roundTimes[i] = once(subjects[i]);
  for (const [i, ms] of roundTimes.entries()) times[i].push(ms);
  for (const [p, [ours, theirs]] of PAIRS.entries()) ratios[p].push(roundTimes[theirs] / roundTimes[ours]);
}

const fmt = (ms) => `${ms.toFixed(0)} ms`;
const x = (r) => `${r.toFixed(1)}×`;
const topLevel = median(times[0]);
const budgetTime = topLevel <= 150;
const pairRows = PAIRS.map(([ours, theirs], p) => {
  const r = ratios[p];
  const met = median(r) >= RATIO_BUDGET;
  return {
    met,
    row: `| \`${subjects[ours].name}\` vs \`${subjects[theirs].name}\` | **${x(median(r))}** | ${x(Math.min(...r))} | ${x(Math.max(...r))} | ${met ? 'met' : '**missed**'} |`,
  };
});

const md = `# @specbound/tools

## \`--help\`: specbound vs clasp ${CLASP_VERSION}

Each command started as a fresh \`node\` process (the way a shell runs it), ${ROUNDS} rounds after
${WARMUP} warm-up runs each, the order rotated every round; Node ${process.version} on ${process.platform}-${process.arch}.

| command | median | min | max |
|---|---|---|---|
${subjects.map((s, i) => `| \`${s.name}\` | ${fmt(median(times[i]))} | ${fmt(Math.min(...times[i]))} | ${fmt(Math.max(...times[i]))} |`).join('\n')}

Per-round ratio (clasp time / specbound time), budget ≥ ${RATIO_BUDGET}× (issue 22):

| pair | median | min | max | budget |
|---|---|---|---|---|
${pairRows.map((p) => p.row).join('\n')}

Machine load while measuring (1-minute load average): ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores.

Budget: \`specbound --help\` median ≤ 150 ms — ${budgetTime ? 'met' : '**missed**'}.
`;
await writeFile(join(here, 'results.md'), md);
process.stdout.write(md);
// A missed budget is recorded in results.md (and said here), not turned into a failed run: the figures
// of a busy machine are still worth stitching into BENCHMARKS.md.
if (!budgetTime || pairRows.some((p) => !p.met))
  process.stderr.write('warning: a --help budget was missed (see above)\n');

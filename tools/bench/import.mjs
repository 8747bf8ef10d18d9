// How long `import '@specbound/tools'` takes (the built entry, dist/index.js), against what it no longer
// loads at module load: @specbound/emulator (runDemo and `specbound emulator` import it on use) and
// google-auth-library (a Google login loads it on use); and the two clients alone (with
// @specbound/http), which a caller imports anyway to build the clients the workflows take: the floor. Each import runs in a fresh Node process, which times the `import()` itself
// (performance.now() around it, so Node's own start-up is left out). A fixed number of rounds, the
// order rotating every round; the figure is the median of the per-round ratios (peer / tools) with
// min and max. Writes tools/bench/import-results.md. Budget (issue 21): median ≤ 80 ms.
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median } from './stats.mjs';

const ROUNDS = 21;
const WARMUP = 2;
const BUDGET_MS = 80;
const here = dirname(fileURLToPath(import.meta.url));

const subjects = [
  {
    name: "import '@specbound/tools'",
    specifiers: [pathToFileURL(join(here, '..', 'dist', 'index.js')).href],
  },
  { name: "import '@specbound/emulator'", specifiers: ['@specbound/emulator'] },
  { name: "import 'google-auth-library'", specifiers: ['google-auth-library'] },
  {
    name: "import '@specbound/apps-script' and '@specbound/bugsmash' (the floor)",
    specifiers: ['@specbound/apps-script', '@specbound/bugsmash'],
  },
];

/** Milliseconds the `import()`s of `specifiers` take in a fresh process started in tools/. */
function importTime(specifiers) {
  const imports = specifiers.map((specifier) => `await import(${JSON.stringify(specifier)});`).join(' ');
  const script = `const t = performance.now(); ${imports} process.stdout.write(String(performance.now() - t));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: join(here, '..'),
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`import ${specifiers} failed (${result.status}): ${result.stderr}`);
  return Number(result.stdout);
}

for (let i = 0; i < WARMUP; i++) for (const subject of subjects) importTime(subject.specifiers);

const times = subjects.map(() => []);
const ratios = subjects.map(() => []);
for (let round = 0; round < ROUNDS; round++) {
  // Rotate: each subject takes every position in turn, so none always runs first (or last).
  const order = subjects.map((_, i) => (i + round) % subjects.length);
  const roundTimes = [];
  for (const i of order) roundTimes[i] = importTime(subjects[i].specifiers);
  for (const [i, ms] of roundTimes.entries()) {
    times[i].push(ms);
    ratios[i].push(ms / roundTimes[0]);
  }
}

const ms = (value) => `${value.toFixed(0)} ms`;
const ratio = (values) =>
  `${median(values).toFixed(2)}× (min ${Math.min(...values).toFixed(2)}×, max ${Math.max(...values).toFixed(2)}×)`;
const ours = median(times[0]);
const rows = subjects.map(
  ({ name }, i) =>
    `| ${name.replace(/'[^']+'/g, '`$&`')} | ${ms(median(times[i]))} | ${ms(Math.min(...times[i]))} | ${ms(Math.max(...times[i]))} | ${i === 0 ? '1 (the subject)' : ratio(ratios[i])} |`,
);

const md = `# @specbound/tools: importing the library

## \`import '@specbound/tools'\` vs what it loads on use

The time of the \`import()\` alone, each in a fresh \`node\` process (Node's own start-up left out), ${ROUNDS}
rounds after ${WARMUP} warm-up runs each, the order rotating every round; Node ${process.version} on
${process.platform}-${process.arch}. The ratio is the median of the per-round ratios (peer time / \`@specbound/tools\` time).
The emulator and google-auth-library are no longer loaded by the entry: \`runDemo\`, \`specbound emulator\`
and a Google login import them when they run. Neither are node:http (about 20 ms on its own), micromatch,
@jridgewell/trace-mapping and csv-stringify: the servers, \`.claspignore\` matching, TypeScript stack maps
and CSV export load them on use (loaded by the entry, they put its median at 88–90 ms here). The floor is what
a caller imports anyway to build the clients every workflow takes: what @specbound/tools adds is its
distance from that row.

| import | median | min | max | ratio to @specbound/tools |
|---|---|---|---|---|
${rows.join('\n')}

Machine load while measuring (1-minute load average): ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores.

Budget: median ≤ ${BUDGET_MS} ms — ${ours <= BUDGET_MS ? 'met' : '**missed**'}.
`;
await writeFile(join(here, 'import-results.md'), md);
process.stdout.write(md);
// A missed budget is recorded (and said here), not turned into a failed run: see help.mjs.
if (ours > BUDGET_MS)
  process.stderr.write('warning: importing @specbound/tools missed its budget (see above)\n');

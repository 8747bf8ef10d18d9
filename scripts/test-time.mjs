// How long the README's test command takes from a cold turbo cache: `./tools/dev test --force` (every
// task runs, nothing is replayed), on whatever machine runs this. Writes scripts/bench/test-time.md,
// which `node scripts/bench-report.mjs` stitches into BENCHMARKS.md. Not part of the `bench`
// task (it would run the whole test suite inside the benchmarks); run it on a quiet machine:
// `./tools/dev time:test`.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

const root = new URL('../', import.meta.url);
const runs = new URL('.turbo/runs/', root);
const rounds = Number(process.argv[2] ?? 1);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error('usage: node scripts/test-time.mjs [rounds]   (a whole number of runs, 1 by default)');
  process.exit(2);
}

const results = [];
for (let round = 0; round < rounds; round++) {
  const load = loadavg()[0];
  const started = Date.now();
  // bash's `times` prints the CPU its children used: turbo, pnpm and every task under them.
  const run = spawnSync(
    'bash',
    [
      '-c',
      './tools/dev test --force --summarize > .turbo/test-time.log 2>&1; status=$?; times; exit $status',
    ],
    { cwd: root, encoding: 'utf8' },
  );
  const wall = (Date.now() - started) / 1000;
  const [, children = ''] = run.stdout.trim().split('\n');
  const seconds = (text) => {
    const [, m, s] = /(\d+)m([\d.]+)s/.exec(text) ?? [];
    return Number(m) * 60 + Number(s);
  };
  const [user, sys] = children.split(/\s+/).map(seconds);
  const log = readFileSync(new URL('.turbo/test-time.log', root), 'utf8');
  const summary = readdirSync(runs)
    .map((name) => new URL(name, runs))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  const tasks = JSON.parse(readFileSync(summary, 'utf8')).tasks.map((task) => ({
    id: task.taskId,
    seconds: (task.execution.endTime - task.execution.startTime) / 1000,
  }));
  const result = {
    load,
    wall,
    cpu: user + sys,
    ok: run.status === 0,
    verdict: /specbound: (\d+) passed, (\d+) failed/.exec(log)?.[0] ?? 'no verdict line',
    tasks,
  };
  results.push(result);
  console.log(
    `round ${round + 1}: ${wall.toFixed(1)} s wall, ${result.cpu.toFixed(1)} s CPU, load before ${load.toFixed(2)}; ${result.verdict}`,
  );
  if (!result.ok) {
    console.error(`the test command failed: see .turbo/test-time.log\n${log.slice(-3000)}`);
    process.exit(1);
  }
}

const walls = results.map((r) => r.wall).sort((a, b) => a - b);
const median = walls[Math.floor(walls.length / 2)];
const last = results.at(-1);
const longest = [...last.tasks].sort((a, b) => b.seconds - a.seconds).slice(0, 8);
const rows = results.map(
  (r, i) =>
    `| ${i + 1} | ${r.load.toFixed(2)} | ${r.wall.toFixed(1)} s | ${r.cpu.toFixed(1)} s | ${r.verdict} |`,
);
writeFileSync(
  new URL('scripts/bench/test-time.md', root),
  `# The test command from a cold turbo cache (scripts/test-time.mjs)

\`./tools/dev test --force\`: the README's test command with every turbo task run (nothing
replayed from the cache), ${availableParallelism()} cores, measured ${new Date().toISOString().slice(0, 10)}.
Goal (issues 15 and 21): within 90 s on a 2-core machine. Median of ${results.length} run(s): **${median.toFixed(1)} s**.

| run | load before | wall | CPU (all processes) | result |
|---|---|---|---|---|
${rows.join('\n')}

The longest tasks of the last run (they overlap: turbo runs tasks in parallel):

| task | s |
|---|---|
${longest.map((t) => `| ${t.id} | ${t.seconds.toFixed(1)} |`).join('\n')}

Before this work: 154-158 s on a quiet machine (173 s wall and 318 s of CPU at the start of the
session that made the changes). What changed, with the CPU each saved:
- \`tsc\` is TypeScript 7, the native compiler (4.8-7.7 s → 0.8-1.3 s per package, 12 runs);
  openapi-typescript keeps TypeScript 5.9 (.pnpmfile.cjs), and \`test:install\` type-checks the
  packed declarations with both.
- vitest reuses one module graph per worker (\`isolate: false\`): http 6.6 → 2.8 s, apps-script
  6.3 → 3.0 s, bugsmash 6.0 → 2.6 s, emulator 77 → 39 s with the next two.
- The emulator's subprocess tests start its built bin (0.35 s) instead of \`node src/cli.ts\`, which
  bundled the YAML specs with Redocly on every start (1.2 s); its clasp runs share Node's compile
  cache (17.5 → 12 s).
- The CLI's e2e tests run commands in-process through the built CLI's \`main(argv, runtime)\` (a
  subprocess cost 0.2 s of CPU each, half of it Node's fetch starting, for 210 runs); the frame,
  module loading and signals still run the bin: tools 65 → 14 s.
- The docs site builds as soon as the specs are linted, not after every package build.

Since then (issues 21–27) the suite grew from 985 to about 1,590 tests (four new packages, the
offline Apps Script runtime, the clasp drop-in) and the goal was missed again: 100–105 s on a quiet
machine on about 190 s of CPU, which 2 cores cannot finish in under about 95 s. Issue 21's last
round took about 40 s of CPU out (190 → 152 s), every assertion kept:
- The emulator compiles QuickJS's WebAssembly once per process and hands the module to each sandbox
  worker (a worker starts on 113 ms of CPU instead of 165, a run takes 3.2 ms instead of 6.5), and
  compiles a save on a free run worker instead of starting a thread for it; its vitest workers load
  modules through Node's compile cache; tests that waited a fixed time while a guest spun its worker
  now wait for the event (the guest's loopback call, a recorded run): emulator suite 46 → 31 s.
- The docs browser tests open the landing page and the five references side by side, each Redoc
  page loaded once, with 7 screenshots instead of 17: 37 → 18–20 s wall, 26 → 22 s CPU.
- lint:package runs arethetypeswrong in-process and reads the tarball it unpacked (11 → 8 s); one
  Redocly process bundles the five specs for the contract tests (11 → 8.7 s); clasp-parity pushes
  its three trees from one clasp process; the emulators of one process share their compiled specs.
Right after \`./tools/dev demo\` in a fresh clone (what the README's Quick start does; cold compile
caches, Chromium unpacked on first use), two clones took 90.3 and 88.7 s on 163 and 168 s of CPU:
at the goal, not under it with room to spare. The tail is the tools and emulator suites (about 30 s
of CPU each, alone 20–26 s wall) and the docs build with its Chromium tests.

The next round measured where a fresh clone's first run spends more than a later one (163 s of CPU
against 142 s for the same tasks): vitest transforming files it has not cached yet, Node compiling
what its compile cache does not hold yet, and Chromium unpacked. What it changed:
- vitest loads the workspace packages' built dist/ with Node instead of transforming it as source
  (two thirds of what it transformed): all suites, cold, 122 → 116.5 s of CPU.
- The first sandbox worker of a process writes Node's compile cache once the engine is loaded, so
  the workers after it do not compile the engine again: cold emulator suite 32–33 → 29–31 s.
- \`tsc --singleThreaded\` for typecheck and build (a dozen compilers start at once on 2 cores):
  typecheck 15 → 12.5 s, build 6.4 → 5.2 s.
- One Redocly process bundles all six specs for the docs build and the docs samples test (one per
  spec before): docs build 5.6 → 4.4 s.
A fresh clone right after the demo then took 86.3 s on 155 s of CPU (90.8 s on 163 s before).

Then the generated-code checks became one step. Six packages each had a drift test that started
openapi-typescript (and the TypeScript it loads) in its own test run, about 0.9 s of CPU each, and
the emulator compared four spec bundles with a second bundler. \`lint:generated\` repeats every
package's \`generate\` script in memory in one process (1.5 s of CPU for six schemas and five
bundles, logging's bundle included, which nothing checked before).
`,
);
console.log('wrote scripts/bench/test-time.md');

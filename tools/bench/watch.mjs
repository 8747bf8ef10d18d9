// `specbound gas push --watch` against `clasp push --watch` on the same emulator, in the same run: the
// time from a file save to the emulator holding the new content (debounce, scan, push). Each tool runs
// as one long-lived watching process (the way a developer leaves it running) on its own 20-file
// project; clasp's requests reach the emulator through @specbound/emulator's redirect preload,
// unchanged. A fixed number of saves per tool, one per round, the order alternating each round; the
// emulator is polled every 2 ms for the saved text. The figure is the median of the per-round ratios
// (clasp / specbound) with min and max. Writes tools/bench/watch.md.
// Budget (issue 24): save → pushed ≤ 300 ms (median, debounce included).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { createAppsScriptClient } from '@specbound/apps-script';
import { startEmulator } from '@specbound/emulator';
import { CLASP_BIN, CLASP_VERSION, SPECBOUND_BIN } from './bins.mjs';
import { claspEnv, writeClaspLogin } from './clasp-login.mjs';
import { scriptFiles, writeProject } from './project.mjs';
import { median } from './stats.mjs';

const ROUNDS = 10;
const FILES = 20;
const POLL_MS = 2;
const BUDGET_MS = 300;
const here = dirname(fileURLToPath(import.meta.url));
const TOKEN = 'bench-google-token';

const emulator = await startEmulator({ port: 0 });
const root = await mkdtemp(join(tmpdir(), 'specbound-watch-bench-'));
const client = createAppsScriptClient({ baseUrl: emulator.appsScriptUrl, auth: TOKEN });

async function remoteSource(scriptId) {
  const content = await client.projects.getContent({ scriptId });
  return content.files?.find((f) => f.name === 'file07')?.source;
}

/** Resolves once the emulator holds `source` for file07, with the milliseconds since `start`. */
async function landed(scriptId, source, start, timeoutMs = 15_000) {
  for (;;) {
    if ((await remoteSource(scriptId)) === source) return Number(process.hrtime.bigint() - start) / 1e6;
    if (Number(process.hrtime.bigint() - start) / 1e6 > timeoutMs) throw new Error('the save never landed');
    await sleep(POLL_MS);
  }
}

const home = await writeClaspLogin(join(root, 'home'));
const subjects = [
  {
    name: 'specbound gas push --watch',
    ...(await writeProject(client, root, 'specbound', scriptFiles(FILES - 1))),
    args: [SPECBOUND_BIN, 'gas', 'push', '--watch', '--force'],
    env: {
      PATH: process.env.PATH,
      HOME: home,
      SPECBOUND_CONFIG_DIR: join(root, 'config'),
      SPECBOUND_APPS_SCRIPT_URL: emulator.appsScriptUrl,
      SPECBOUND_GOOGLE_TOKEN: TOKEN,
    },
  },
  {
    name: `clasp ${CLASP_VERSION} push --watch`,
    ...(await writeProject(client, root, 'clasp', scriptFiles(FILES - 1))),
    args: [CLASP_BIN, 'push', '--watch', '--force'],
    env: claspEnv(home, emulator.appsScriptUrl),
  },
];

// Start both watchers; each one's first push (all 20 files) is the warm-up. specbound gets --force
// because it has no record of the new project (clasp always pushes the local tree exactly).
for (const s of subjects) {
  s.output = '';
  s.child = spawn(process.execPath, s.args, { cwd: s.dir, env: s.env, stdio: ['ignore', 'pipe', 'pipe'] });
  s.child.stdout.on('data', (c) => {
    s.output += c;
  });
  s.child.stderr.on('data', (c) => {
    s.output += c;
  });
  const first = await readFile(join(s.dir, 'file07.js'), 'utf8');
  await landed(s.scriptId, first, process.hrtime.bigint(), 30_000);
}
// Both watchers are set up once their first push is in; give clasp's chokidar its initial scan.
await sleep(1000);

const times = subjects.map(() => []);
const ratios = [];
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? [0, 1] : [1, 0];
  const roundTimes = [];
  for (const i of order) {
    const s = subjects[i];
    const source = `function f7() {\n  return ${round};\n}\n`;
    const start = process.hrtime.bigint();
    await writeFile(join(s.dir, 'file07.js'), source);
    roundTimes[i] = await landed(s.scriptId, source, start).catch((error) => {
      throw new Error(`${s.name}: ${error.message}\n${s.output}`);
    });
    // Let the watcher settle (its own state write, clasp's trailing events) before the next save.
    await sleep(300);
  }
  for (const [i, ms] of roundTimes.entries()) times[i].push(ms);
  ratios.push(roundTimes[1] / roundTimes[0]);
}
for (const s of subjects) s.child.kill('SIGINT');
await Promise.all(
  subjects.map((s) => new Promise((r) => (s.child.exitCode === null ? s.child.once('close', r) : r()))),
);
await emulator.close();
await rm(root, { recursive: true, force: true });

const fmt = (ms) => `${ms.toFixed(0)} ms`;
const ratio = median(ratios);
const ours = median(times[0]);
const row = (i) =>
  `| \`${subjects[i].name}\` | ${fmt(median(times[i]))} | ${fmt(Math.min(...times[i]))} | ${fmt(Math.max(...times[i]))} |`;
const md = `# \`specbound gas push --watch\` vs \`clasp push --watch\`: save → pushed

The time from writing a file to the emulator holding its new text, for a watcher left running on a
${FILES}-file project (the manifest and ${FILES - 1} scripts): each tool's debounce (specbound 120 ms, clasp 500 ms), its
scan and its push. Each tool watches its own project on one emulator started in this run (clasp
unchanged, its requests sent to the emulator by \`@specbound/emulator/redirect\`); ${ROUNDS} rounds of one
save per tool after each watcher's first push, the order alternating every round, the emulator polled
every ${POLL_MS} ms; Node ${process.version} on ${process.platform}-${process.arch}.

| command | median | min | max |
|---|---|---|---|
${row(0)}
${row(1)}

**specbound is ${ratio.toFixed(1)}× faster** (per-round ratio clasp / specbound: median ${ratio.toFixed(1)}×, min ${Math.min(...ratios).toFixed(1)}×, max ${Math.max(...ratios).toFixed(1)}×).
Budget: save → pushed ≤ ${BUDGET_MS} ms (median): ${ours <= BUDGET_MS ? 'met' : 'NOT met'} (${fmt(ours)}).

Machine load while measuring (1-minute load average): ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores.
`;
await writeFile(join(here, 'watch.md'), md);
console.log(md);

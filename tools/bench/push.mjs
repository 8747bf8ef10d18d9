// `specbound gas push` against `clasp push` on the same emulator, in the same run: a 20-file project
// (the manifest and 19 scripts) with one file changed before every push. Both tools start as fresh Node
// processes (the way a shell runs them) and push to their own emulator project; clasp's requests reach
// the emulator through @specbound/emulator's redirect preload, unchanged. A fixed number of rounds,
// one push per tool per round, the order alternating each round; the figure is the median of the
// per-round ratios (clasp / specbound) with min and max. Writes tools/bench/push.md.
// Budget (issue 22): specbound ≥ 5× faster.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppsScriptClient } from '@specbound/apps-script';
import { startEmulator } from '@specbound/emulator';
import { CLASP_BIN, CLASP_VERSION, SPECBOUND_BIN } from './bins.mjs';
import { claspEnv, writeClaspLogin } from './clasp-login.mjs';
import { scriptFiles, writeProject } from './project.mjs';
import { median } from './stats.mjs';
import { timedRun } from './timed-run.mjs';

const ROUNDS = 10;
const FILES = 20;
const here = dirname(fileURLToPath(import.meta.url));
const TOKEN = 'bench-google-token';

const emulator = await startEmulator({ port: 0 });
const root = await mkdtemp(join(tmpdir(), 'specbound-push-bench-'));
const client = createAppsScriptClient({ baseUrl: emulator.appsScriptUrl, auth: TOKEN });

const home = await writeClaspLogin(join(root, 'home'));
const subjects = [
  {
    name: 'specbound gas push',
    ...(await writeProject(client, root, 'specbound', scriptFiles(FILES - 1))),
    args: [SPECBOUND_BIN, 'gas', 'push'],
    env: {
      PATH: process.env.PATH,
      HOME: home,
      SPECBOUND_CONFIG_DIR: join(root, 'config'),
      SPECBOUND_APPS_SCRIPT_URL: emulator.appsScriptUrl,
      SPECBOUND_GOOGLE_TOKEN: TOKEN,
    },
  },
  {
    name: `clasp ${CLASP_VERSION} push`,
    ...(await writeProject(client, root, 'clasp', scriptFiles(FILES - 1))),
    args: [CLASP_BIN, 'push', '--force'],
    env: claspEnv(home, emulator.appsScriptUrl),
  },
];

// Warm-up: the first push of each (all 20 files over the new project's manifest: specbound needs
// --force there, having no record of the project), then a push with nothing changed.
for (const s of subjects) {
  await timedRun(s.args.includes('--force') ? s.args : [...s.args, '--force'], { cwd: s.dir, env: s.env });
  await timedRun(s.args, { cwd: s.dir, env: s.env });
}

const times = subjects.map(() => []);
const ratios = [];
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? [0, 1] : [1, 0];
  const roundTimes = [];
  for (const i of order) {
    const s = subjects[i];
    // One file changed since the last push.
    await writeFile(join(s.dir, 'file07.js'), `function f7() {\n  return ${round};\n}\n`);
    roundTimes[i] = (await timedRun(s.args, { cwd: s.dir, env: s.env })).ms;
  }
  for (const [i, ms] of roundTimes.entries()) times[i].push(ms);
  ratios.push(roundTimes[1] / roundTimes[0]);
}
// Both pushed what they were given.
for (const s of subjects) {
  const content = await client.projects.getContent({ scriptId: s.scriptId });
  const changed = content.files?.find((f) => f.name === 'file07')?.source ?? '';
  // Every round wrote the changed file before each tool's push: both end on the last round's code.
  if (content.files?.length !== FILES || !changed.includes(`return ${ROUNDS - 1};`)) {
    throw new Error(`${s.name}: the project does not hold the pushed files`);
  }
}
await emulator.close();
await rm(root, { recursive: true, force: true });

const fmt = (ms) => `${ms.toFixed(0)} ms`;
const ratio = median(ratios);
const row = (i) =>
  `| \`${subjects[i].name}\` | ${fmt(median(times[i]))} | ${fmt(Math.min(...times[i]))} | ${fmt(Math.max(...times[i]))} |`;
const md = `# \`specbound gas push\` vs \`clasp push\`

A ${FILES}-file project (the manifest and ${FILES - 1} scripts) with one file changed before each push, each tool
pushing to its own project on one emulator started in this run (clasp unchanged, its requests sent to
the emulator by \`@specbound/emulator/redirect\`). Each push is a fresh \`node\` process; ${ROUNDS} rounds of
one push per tool after 2 warm-up pushes each, the order alternating every round; Node ${process.version} on ${process.platform}-${process.arch}.

| command | median | min | max |
|---|---|---|---|
${row(0)}
${row(1)}

**specbound is ${ratio.toFixed(1)}× faster** (per-round ratio clasp / specbound: median ${ratio.toFixed(1)}×, min ${Math.min(...ratios).toFixed(1)}×, max ${Math.max(...ratios).toFixed(1)}×; budget ≥ 5×: ${ratio >= 5 ? 'met' : 'NOT met'}).

Machine load while measuring (1-minute load average): ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores.
`;
await writeFile(join(here, 'push.md'), md);
console.log(md);

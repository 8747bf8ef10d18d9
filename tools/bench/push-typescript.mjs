// `specbound gas push` of a TypeScript project against the same project in plain `.js`, on one
// emulator, in the same run: 20 files (the manifest and 19 sources: an entry importing 18 modules, or
// 19 script files defining the same functions), one source changed before every push. Each push is a
// fresh Node process (the way a shell runs it); a fixed number of rounds, one push of each per round,
// the order alternating each round; the figure is the median of the per-round ratios (TypeScript /
// JavaScript) with min and max. Writes tools/bench/push-typescript.md.
// Budget (issue 24): a TypeScript push ≤ 2× the time of the plain-JS push.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppsScriptClient } from '@specbound/apps-script';
import { startEmulator } from '@specbound/emulator';
import { SPECBOUND_BIN } from './bins.mjs';
import { writeProject } from './project.mjs';
import { median } from './stats.mjs';
import { timedRun } from './timed-run.mjs';

const ROUNDS = 10;
const MODULES = 18;
const here = dirname(fileURLToPath(import.meta.url));
const TOKEN = 'bench-google-token';

const emulator = await startEmulator({ port: 0 });
const root = await mkdtemp(join(tmpdir(), 'specbound-push-ts-bench-'));
const client = createAppsScriptClient({ baseUrl: emulator.appsScriptUrl, auth: TOKEN });
const env = {
  PATH: process.env.PATH,
  HOME: join(root, 'home'),
  SPECBOUND_CONFIG_DIR: join(root, 'config'),
  SPECBOUND_APPS_SCRIPT_URL: emulator.appsScriptUrl,
  SPECBOUND_GOOGLE_TOKEN: TOKEN,
};

const body = (i) => Array.from({ length: 40 }, (_, n) => `  total += ${i} * ${n};`).join('\n');
const mod = (i) => `m${String(i).padStart(2, '0')}`;

/** The TypeScript sources: Code.ts (the entry) importing 18 typed modules. */
function typescriptFiles(round) {
  const files = {};
  for (let i = 1; i <= MODULES; i++) {
    files[`${mod(i)}.ts`] =
      `export function f${i}(seed: number): number {\n  let total: number = seed;\n${body(i)}\n  return total;\n}\n`;
  }
  const imports = Array.from({ length: MODULES }, (_, k) => `import { f${k + 1} } from './${mod(k + 1)}';`);
  const calls = Array.from({ length: MODULES }, (_, k) => `f${k + 1}(seed)`).join(' + ');
  files['Code.ts'] =
    `${imports.join('\n')}\n\nexport function main(seed: number): number {\n  return ${calls} + ${round};\n}\n`;
  return files;
}

/** The same functions as plain Apps Script files. */
function javascriptFiles(round) {
  const files = {};
  for (let i = 1; i <= MODULES; i++) {
    files[`${mod(i)}.js`] = `function f${i}(seed) {\n  let total = seed;\n${body(i)}\n  return total;\n}\n`;
  }
  const calls = Array.from({ length: MODULES }, (_, k) => `f${k + 1}(seed)`).join(' + ');
  files['Code.js'] = `function main(seed) {\n  return ${calls} + ${round};\n}\n`;
  return files;
}

const subjects = [
  { name: 'TypeScript (19 .ts, bundled)', files: typescriptFiles, entry: 'Code.ts' },
  { name: 'plain JavaScript (19 .js)', files: javascriptFiles, entry: 'Code.js' },
];
for (const s of subjects)
  Object.assign(s, await writeProject(client, root, s.name.split(' ')[0], s.files(-1)));

// Warm-up: the first push (over the new project's manifest, so --force), then one with nothing changed.
for (const s of subjects) {
  await timedRun([SPECBOUND_BIN, 'gas', 'push', '--force'], { cwd: s.dir, env });
  await timedRun([SPECBOUND_BIN, 'gas', 'push'], { cwd: s.dir, env });
}

const times = subjects.map(() => []);
const ratios = [];
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? [0, 1] : [1, 0];
  const roundTimes = [];
  for (const i of order) {
    const s = subjects[i];
    // One source changed since the last push.
    await writeFile(join(s.dir, s.entry), s.files(round)[s.entry]);
    roundTimes[i] = (await timedRun([SPECBOUND_BIN, 'gas', 'push'], { cwd: s.dir, env })).ms;
  }
  for (const [i, ms] of roundTimes.entries()) times[i].push(ms);
  ratios.push(roundTimes[0] / roundTimes[1]);
}
// Both pushed the last round's code: the bundle, or Code.js.
for (const s of subjects) {
  const content = await client.projects.getContent({ scriptId: s.scriptId });
  const sent =
    content.files?.find((f) => f.name === (s.entry === 'Code.ts' ? 'bundle' : 'Code'))?.source ?? '';
  if (!sent.includes(`+ ${ROUNDS - 1}`))
    throw new Error(`${s.name}: the project does not hold the pushed code`);
}
await emulator.close();
await rm(root, { recursive: true, force: true });

const fmt = (ms) => `${ms.toFixed(0)} ms`;
const ratio = median(ratios);
const row = (i) =>
  `| ${subjects[i].name} | ${fmt(median(times[i]))} | ${fmt(Math.min(...times[i]))} | ${fmt(Math.max(...times[i]))} |`;
const md = `# \`specbound gas push\`: a TypeScript project vs the same project in plain \`.js\`

A 20-file project (the manifest and 19 sources: \`Code.ts\` importing 18 typed modules, bundled with
esbuild on push; or the same functions as 19 \`.js\` files), one source changed before each push, each
pushed to its own project on one emulator started in this run. Each push is a fresh \`node\` process;
${ROUNDS} rounds of one push of each after 2 warm-up pushes each, the order alternating every round;
Node ${process.version} on ${process.platform}-${process.arch}.

| project | median | min | max |
|---|---|---|---|
${row(0)}
${row(1)}

**A TypeScript push takes ${ratio.toFixed(2)}× the time of the plain-JS push** (per-round ratio TypeScript / JavaScript: median ${ratio.toFixed(2)}×, min ${Math.min(...ratios).toFixed(2)}×, max ${Math.max(...ratios).toFixed(2)}×; budget ≤ 2×: ${ratio <= 2 ? 'met' : 'NOT met'}).

Machine load while measuring (1-minute load average): ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores.
`;
await writeFile(join(here, 'push-typescript.md'), md);
console.log(md);

// `./tools/dev test:install`: the README's Install promise, checked the way a newcomer would try it.
// In an empty folder outside the repository, with npm alone:
//   1. run the README's `npm install <tarballs…>` line (its paths pointed at this checkout's packs/);
//   2. start `npx specbound-emulator` and run an ESM script that calls both clients against it;
//   3. type-check a TypeScript file importing every package with skipLibCheck off and no @types/node;
//   4. `npx specbound --help`, once @specbound/tools is among the packages;
//   5. a vitest suite using the emulator's test entry points (test-install-testing.mjs).
// Run `node scripts/pack.mjs` first (the root script does).
import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publishablePackages, ROOT } from './packs.mjs';
import { runTestingSuite } from './test-install-testing.mjs';

const PACKS_DIR = join(ROOT, 'packs');
/** How the README writes the checkout's location in the install line. */
const README_ROOT = '/path/to/specbound';
const started = Date.now();
const step = (message) =>
  console.log(`test:install [${((Date.now() - started) / 1000).toFixed(1)} s] ${message}`);
const fail = (message) => {
  console.error(`test:install: ${message}`);
  process.exitCode = 1;
  throw new Error(message);
};

/** The README's Install section: its one `npm install` line. */
function readmeInstallLine() {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = /^## Install\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1];
  if (!section) fail('README.md has no "## Install" section');
  const lines = section.split('\n').filter((line) => line.startsWith('npm install '));
  if (lines.length !== 1)
    fail(`README.md's Install section must hold one \`npm install\` line (found ${lines.length})`);
  return lines[0];
}

const line = readmeInstallLine();
const packed = readdirSync(PACKS_DIR).filter((file) => file.endsWith('.tgz'));
const expected = publishablePackages().map((p) => `${p.name.replace(/^@/, '').replace('/', '-')}.tgz`);
const named = line
  .split(/\s+/)
  .slice(2)
  .map((arg) => basename(arg));
for (const file of expected) {
  if (!packed.includes(file)) fail(`packs/${file} is missing: run ./tools/dev pack`);
  if (!named.includes(file))
    fail(`README.md's install line does not install ${file}: add ${README_ROOT}/packs/${file}`);
}
for (const file of named)
  if (!expected.includes(file)) fail(`README.md's install line names ${file}, which no package packs into`);
const hasTools = expected.includes('specbound-tools.tgz');

const project = mkdtempSync(join(tmpdir(), 'specbound-newcomer-'));
let emulator;
try {
  writeFileSync(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'newcomer', private: true, type: 'module' }, null, 2)}\n`,
  );
  const command = line.replaceAll(README_ROOT, ROOT.replace(/\/$/, ''));
  step(`${command.replaceAll(ROOT.replace(/\/$/, ''), '<repo>')} (in ${project})`);
  execFileSync('sh', ['-c', command], {
    cwd: project,
    stdio: 'inherit',
    // Quiet and fast, but npm alone: no workspace, no pnpm, no lockfile from the repository.
    env: {
      ...process.env,
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
    },
  });
  for (const { name } of publishablePackages()) {
    if (!existsSync(join(project, 'node_modules', ...name.split('/'), 'package.json')))
      fail(`${name} was not installed`);
  }

  step('npx specbound-emulator --port 0');
  emulator = spawn('npx', ['--no-install', 'specbound-emulator', '--port', '0'], {
    cwd: project,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const urls = await new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`no base URLs within 30 s:\n${out}${err}`)), 30_000);
    emulator.stderr.on('data', (chunk) => {
      err += chunk;
    });
    emulator.once('exit', (code) => reject(new Error(`specbound-emulator exited (${code}):\n${out}${err}`)));
    emulator.stdout.on('data', (chunk) => {
      out += chunk;
      const appsScript = /Apps Script API\s+(http:\/\/\S+)/.exec(out)?.[1];
      const bugsmash = /BugSmash API\s+(http:\/\/\S+)/.exec(out)?.[1];
      if (appsScript && bugsmash) {
        clearTimeout(timer);
        resolve({ appsScript, bugsmash });
      }
    });
  });

  step(`node smoke.mjs (Apps Script at ${urls.appsScript}, BugSmash at ${urls.bugsmash})`);
  writeFileSync(
    join(project, 'smoke.mjs'),
    `import { createAppsScriptClient } from '@specbound/apps-script';
import { createBugSmashClient } from '@specbound/bugsmash';
import { ApiError } from '@specbound/http';

const appsScript = createAppsScriptClient({ baseUrl: process.env.APPS_SCRIPT_URL, auth: 'local-token' });
const created = await appsScript.projects.create({ title: 'Newcomer' });
const fetched = await appsScript.projects.get({ scriptId: created.scriptId });
if (fetched.title !== 'Newcomer') throw new Error('Apps Script: the project read back has title ' + fetched.title);

const bugsmash = createBugSmashClient({ baseUrl: process.env.BUGSMASH_URL, apiKey: 'local-emulator-key' });
const { review_link } = await bugsmash.projects.create({
  projectName: 'Newcomer site',
  projectType: 'website',
  websiteUrl: 'https://example.com',
});
const names = [];
for await (const project of bugsmash.projects.iterate({})) names.push(project.name);
if (!names.includes('Newcomer site')) throw new Error('BugSmash: the new project is not listed: ' + names.join(', '));

// One copy of @specbound/http is shared by both clients, so its error classes match across them.
const failure = await appsScript.projects.get({ scriptId: 'no-such-script' }).catch((error) => error);
if (!(failure instanceof ApiError) || failure.status !== 404) throw new Error('expected an ApiError 404, got ' + failure);
console.log('both clients work:', created.scriptId, review_link);
`,
  );
  execFileSync('node', ['smoke.mjs'], {
    cwd: project,
    stdio: 'inherit',
    env: { ...process.env, APPS_SCRIPT_URL: urls.appsScript, BUGSMASH_URL: urls.bugsmash },
  });

  // Issue 26: the emulator inside a user's vitest suite (kept in its own file).
  runTestingSuite(project, ROOT, step);

  step('tsc --noEmit over index.ts (skipLibCheck: false; the project itself installs no @types/node)');
  const imports = publishablePackages()
    .filter(({ name }) => name !== '@specbound/tools' || hasTools)
    .map(
      ({ name }, i) =>
        `import * as package${i} from '${name}';\nconsole.log(Object.keys(package${i}).length);`,
    );
  writeFileSync(join(project, 'index.ts'), `${imports.join('\n')}\n`);
  writeFileSync(
    join(project, 'tsconfig.json'),
    `${JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2023',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          skipLibCheck: false,
          // No @types/node in the project, and none picked up from anywhere else.
          types: [],
          noEmit: true,
        },
        files: ['index.ts'],
      },
      null,
      2,
    )}\n`,
  );
  if (existsSync(join(project, 'node_modules', '@types', 'node')))
    console.log('  (@types/node came in as a dependency of @specbound/tools, a Node-only library)');
  // The declarations are emitted by TypeScript 7; a user's project may still compile with
  // TypeScript 5, so both read them (5.9 is the copy openapi-typescript depends on).
  const typescript5 = join(
    dirname(
      createRequire(
        realpathSync(fileURLToPath(import.meta.resolve('openapi-typescript/package.json'))),
      ).resolve('typescript'),
    ),
    '..',
  );
  // A library that exports clients and cores has declarations emitted for them: every type a
  // client carries (its context, the operation functions' keys) must be nameable from the packages.
  writeFileSync(
    join(project, 'clients.ts'),
    `import { createAppsScriptClient, createAppsScriptCore, getProject } from '@specbound/apps-script';
import { createBugSmashClient, createBugSmashCore, listComments } from '@specbound/bugsmash';
import { createLoggingClient, createLoggingCore, listLogEntries } from '@specbound/logging';
import { createDriveClient, createDriveCore, listFiles } from '@specbound/drive';
import { createSheetsClient, createSheetsCore, getValues } from '@specbound/sheets';

export const appsScript = () => createAppsScriptClient({ auth: 'token' });
export const appsScriptCore = () => createAppsScriptCore({ auth: 'token' });
export const bugsmash = () => createBugSmashClient({ apiKey: 'key' });
export const bugsmashCore = () => createBugSmashCore({ apiKey: 'key' });
export const project = (scriptId: string) => getProject(appsScriptCore(), { scriptId });
export const comments = (projectId: string) => listComments(bugsmash(), { projectId });
export const logging = () => createLoggingClient({ auth: 'token' });
export const loggingCore = () => createLoggingCore({ auth: 'token' });
export const entries = () => listLogEntries(loggingCore(), { resourceNames: ['projects/my-project'] });
export const drive = () => createDriveClient({ auth: 'token' });
export const scriptFiles = () => listFiles(createDriveCore({ auth: 'token' }), { q: "trashed = false" });
export const sheets = () => createSheetsClient({ auth: 'token' });
export const values = (spreadsheetId: string) => getValues(createSheetsCore({ auth: 'token' }), { spreadsheetId, range: 'A1' });
export const operations = { getProject, listComments, listLogEntries, listFiles, getValues };
`,
  );
  writeFileSync(
    join(project, 'tsconfig.declarations.json'),
    `${JSON.stringify(
      {
        extends: './tsconfig.json',
        compilerOptions: { noEmit: false, declaration: true, emitDeclarationOnly: true, outDir: 'types' },
        files: ['clients.ts'],
      },
      null,
      2,
    )}\n`,
  );
  for (const typescript of [join(ROOT, 'node_modules', 'typescript'), typescript5]) {
    const { version } = JSON.parse(readFileSync(join(typescript, 'package.json'), 'utf8'));
    console.log(`  TypeScript ${version}: index.ts, and the declarations of clients.ts`);
    execFileSync('node', [join(typescript, 'bin', 'tsc'), '-p', project], { cwd: project, stdio: 'inherit' });
    execFileSync(
      'node',
      [join(typescript, 'bin', 'tsc'), '-p', join(project, 'tsconfig.declarations.json')],
      {
        cwd: project,
        stdio: 'inherit',
      },
    );
  }

  if (hasTools) {
    step('npx specbound --help');
    const help = execFileSync('npx', ['--no-install', 'specbound', '--help'], {
      cwd: project,
      encoding: 'utf8',
    });
    if (!/usage/i.test(help)) fail(`npx specbound --help printed no usage:\n${help}`);
  } else {
    step('@specbound/tools is not a published package yet: npx specbound --help skipped');
  }
  step('the packed tarballs install and work with npm alone');
} catch (error) {
  // A failed command already printed its own output; show only which step broke.
  if (!process.exitCode)
    console.error(
      error && typeof error === 'object' && 'status' in error
        ? `test:install: ${error.message.split('\n')[0]}`
        : error,
    );
  process.exitCode = 1;
} finally {
  if (emulator?.pid && emulator.exitCode === null) {
    // npx runs the bin in a child: stop the whole process group it leads.
    try {
      process.kill(-emulator.pid, 'SIGTERM');
    } catch {}
  }
  rmSync(project, { recursive: true, force: true });
}

// The same tree pushes the same files with either tool: Google's clasp 3.4.1 (unchanged, its requests
// sent to the emulator by @specbound/emulator's redirect preload) and `specbound gas push` each push a
// copy of one tree to their own emulator project; both projects must then hold the same files.
// clasp runs as a process of its own (that is what is compared), which pushes every tree in turn
// through clasp's own program, as its bin runs it; specbound runs in-process through the harness.
import { spawn } from 'node:child_process';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createAppsScriptClient } from '@specbound/apps-script';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TOKEN, type Harness, startHarness } from './harness.js';

const CLASP = createRequire(import.meta.url).resolve('@google/clasp');
// The package exports only its bin; its program module is loaded by path, as its tests do.
const CLASP_PROGRAM = pathToFileURL(join(dirname(CLASP), 'commands', 'program.js')).href;
// clasp's own commander (the one its program throws errors of), resolved from clasp.
const COMMANDER = createRequire(CLASP).resolve('commander');
const REDIRECT = import.meta.resolve('@specbound/emulator/redirect');

let h: Harness;
let home: string;

beforeAll(async () => {
  h = await startHarness();
  home = await h.tempDir();
  // What `clasp login` leaves behind, with dummy values (the emulator's token endpoint refreshes it).
  await writeFile(
    join(home, '.clasprc.json'),
    JSON.stringify({
      tokens: {
        default: {
          type: 'authorized_user',
          client_id: 'dummy-client.apps.googleusercontent.com',
          client_secret: 'dummy-client-secret',
          refresh_token: 'dummy-refresh-token',
          access_token: 'expired-access-token',
          token_type: 'Bearer',
          expiry_date: 1,
        },
      },
    }),
  );
});
afterAll(async () => {
  await h?.close();
});

function client() {
  return createAppsScriptClient({ baseUrl: h.emulator.appsScriptUrl, auth: E2E_TOKEN });
}

/**
 * Runs `clasp push --force` in each of `dirs`, one after the other, in one clasp process: clasp's own
 * program (what its bin runs, `makeProgram` then `parseAsync`) for each folder in turn, with the exit
 * code its bin would give. A process per push cost about 1.2 s of CPU each, most of it loading
 * googleapis. Resolves with each push's exit code and output, in `dirs` order.
 */
function claspPushAll(dirs: readonly string[]): Promise<{ code: number; output: string }[]> {
  const driver = `
    const { CommanderError } = await import(${JSON.stringify(COMMANDER)});
    const { makeProgram } = await import(${JSON.stringify(CLASP_PROGRAM)});
    for (const [index, dir] of process.argv.slice(1).entries()) {
      process.chdir(dir);
      process.exitCode = 0;
      // As clasp's bin (build/src/index.js) does: a commander error was already printed.
      try { await makeProgram().parseAsync(['node', 'clasp', 'push', '--force']); }
      catch (error) { if (!(error instanceof CommanderError)) { process.exitCode = 1; console.error(error.message); } }
      console.log(\`\n@@ push \${index} exit \${process.exitCode}\`);
    }
    process.exitCode = 0;`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', driver, ...dirs], {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 90_000,
      env: {
        PATH: process.env.PATH,
        HOME: home,
        NODE_OPTIONS: `--import ${REDIRECT}`,
        SPECBOUND_EMULATOR_URL: h.emulator.appsScriptUrl,
        // Nothing reaches the network: a request the redirect did not take would go to this dead proxy.
        HTTPS_PROXY: 'http://127.0.0.1:9',
        HTTP_PROXY: 'http://127.0.0.1:9',
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => {
      const pushes = output.split(/\n@@ push \d+ exit (\d+)\n/);
      const results = dirs.map((_, index) => ({
        code: Number(pushes[2 * index + 1] ?? Number.NaN),
        output: `${pushes[2 * index] ?? ''}${code === 0 ? '' : `\n(clasp process exited ${code})`}`,
      }));
      resolve(results);
    });
  });
}

async function newProject(title: string): Promise<string> {
  const created = await client().projects.create({ title });
  return created.scriptId as string;
}

async function remoteFiles(scriptId: string): Promise<string[]> {
  const content = await client().projects.getContent({ scriptId });
  // In the order pushed: filePushOrder first, then by path, as clasp sorts them.
  return (content.files ?? []).map((f) => `${f.name} ${f.type} ${JSON.stringify(f.source)}`);
}

interface Tree {
  /** `.clasp.json` without the scriptId (JSON5 text, `SCRIPT_ID` replaced). */
  claspJson: string;
  claspignore?: string;
  files: Record<string, string>;
}

async function writeTree(dir: string, tree: Tree): Promise<void> {
  await mkdir(dir, { recursive: true });
  if (tree.claspignore !== undefined) await writeFile(join(dir, '.claspignore'), tree.claspignore);
  for (const [path, text] of Object.entries(tree.files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
}

const MANIFEST = '{"timeZone":"Etc/UTC","runtimeVersion":"V8","exceptionLogging":"STACKDRIVER"}';

const TREES: Record<string, Tree> = {
  'issue #3: rootDir, drafts/**, a negation, a JSON5 .clasp.json': {
    claspJson: '// JSON5, as clasp reads it\n{ scriptId: "SCRIPT_ID", rootDir: "src", }\n',
    claspignore: 'drafts/**\ntests/**\n!tests/keep.test.js\n',
    files: {
      'src/appsscript.json': MANIFEST,
      'src/Code.js': 'function main() { return 1; }\n',
      'src/drafts/wip.js': 'function wip() {}\n',
      'src/tests/a.test.js': 'function a() {}\n',
      'src/tests/keep.test.js': 'function keep() {}\n',
      'src/ui/sidebar.html': '<p>side</p>\n',
      'README.md': '# not pushed\n',
    },
  },
  'clasp’s defaults: HTML anywhere, node_modules and other types left out, custom extensions, filePushOrder':
    {
      claspJson:
        '{"scriptId":"SCRIPT_ID","scriptExtensions":[".gs",".js"],"htmlExtensions":[".html"],"filePushOrder":["lib/util.js","views/page.html"]}',
      files: {
        'appsscript.json': MANIFEST,
        'Code.gs': 'function main() {}\n',
        'lib/util.js': 'function util() {}\n',
        'views/page.html': '<b>page</b>\n',
        'node_modules/dep/index.js': 'module.exports = 1;\n',
        'notes.txt': 'notes\n',
        'data.json': '{}\n',
      },
    },
};

describe('clasp 3.4.1 and specbound push the same files from the same tree', () => {
  const trees = Object.entries(TREES);
  const prepared = new Map<string, { theirs: string; ours: string; specboundDir: string }>();
  const pushedByClaspIn = new Map<string, { code: number; output: string }>();

  // Every tree is written and gets its two projects first; clasp then pushes them all in one process.
  beforeAll(async () => {
    const claspDirs: string[] = [];
    for (const [title, tree] of trees) {
      const theirs = await newProject('pushed by clasp');
      const ours = await newProject('pushed by specbound');
      const base = await h.tempDir();
      await writeTree(join(base, 'tree'), tree);
      const claspDir = join(base, 'clasp');
      const specboundDir = join(base, 'specbound');
      await cp(join(base, 'tree'), claspDir, { recursive: true });
      await cp(join(base, 'tree'), specboundDir, { recursive: true });
      await writeFile(join(claspDir, '.clasp.json'), tree.claspJson.replace('SCRIPT_ID', theirs));
      await writeFile(join(specboundDir, '.clasp.json'), tree.claspJson.replace('SCRIPT_ID', ours));
      prepared.set(title, { theirs, ours, specboundDir });
      claspDirs.push(claspDir);
    }
    const pushes = await claspPushAll(claspDirs);
    trees.forEach(([title], index) => {
      pushedByClaspIn.set(title, pushes[index] as { code: number; output: string });
    });
  }, 120_000);

  it.each(trees)('%s', { timeout: 120_000 }, async (title, tree) => {
    const { theirs, ours, specboundDir } = prepared.get(title) as {
      theirs: string;
      ours: string;
      specboundDir: string;
    };
    const clasp = pushedByClaspIn.get(title) as { code: number; output: string };
    expect(clasp.code, clasp.output).toBe(0);
    const specbound = await h.run(['gas', 'push', '--force'], { cwd: specboundDir });
    expect(specbound.code, specbound.stderr).toBe(0);

    const pushedByClasp = await remoteFiles(theirs);
    expect(pushedByClasp.length).toBeGreaterThan(1);
    expect(await remoteFiles(ours)).toEqual(pushedByClasp);
    // The order is compared too: filePushOrder's first file leads where one is set.
    if (tree.claspJson.includes('filePushOrder')) expect(pushedByClasp[0]).toMatch(/^lib\/util /);
  });
});

describe('clasp’s names and flags for create, clone, status, pull and push', () => {
  it('create-script, clone-script <id> [version], show-file-status, pull -d --versionNumber, push -f', async () => {
    const made = await h.tempDir();
    const created = await h.run(
      [
        'gas',
        'create-script',
        '--title',
        'clasp names',
        '--type',
        'standalone',
        '--rootDir',
        'src',
        '--json',
      ],
      { cwd: made },
    );
    expect(created.code, created.stderr).toBe(0);
    const { scriptId } = created.json<{ scriptId: string }>();
    await writeFile(join(made, 'src', 'Code.js'), 'function one() {}\n');
    expect((await h.run(['gas', 'push', '-f'], { cwd: made })).code).toBe(0);
    expect((await h.run(['gas', 'version', 'one'], { cwd: made })).code).toBe(0);
    await writeFile(join(made, 'src', 'Extra.js'), 'function extra() {}\n');
    expect((await h.run(['gas', 'push'], { cwd: made })).code).toBe(0);

    const status = await h.run(['gas', 'show-file-status', '--json'], { cwd: made });
    expect(status.json<{ files: { path: string }[] }>().files.map((f) => f.path)).toContain('src/Extra.js');

    const other = await h.tempDir();
    const cloned = await h.run(['gas', 'clone-script', scriptId, '1', '--rootDir', 'lib'], { cwd: other });
    expect(cloned.code, cloned.stderr).toBe(0);
    expect(JSON.parse(await readFile(join(other, '.clasp.json'), 'utf8'))).toEqual({
      scriptId,
      rootDir: 'lib',
    });
    expect(await readFile(join(other, 'lib', 'Code.js'), 'utf8')).toBe('function one() {}\n');

    // Version 1 has no Extra: -d deletes it here, as clasp's --deleteUnusedFiles does.
    const pulled = await h.run(['gas', 'pull', '--versionNumber', '1', '-d', '-f', '--json'], { cwd: made });
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.json<{ deleted: string[] }>().deleted).toEqual(['src/Extra.js']);

    // A container type makes its spreadsheet through Drive, as clasp's does.
    const container = await h.run(['gas', 'create-script', '--type', 'sheets', '--json'], {
      cwd: await h.tempDir(),
    });
    expect(container.code, container.stderr).toBe(0);
    expect(container.json<{ container: { mimeType: string } }>().container.mimeType).toBe(
      'application/vnd.google-apps.spreadsheet',
    );
  });
});

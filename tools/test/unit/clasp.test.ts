// clasp 3.4.1 itself as the expected values, in one file so that clasp (and the googleapis it loads,
// about a second of CPU) is imported once per run, not once in each vitest worker:
//
// - clasp's file rules, table-driven: each row's tree is written to a temporary folder, then
//   clasp's own file collection (initClaspInstance + collectLocalFiles from the installed
//   @google/clasp) and specbound's scanLocalFiles list what a push would send. The expectations
//   cannot drift from clasp: clasp computes them.
// - Every clasp 3.4.1 command name, alias, argument and option is accepted by `specbound gas` (and
//   its global options by `specbound`), read from clasp's own commander program, so the list
//   cannot drift when clasp is upgraded (issue #22, defect 9). What each one does is in
//   tools/README.md's table.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Command, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { beforeAll, describe, expect, it } from 'vitest';
import { register } from '../../src/cli/commands/apps-script/index.js';
import { addGlobalOptions } from '../../src/cli/globals.js';
import { loadProject, scanLocalFiles } from '../../src/index.js';
import { useTempDir } from '../support/temp-dir.js';

interface ClaspFiles {
  files: { remotePath: string; type: string; localPath: string }[];
}
type InitClasp = (options: { configFile: string; ignoreFile?: string }) => Promise<{
  files: { collectLocalFiles(): Promise<ClaspFiles> };
}>;

let initClaspInstance: InitClasp;
beforeAll(async () => {
  // The package exports only its CLI entry; its core modules are imported by path.
  const build = dirname(createRequire(import.meta.url).resolve('@google/clasp'));
  ({ initClaspInstance } = (await import(pathToFileURL(join(build, 'core', 'clasp.js')).href)) as {
    initClaspInstance: InitClasp;
  });
});

let dir: string;
useTempDir('specbound-unit-', (path) => {
  dir = path;
});

interface Row {
  title: string;
  claspJson: string;
  claspignore?: string;
  files: string[];
  symlinks?: [link: string, target: string][];
}

const TREE = [
  'appsscript.json',
  'Code.js',
  'page.html',
  'notes.txt',
  'lib/util.gs',
  'ui/sidebar.html',
  'drafts/old.js',
  'tests/a.test.js',
  'tests/keep.test.js',
  'node_modules/lodash/index.js',
  '.git/hooks/pre-commit.js',
  '.hidden.js',
  'Upper.JS',
  'types.ts',
  'sub/appsscript.js',
];
const inSrc = (files: string[]) => files.map((f) => `src/${f}`);

const ROWS: Row[] = [
  { title: 'no .claspignore: clasp’s default rules', claspJson: '{"scriptId":"S"}', files: TREE },
  {
    title: 'rootDir with patterns relative to it (drafts/**, !tests/keep.test.js)',
    claspJson: '{"scriptId":"S","rootDir":"src"}',
    claspignore: 'drafts/**\ntests/**\n!tests/keep.test.js\n',
    files: inSrc(TREE),
  },
  {
    title: 'a pattern written relative to .clasp.json matches nothing under rootDir',
    claspJson: '{"scriptId":"S","rootDir":"src"}',
    claspignore: 'src/drafts/**\n',
    files: inSrc(TREE),
  },
  {
    title: '`drafts/` (gitignore style) matches no file; `*.html` only at the top',
    claspJson: '{"scriptId":"S"}',
    claspignore: 'drafts/\n*.html\n',
    files: TREE,
  },
  {
    title: 'negations and a whitelist',
    claspJson: '{"scriptId":"S"}',
    claspignore: '**/**\n!appsscript.json\n!**/*.js\n!**/*.html\ntests/**\n',
    files: TREE,
  },
  {
    title: 'JSON5 .clasp.json (comments, trailing commas) with custom extensions',
    claspJson:
      '// clasp reads JSON5\n{scriptId: "S", scriptExtensions: [".GS", "ts",], htmlExtensions: ["htm"], jsonExtensions: [".json"],}\n',
    files: ['appsscript.json', 'Code.gs', 'lib.ts', 'x.js', 'page.htm', 'page2.html'],
  },
  {
    title: 'clasp 2 fileExtension and skipSubdirectories',
    claspJson: '{"scriptId":"S","fileExtension":"gs","skipSubdirectories":true}',
    files: ['appsscript.json', 'Code.gs', 'Other.js', 'deep/inner.gs'],
  },
  {
    title: 'an empty .claspignore, comments, CRLF and a BOM',
    claspJson: '{"scriptId":"S"}',
    claspignore: '\uFEFF# comment\r\n\r\nnode_modules/**\r\n',
    files: TREE,
  },
  {
    title: 'symbolic links are not pushed',
    claspJson: '{"scriptId":"S"}',
    files: ['appsscript.json', 'Code.js', 'real/inner.js'],
    symlinks: [
      ['link.js', 'Code.js'],
      ['linked', 'real'],
    ],
  },
  {
    title: 'allowSymlinks: links inside the project are followed',
    claspJson: '{"scriptId":"S","allowSymlinks":true}',
    files: ['appsscript.json', 'Code.js', 'real/inner.js', 'real/deeper/x.html'],
    symlinks: [
      ['link.js', 'Code.js'],
      ['linked', 'real'],
      ['loop', '.'],
      ['broken.js', 'missing.js'],
    ],
  },
];

async function writeTree(row: Row): Promise<void> {
  await writeFile(join(dir, '.clasp.json'), row.claspJson);
  if (row.claspignore !== undefined) await writeFile(join(dir, '.claspignore'), row.claspignore);
  for (const file of row.files) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await writeFile(join(dir, file), file.endsWith('.json') ? '{"timeZone":"Etc/UTC"}' : `// ${file}\n`);
  }
  for (const [link, target] of row.symlinks ?? []) await symlink(target, join(dir, link));
}

const sorted = (pairs: [string, string][]) => pairs.map((p) => p.join(' ')).sort();

describe('the files a push sends are the files clasp 3.4.1 pushes', () => {
  it.each(ROWS)('$title', async (row) => {
    await writeTree(row);
    const clasp = await initClaspInstance({ configFile: dir });
    // clasp sends a `.ts` file as it is when `scriptExtensions` lists `ts`; specbound always bundles
    // `.ts` files into one (typescript.test.ts), so the parity is of every other file.
    const theirs = (await clasp.files.collectLocalFiles()).files
      .filter((f) => !/\.ts$/i.test(f.localPath))
      .map((f) => [f.remotePath, f.type] as [string, string]);
    const ours = (await scanLocalFiles(await loadProject(dir))).files.map(
      (f) => [f.name, f.type] as [string, string],
    );
    expect(sorted(ours)).toEqual(sorted(theirs));
    // Each row pushes something, so a matcher that pushes nothing cannot pass.
    expect(ours.length).toBeGreaterThan(0);
  });
});

describe("an ignore file other than the project's (clasp's -I/--ignore <file>)", () => {
  const TREE_I = ['appsscript.json', 'Code.js', 'drafts/a.js', 'tests/t.js', 'notes.txt'];
  it.each([
    ['a file anywhere', 'rules/push.ignore', 'rules/push.ignore'],
    ['a folder holding .claspignore', 'rules', 'rules/.claspignore'],
  ])("%s is read instead of the project's .claspignore, as clasp reads it", async (_title, given, file) => {
    // The project's own .claspignore would leave drafts/ in and tests/ out; the other file, the reverse.
    await writeTree({ title: '', claspJson: '{"scriptId":"S"}', claspignore: 'tests/**\n', files: TREE_I });
    await mkdir(join(dir, 'rules'));
    await writeFile(join(dir, file), '\uFEFFdrafts/**\r\n**/*.txt\nrules/**\n');
    const ignoreFile = join(dir, file);
    const clasp = await initClaspInstance({ configFile: dir, ignoreFile: join(dir, given) });
    const theirs = (await clasp.files.collectLocalFiles()).files.map(
      (f) => [f.remotePath, f.type] as [string, string],
    );
    const ours = (await scanLocalFiles(await loadProject(dir, { ignoreFile }))).files.map(
      (f) => [f.name, f.type] as [string, string],
    );
    expect(sorted(ours)).toEqual(sorted(theirs));
    expect(ours.map(([name]) => name).sort()).toEqual(['Code', 'appsscript', 'tests/t']);
  });

  it("a missing ignore file is an error, not clasp's defaults", async () => {
    await writeTree({ title: '', claspJson: '{"scriptId":"S"}', files: ['appsscript.json', 'Code.js'] });
    const project = await loadProject(dir, { ignoreFile: 'nope.ignore' });
    await expect(scanLocalFiles(project)).rejects.toMatchObject({
      code: 'ignore-file-missing',
      details: { file: join(dir, 'nope.ignore') },
    });
  });
});

describe('status warnings for .claspignore lines that match nothing', () => {
  it('names the line and what was probably meant', async () => {
    await writeTree({
      title: '',
      claspJson: '{"scriptId":"S","rootDir":"src"}',
      claspignore: '# not a pattern\ndrafts/\nsrc/tests/**\n*.html\n**/*.js\nnothing-like-this\n',
      files: inSrc(['appsscript.json', 'Code.js', 'drafts/a.js', 'tests/t.js', 'ui/page.html']),
    });
    const scan = await scanLocalFiles(await loadProject(dir));
    expect(scan.warnings).toEqual([
      { pattern: 'drafts/', suggestion: 'drafts/**' },
      { pattern: 'src/tests/**', suggestion: 'tests/**' },
      { pattern: '*.html', suggestion: '**/*.html' },
      { pattern: 'nothing-like-this' },
    ]);
  });

  it('clasp’s default rules raise no warning', async () => {
    await writeTree({ title: '', claspJson: '{"scriptId":"S"}', files: ['appsscript.json', 'Code.js'] });
    expect((await scanLocalFiles(await loadProject(dir))).warnings).toEqual([]);
  });
});

describe('where specbound is stricter than clasp', () => {
  it('refuses two files that clasp would both send as one name (clasp sends both; the API rejects them)', async () => {
    await writeTree({
      title: '',
      claspJson: '{"scriptId":"S"}',
      files: ['appsscript.json', 'sub/appsscript.json', 'page.html', 'page.js'],
    });
    await expect(scanLocalFiles(await loadProject(dir))).rejects.toMatchObject({ code: 'file-name-clash' });
  });
});

describe('.clasp.json and rootDir', () => {
  it('reports a JSON5 syntax error with its line and column', async () => {
    await writeFile(join(dir, '.clasp.json'), '{\n  "scriptId": "S",\n  rootDir: src\n}');
    await expect(loadProject(dir)).rejects.toMatchObject({
      code: 'clasp-json-invalid',
      message: expect.stringContaining('at line 3, column 12'),
    });
  });

  it('refuses a rootDir that is a symbolic link to a folder outside the project', async () => {
    const outside = join(dir, 'outside');
    const project = join(dir, 'project');
    await mkdir(outside);
    await mkdir(project);
    await writeFile(join(outside, 'secret.js'), 'x');
    await symlink(outside, join(project, 'src'));
    await writeFile(join(project, '.clasp.json'), '{"scriptId":"S","rootDir":"src"}');
    await expect(scanLocalFiles(await loadProject(project))).rejects.toMatchObject({
      code: 'root-dir-outside',
    });
  });
});

interface ClaspOption {
  short?: string;
  long?: string;
}
interface ClaspCommand {
  name(): string;
  aliases(): string[];
  options: readonly ClaspOption[];
  registeredArguments: readonly unknown[];
  commands: readonly ClaspCommand[];
}

async function claspProgram(): Promise<ClaspCommand> {
  // The package exports only its bin; its program module is loaded by path, as its tests do.
  const entry = fileURLToPath(import.meta.resolve('@google/clasp'));
  const { makeProgram } = (await import(
    pathToFileURL(join(dirname(entry), 'commands', 'program.js')).href
  )) as {
    makeProgram: (exitOverride: () => void) => ClaspCommand;
  };
  return makeProgram(() => {});
}

function specboundProgram(): { program: CommandUnknownOpts; gas: CommandUnknownOpts } {
  const program = addGlobalOptions(new Command('specbound')) as unknown as CommandUnknownOpts;
  register(program);
  const gas = program.commands.find((c) => c.name() === 'apps-script');
  if (gas === undefined) throw new Error('no apps-script group');
  return { program, gas };
}

const flagsOf = (options: readonly ClaspOption[]) =>
  options.flatMap((o) => [o.short, o.long]).filter((f): f is string => f !== undefined);

describe("clasp 3.4.1's names and flags", async () => {
  const clasp = await claspProgram();
  const { program, gas } = specboundProgram();
  const find = (name: string) => gas.commands.find((c) => c.name() === name || c.aliases().includes(name));
  // -P/--project is an option of the gas group (bs has a --project of its own).
  const globals = new Set(flagsOf([...program.options, ...gas.options]));

  it('reads a real clasp program (so an empty list cannot pass)', () => {
    expect(clasp.commands.length).toBeGreaterThanOrEqual(29);
    expect(clasp.commands.map((c) => c.name())).toContain('create-deployment');
  });

  it('every clasp command name and alias is a `specbound gas` command', () => {
    const missing = clasp.commands
      .flatMap((c) => [c.name(), ...c.aliases()])
      .filter((name) => find(name) === undefined);
    expect(missing).toEqual([]);
  });

  it("every clasp command's options and arguments are accepted there", () => {
    const missing: string[] = [];
    for (const command of clasp.commands) {
      const ours = find(command.name());
      const local = new Set(flagsOf(ours?.options ?? []));
      for (const flag of flagsOf(command.options)) {
        // clasp repeats a global option on a command (update-deployment --json): global here.
        if (!local.has(flag) && !globals.has(flag)) missing.push(`${command.name()} ${flag}`);
      }
      const args = ours?.registeredArguments.length ?? 0;
      if (args < command.registeredArguments.length) {
        missing.push(`${command.name()}: ${command.registeredArguments.length} arguments, ${args} here`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("clasp's global options are `specbound` global options (-P: `specbound gas`'s)", () => {
    const missing = flagsOf((clasp as unknown as { options: ClaspOption[] }).options).filter(
      (f) => !globals.has(f),
    );
    // -v/--version is specbound's own program option (main.ts), added only when no command is named.
    expect(missing.filter((f) => f !== '-v' && f !== '--version')).toEqual([]);
  });
});

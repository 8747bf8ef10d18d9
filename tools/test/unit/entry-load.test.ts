// What `import '@specbound/tools'` loads: the built entry, imported in a fresh Node process that
// records every module it resolves (module.registerHooks). The emulator and google-auth-library
// are loaded on use only (`runDemo`, `specbound emulator`, a Google login), and so are the
// dependencies of one workflow each (.claspignore matching, TypeScript stack maps, CSV export) and
// node:http (servers of the login, the demo and webhook forwarding): a script that calls one
// workflow does not pay for them at start-up (issue 21: the import within 80 ms; node:http alone
// costs about 20 ms of it).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const toolsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const entry = pathToFileURL(join(toolsDir, 'dist', 'index.js')).href;
const requireFromTools = createRequire(join(toolsDir, 'package.json'));

/**
 * The folder URL of a dependency of @specbound/tools, as the loader sees it (symlinks resolved): the
 * folder above its main entry holding its package.json, since not every package exports that file
 * (csv-stringify does not) and a workspace package resolves into packages/, not node_modules/.
 */
function packageFolder(name: string): string {
  for (
    let dir = dirname(realpathSync(requireFromTools.resolve(name)));
    dir !== dirname(dir);
    dir = dirname(dir)
  ) {
    const manifest = join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === name
    ) {
      return pathToFileURL(`${dir}/`).href;
    }
  }
  throw new Error(`no package.json named ${name} above its main entry`);
}

/** Every module URL resolved while importing `url` in a fresh process. */
function modulesLoadedBy(url: string): string[] {
  const script = `
    import { registerHooks } from 'node:module';
    const loaded = new Set();
    registerHooks({ resolve(specifier, context, next) { const result = next(specifier, context); loaded.add(result.url); return result; } });
    await import(${JSON.stringify(url)});
    process.stdout.write(JSON.stringify([...loaded]));
  `;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`importing ${url} failed (${result.status}):\n${result.stderr}`);
  return JSON.parse(result.stdout) as string[];
}

describe('importing @specbound/tools', () => {
  let loaded: string[] = [];
  beforeAll(() => {
    loaded = modulesLoadedBy(entry);
  });

  it('loads the clients it re-exports (the record sees packages)', () => {
    const http = packageFolder('@specbound/http');
    expect(loaded.some((url) => url.startsWith(http))).toBe(true);
  });

  it.each([
    '@specbound/emulator',
    'google-auth-library',
    'write-file-atomic',
    'micromatch',
    '@jridgewell/trace-mapping',
    'csv-stringify',
  ])('does not load %s', (name) => {
    const folder = packageFolder(name);
    expect(loaded.filter((url) => url.startsWith(folder))).toEqual([]);
  });

  it.each(['node:http', 'node:https'])('does not load %s', (builtin) => {
    expect(loaded).not.toContain(builtin);
  });
});

/** Every module URL resolved while the built bin runs `args` in a fresh process. */
function modulesLoadedByBin(args: readonly string[]): string[] {
  const hooks = `
    import { registerHooks } from 'node:module';
    const loaded = new Set();
    registerHooks({ resolve(specifier, context, next) { const result = next(specifier, context); loaded.add(result.url); return result; } });
    process.on('exit', () => process.stderr.write('\\nLOADED ' + JSON.stringify([...loaded]) + '\\n'));
  `;
  const bin = join(toolsDir, 'bin', 'specbound.js');
  const hook = `data:text/javascript,${encodeURIComponent(hooks)}`;
  const result = spawnSync(process.execPath, ['--import', hook, bin, ...args], { encoding: 'utf8' });
  const line = result.stderr.split('\n').find((l) => l.startsWith('LOADED '));
  if (line === undefined) throw new Error(`no module record (exit ${result.status}):\n${result.stderr}`);
  return JSON.parse(line.slice('LOADED '.length)) as string[];
}

// `specbound emulator --help` prints the emulator's usage; starting nothing, it loads no emulator
// (the services, the sandbox, node:sqlite): 330 ms before, against 55 ms for `specbound --help`.
describe('specbound emulator --help', () => {
  it('prints the usage without loading the emulator itself', () => {
    const loaded = modulesLoadedByBin(['emulator', '--help']);
    const emulator = packageFolder('@specbound/emulator');
    expect(loaded.some((url) => url.startsWith(`${emulator}dist/cli/`))).toBe(true);
    expect(loaded.filter((url) => url === `${emulator}dist/emulator.js`)).toEqual([]);
    expect(loaded).not.toContain('node:http');
    expect(loaded).not.toContain('node:sqlite');
  });
});

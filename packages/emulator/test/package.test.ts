// The built package as a user's project meets it: its declarations type-check without @types/node,
// and it starts from its bundled specs without Redocly (a build-time dependency only).
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, PACKAGE_DIR, requireBuilt, runNode } from './subprocess.ts';

// TypeScript 7 exports no subpaths: find its `tsc` bin through its package.json.
const TS_PACKAGE = createRequire(import.meta.url).resolve('typescript/package.json');
const TSC = join(dirname(TS_PACKAGE), 'bin', 'tsc');

let project: string;
beforeAll(async () => {
  requireBuilt();
  project = await mkdtemp(join(tmpdir(), 'specbound-package-'));
  await mkdir(join(project, 'node_modules', '@specbound'), { recursive: true });
  await symlink(PACKAGE_DIR, join(project, 'node_modules', '@specbound', 'emulator'), 'dir');
  await writeFile(join(project, 'package.json'), JSON.stringify({ type: 'module' }));
});
afterAll(() => rm(project, { recursive: true, force: true }));

describe('@specbound/emulator as an installed package', () => {
  it('type-checks in a project without @types/node, with skipLibCheck off', { timeout: 60_000 }, async () => {
    await writeFile(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          types: [],
          skipLibCheck: false,
          noEmit: true,
        },
        files: ['main.ts'],
      }),
    );
    await writeFile(
      join(project, 'main.ts'),
      `import { formatRedirectEnv, installRedirect, type RequestLogEntry, startEmulator, type StateDocument } from '@specbound/emulator';
import '@specbound/emulator/redirect';
import { createEmulatorFetch } from '@specbound/emulator/fetch';
const inProcess = await createEmulatorFetch({ seed: true });
const served: Response = await inProcess.fetch('https://script.googleapis.com/v1/projects/x');
await inProcess.close();
const seen: RequestLogEntry[] = [];
const emulator = await startEmulator({ port: 0, seed: true, onRequest: (entry) => seen.push(entry) });
const state: StateDocument = emulator.state();
const undo: () => void = installRedirect(emulator.appsScriptUrl);
undo();
export const lines: string = formatRedirectEnv(emulator.appsScriptUrl) + state.version + served.status;
await emulator.close();
`,
    );
    const out = await runNode([TSC, '-p', project], { cwd: project, env: cleanEnv({}), timeoutMs: 60_000 });
    expect(out.stdout + out.stderr).toBe('');
    expect(out.code).toBe(0);
  });

  it('starts from its bundled specs with Redocly out of reach', async () => {
    // A resolve hook that makes @redocly/* unresolvable, as in a project that installed only our runtime dependencies.
    const hooks = `export async function resolve(specifier, context, next) {
      if (specifier.startsWith('@redocly/')) throw new Error('Redocly was loaded at runtime: ' + specifier);
      return next(specifier, context);
    }`;
    const main = `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hooks)}));
const { startEmulator } = await import('@specbound/emulator');
const emulator = await startEmulator({ port: 0 });
const res = await fetch(emulator.appsScriptUrl + '/v1/projects/1missing', { headers: { authorization: 'Bearer t' } });
console.log(res.status);
await emulator.close();`;
    await writeFile(join(project, 'start.mjs'), main);
    const out = await runNode([join(project, 'start.mjs')], { cwd: project, env: cleanEnv({}) });
    expect(out.stderr).toBe('');
    expect(out.stdout.trim()).toBe('404');
    expect(out.code).toBe(0);
  });
});

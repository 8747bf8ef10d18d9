// clasp's global options in specbound's terms (issue #22, defect 9): -P picks the project folder,
// -u is a named login, --adc uses Application Default Credentials; -A and another -I file are refused
// with what to do, never silently ignored.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyClaspGlobals } from '../../src/cli/clasp-globals.js';
import { UsageError } from '../../src/index.js';
import { tempDir } from './fake.js';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir());
  await mkdir(join(dir, 'app'));
  await writeFile(join(dir, 'app', '.clasp.json'), '{"scriptId":"S1"}');
  await writeFile(join(dir, 'app', 'other.json'), '{"scriptId":"S2"}');
});
afterEach(async () => {
  await cleanup();
});

const apply = (globals: Record<string, unknown>, env: Record<string, string | undefined> = {}) =>
  applyClaspGlobals({ globals, env, cwd: dir });

describe("clasp's global options", () => {
  it('-P takes the folder or its .clasp.json, relative to the working directory', () => {
    expect(apply({ project: 'app' }).cwd).toBe(join(dir, 'app'));
    expect(apply({ project: 'app/.clasp.json' }).cwd).toBe(join(dir, 'app'));
    expect(() => apply({ project: 'app/other.json' })).toThrow(/not supported yet/);
    expect(() => apply({ project: 'nope' })).toThrow(/does not exist/);
  });

  it("-I accepts the project's own .claspignore only", () => {
    expect(apply({ project: 'app', ignore: 'app/.claspignore' }).cwd).toBe(join(dir, 'app'));
    expect(apply({ project: 'app', ignore: 'app' }).cwd).toBe(join(dir, 'app'));
    expect(() => apply({ project: 'app', ignore: 'elsewhere/.claspignore' })).toThrow(UsageError);
  });

  it('-u NAME is --profile NAME; two different names are a usage error; -u alone names no login', () => {
    expect(apply({ user: 'work' }).globals.profile).toBe('work');
    expect(apply({ user: 'work', profile: 'work' }).globals.profile).toBe('work');
    expect(() => apply({ user: 'work', profile: 'home' })).toThrow(UsageError);
    expect(apply({ user: true }).globals.profile).toBeUndefined();
  });

  it("--adc points GOOGLE_APPLICATION_CREDENTIALS at gcloud's file unless it is set", () => {
    if (process.platform === 'win32') return;
    const env = apply({ adc: true }, { HOME: '/home/ada' }).env;
    expect(env.GOOGLE_APPLICATION_CREDENTIALS).toBe(
      '/home/ada/.config/gcloud/application_default_credentials.json',
    );
    expect(
      apply({ adc: true }, { GOOGLE_APPLICATION_CREDENTIALS: '/k.json' }).env.GOOGLE_APPLICATION_CREDENTIALS,
    ).toBe('/k.json');
  });

  it('-A is refused with the way to import that file', () => {
    const error = (() => {
      try {
        apply({ auth: '/x/.clasprc.json' });
      } catch (e) {
        return e as UsageError;
      }
    })();
    expect(error).toBeInstanceOf(UsageError);
    expect(error?.hint).toContain('login --from-clasp --clasprc /x/.clasprc.json');
  });
});

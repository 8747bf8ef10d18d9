// clasp's global options in specbound's terms (issue #22, defect 9): -P picks the project folder,
// -u is a named login, --adc uses Application Default Credentials, -A reads a clasp credentials file;
// -I names the ignore file to read instead of the project's (a folder: its .claspignore); a missing one is refused.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyClaspGlobals, googleEnv } from '../../src/cli/clasp-globals.js';
import { UsageError } from '../../src/index.js';
import { useTempDir } from '../support/temp-dir.js';

let dir: string;
useTempDir('specbound-unit-', async (path) => {
  dir = path;
  await mkdir(join(dir, 'app'));
  await writeFile(join(dir, 'app', '.clasp.json'), '{"scriptId":"S1"}');
  await writeFile(join(dir, 'app', 'other.json'), '{"scriptId":"S2"}');
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

  it('-I names an ignore file (a folder: its .claspignore), relative to the working directory; a missing one is a usage error', async () => {
    await writeFile(join(dir, 'push.ignore'), '**/*.txt\n');
    await writeFile(join(dir, 'app', '.claspignore'), 'drafts/**\n');
    expect(apply({ project: 'app', ignore: 'push.ignore' }).globals.ignore).toBe(join(dir, 'push.ignore'));
    expect(apply({ ignore: 'app' }).globals.ignore).toBe(join(dir, 'app', '.claspignore'));
    expect(() => apply({ ignore: 'elsewhere.ignore' })).toThrow(UsageError);
    expect(() => apply({ ignore: 'elsewhere.ignore' })).toThrow(
      `-I/--ignore: ${join(dir, 'elsewhere.ignore')} does not exist.`,
    );
    // A folder without a .claspignore names no file.
    await mkdir(join(dir, 'empty'));
    expect(() => apply({ ignore: 'empty' })).toThrow(/does not exist/);
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

  it("-A reads that clasp file's login (-u: which user of it), ahead of an env token; nothing stored", async () => {
    const rc = join(dir, 'ci.clasprc.json');
    const token = (refresh: string) => ({
      type: 'authorized_user',
      client_id: 'cid.apps.googleusercontent.com',
      client_secret: 'csecret',
      refresh_token: refresh,
    });
    await writeFile(rc, JSON.stringify({ tokens: { default: token('1//default'), ci: token('1//ci') } }));
    const applied = apply({ auth: 'ci.clasprc.json', user: 'ci' }, { SPECBOUND_GOOGLE_TOKEN: 'ya29.env' });
    expect(applied.globals.profile).toBeUndefined(); // with -A, -u names the file's user
    const env = await googleEnv(applied.globals, applied.env);
    expect(env.SPECBOUND_GOOGLE_TOKEN).toBeUndefined();
    expect(JSON.parse(env.SPECBOUND_GOOGLE_CREDENTIALS ?? '')).toEqual(token('1//ci'));
    const byFolder = apply({ auth: '.' });
    await writeFile(join(dir, '.clasprc.json'), JSON.stringify({ tokens: { default: token('1//d') } }));
    expect(
      JSON.parse((await googleEnv(byFolder.globals, {})).SPECBOUND_GOOGLE_CREDENTIALS ?? '').refresh_token,
    ).toBe('1//d');
    await expect(googleEnv(apply({ auth: 'missing.json' }).globals, {})).rejects.toMatchObject({
      code: 'clasp-login-unreadable',
    });
  });
});

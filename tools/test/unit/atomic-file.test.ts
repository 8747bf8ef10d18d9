// The one atomic write every file of tools/ goes through: whole or not at all, with the right mode.
import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stageFiles, writeFileAtomic } from '../../src/atomic-file.js';
import { useTempDir } from '../support/temp-dir.js';

let dir: string;
useTempDir('atomic-file-', (path) => {
  dir = path;
});

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe('writeFileAtomic: modes', () => {
  it('a secret file ends 0600, whatever the mode of the file it replaces', async () => {
    const path = join(dir, 'secret');
    await writeFile(path, 'old', { mode: 0o644 });
    await writeFileAtomic(path, 'whsec_new\n', 0o600);
    expect(await readFile(path, 'utf8')).toBe('whsec_new\n');
    expect(await modeOf(path)).toBe(0o600);
    await writeFileAtomic(join(dir, 'new-secret'), 'whsec_other\n', 0o600);
    expect(await modeOf(join(dir, 'new-secret'))).toBe(0o600);
  });

  it('without a mode, a replaced file keeps the mode its owner gave it', async () => {
    const path = join(dir, '.clasp.json');
    await writeFile(path, '{}');
    await chmod(path, 0o640);
    await writeFileAtomic(path, '{"scriptId":"S1"}\n');
    expect(await readFile(path, 'utf8')).toBe('{"scriptId":"S1"}\n');
    expect(await modeOf(path)).toBe(0o640);
  });
});

describe('writeFileAtomic: failures', () => {
  it('a write that cannot replace its target leaves the target as it was and no temporary file', async () => {
    // A non-empty directory where the file should go: the data is written, the rename fails.
    const path = join(dir, 'state.json');
    await mkdir(path);
    await writeFile(join(path, 'keep'), 'kept');
    await expect(writeFileAtomic(path, '{"sent":[]}\n')).rejects.toThrow();
    expect(await readdir(dir)).toEqual(['state.json']);
    expect(await readdir(path)).toEqual(['keep']);
  });

  it('a write into a missing folder rejects and creates nothing', async () => {
    await expect(writeFileAtomic(join(dir, 'missing', 'out.csv'), 'a,b\n')).rejects.toMatchObject({
      code: 'ENOENT',
    });
    expect(await readdir(dir)).toEqual([]);
  });

  it('concurrent writes of one file each land whole, one after the other', async () => {
    const path = join(dir, 'login.json');
    const bodies = Array.from(
      { length: 12 },
      (_, i) => `${JSON.stringify({ n: i, pad: 'x'.repeat(50_000) })}\n`,
    );
    await Promise.all(bodies.map((body) => writeFileAtomic(path, body)));
    expect(bodies).toContain(await readFile(path, 'utf8'));
    expect(await readdir(dir)).toEqual(['login.json']);
  });
});

describe('stageFiles', () => {
  it('replaces no target until commit, then every one', async () => {
    const a = join(dir, 'Code.js');
    const b = join(dir, 'appsscript.json');
    await writeFile(a, 'old code');
    const staged = await stageFiles([
      { path: a, data: 'new code' },
      { path: b, data: '{}' },
    ]);
    expect(await readFile(a, 'utf8')).toBe('old code');
    await staged.commit();
    expect(await readFile(a, 'utf8')).toBe('new code');
    expect(await readFile(b, 'utf8')).toBe('{}');
    expect((await readdir(dir)).sort()).toEqual(['Code.js', 'appsscript.json']);
  });

  it('a file that cannot be written removes the ones already staged; every target stays as it was', async () => {
    const a = join(dir, 'Code.js');
    await writeFile(a, 'old code');
    await expect(
      stageFiles([
        { path: a, data: 'new code' },
        { path: join(dir, 'missing', 'util.js'), data: 'util' },
      ]),
    ).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readFile(a, 'utf8')).toBe('old code');
    expect(await readdir(dir)).toEqual(['Code.js']);
  });
});

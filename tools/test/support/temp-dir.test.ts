import { readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from './temp-dir.js';

// The tests run in order (vitest does not shuffle here): each looks back at the folder the one
// before it was given.
const given: string[] = [];
let dir: string;
useTempDir('specbound-temp-dir-', (path) => {
  dir = path;
  given.push(path);
});

const gone = (path: string) => expect(stat(path)).rejects.toMatchObject({ code: 'ENOENT' });

describe('useTempDir', () => {
  it('gives a test an empty folder of its own', async () => {
    expect(await readdir(dir)).toEqual([]);
    await writeFile(join(dir, 'left.txt'), 'left behind');
  });

  it('gives the next test another folder and has removed the one before, files and all', async () => {
    expect(given).toHaveLength(2);
    expect(dir).not.toBe(given[0]);
    await gone(given[0] as string);
  });

  it.fails('a failing test (expected to fail) ...', async () => {
    await writeFile(join(dir, 'left.txt'), 'left behind');
    throw new Error('this test fails on purpose');
  });

  it('... has its folder removed all the same', async () => {
    expect(given).toHaveLength(4);
    await gone(given[2] as string);
  });
});

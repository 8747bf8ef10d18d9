// What a user of the published package reads: `./tools/dev` exists only in a checkout of this repository,
// so no message of the CLI or the library (source, built output, bin) and no page it ships (README.md,
// docs/) may tell anyone to run it.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const TOOLS = fileURLToPath(new URL('../..', import.meta.url));

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(join(TOOLS, dir), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(ts|js|mjs|md)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('the published code', () => {
  it.each(['src', 'bin', 'dist', 'docs'])('%s never mentions tools/dev', async (dir) => {
    const list = await files(dir);
    // dist is built before the tests run (turbo's test task depends on build).
    expect(list.length).toBeGreaterThan(0);
    const offenders: string[] = [];
    for (const file of list) {
      if ((await readFile(file, 'utf8')).includes('tools/dev')) offenders.push(file.slice(TOOLS.length));
    }
    expect(offenders).toEqual([]);
  });

  it('README.md never mentions tools/dev (npm shows it on the package page)', async () => {
    expect(await readFile(join(TOOLS, 'README.md'), 'utf8')).not.toContain('tools/dev');
  });
});

// The library says what failed and carries the data; only the CLI names its flags and commands.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HINTS } from '../../src/cli/hints.js';
import { describeError } from '../../src/cli/report.js';
import { ToolsError, UsageError } from '../../src/index.js';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));
const LIBRARY = ['apps-script', 'bugsmash', 'sync', 'auth', 'demo'];

/** Every string literal given as a hint in `text` (`hint: '…'`, `const hint = '…'`). */
function hintStrings(text: string): string[] {
  const pattern = /hint(?::|\s*=)\s*(['"`])((?:\\.|(?!\1)[\s\S])*)\1/g;
  return [...text.matchAll(pattern)].map((match) => match[2] ?? '');
}

/** Words of the specbound CLI: its name, its commands, its flags (another tool's quoted command aside). */
function namesTheCli(hint: string): boolean {
  const own = hint.replace(/`gcloud [^`]*`/g, '');
  return /specbound|clasp login|\bgas \w|\bbs \w|--[a-z]/.test(own);
}

describe('library hints', () => {
  it('the check itself catches a hint that names a flag or a command', () => {
    expect(hintStrings(`throw new UsageError('x', { hint: 'Pass --force.' });`)).toEqual(['Pass --force.']);
    expect(namesTheCli('Run `specbound login` again.')).toBe(true);
    expect(namesTheCli('Pass --state FILE.')).toBe(true);
    expect(namesTheCli('Restore it from a backup.')).toBe(false);
  });

  it('name no CLI flag or command in tools/src/{apps-script,bugsmash,sync,auth,demo}', async () => {
    const offenders: string[] = [];
    for (const dir of LIBRARY) {
      for (const name of await readdir(join(SRC, dir), { recursive: true })) {
        if (!name.endsWith('.ts')) continue;
        const text = await readFile(join(SRC, dir, name), 'utf8');
        for (const hint of hintStrings(text))
          if (namesTheCli(hint)) offenders.push(`${dir}/${name}: ${hint}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("the CLI words a coded error's next step from its data, and prefers it to the library's own hint", () => {
    const error = new UsageError('Unknown status.', {
      code: 'value-not-allowed',
      details: { option: '--status', value: 'x', example: 'COMPLETED' },
    });
    expect(describeError(error)).toMatchObject({ code: 2, hint: 'e.g. --status COMPLETED' });
    expect(HINTS['google-credentials-missing']({ profile: 'default' })).toMatch(/^Run `specbound login` \(/);
    expect(describeError(new ToolsError('x', { hint: 'Restore it.' })).hint).toBe('Restore it.');
  });
});

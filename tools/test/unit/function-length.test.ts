// No function in tools/src is over 80 lines (issue 21: a tools package a newcomer can read). Biome's
// noExcessiveLinesPerFunction (root biome.json) leaves comment lines out of its count, so a function
// of 96 lines passed it; this counts what a reader scrolls through: every line from the function's
// first to its last, comments and blank lines included. Methods, arrows and nested functions each
// count on their own (a nested one counts in its parent too).
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'oxc-parser';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));
const MAX_LINES = 80;
const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

interface Span {
  type: string;
  start: number;
  end: number;
}

/** Every function-like node of a parsed file, depth first. */
function* functions(node: unknown): Generator<Span> {
  if (Array.isArray(node)) {
    for (const child of node) yield* functions(child);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const span = node as Span;
  if (FUNCTIONS.has(span.type)) yield span;
  for (const [key, child] of Object.entries(node)) if (key !== 'parent') yield* functions(child);
}

/** `file:line (n lines)` for each function of `file` longer than MAX_LINES. */
async function longFunctions(file: string): Promise<string[]> {
  const source = await readFile(file, 'utf8');
  const { program, errors } = parseSync(file, source);
  expect(errors, file).toEqual([]);
  const lineAt = (offset: number) => source.slice(0, offset).split('\n').length;
  const found: string[] = [];
  for (const fn of functions(program)) {
    const lines = lineAt(fn.end) - lineAt(fn.start) + 1;
    if (lines > MAX_LINES) found.push(`${relative(SRC, file)}:${lineAt(fn.start)} (${lines} lines)`);
  }
  return found;
}

describe('tools/src', () => {
  it(`has no function over ${MAX_LINES} lines`, async () => {
    const entries = await readdir(SRC, { recursive: true, withFileTypes: true });
    const files = entries
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .map((entry) => join(entry.parentPath, entry.name));
    expect(files.length).toBeGreaterThan(100);
    const offenders = (await Promise.all(files.map(longFunctions))).flat();
    expect(offenders).toEqual([]);
  });
});

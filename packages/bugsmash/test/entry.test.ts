import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

const src = new URL('../src/', import.meta.url);
const NODE_ONLY = /from\s+'node:|require\(|\bBuffer\b|\bprocess\./;

/** Every source file an entry reaches through relative imports, with its text. */
async function reachable(entry: string): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  const visit = async (file: string): Promise<void> => {
    if (seen.has(file)) return;
    const text = await readFile(new URL(file, src), 'utf8');
    seen.set(file, text);
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
      const specifier = (match[1] ?? '').replace(/\.js$/, '.ts');
      await visit(new URL(specifier, new URL(file, src)).pathname.slice(src.pathname.length));
    }
  };
  await visit(entry);
  return seen;
}

describe('the main entry', () => {
  it('pulls in nothing Node-only (browsers, Deno and Bun load it as is)', async () => {
    const files = await reachable('index.ts');
    expect([...files.keys()]).toEqual(expect.arrayContaining(['client.ts', 'uploads.ts', 'webhooks.ts']));
    expect(files.has('node.ts')).toBe(false);
    for (const [file, text] of files) expect(text, file).not.toMatch(NODE_ONLY);
  });

  it('(control) the same check flags the Node entry, which reads file paths', async () => {
    const files = await reachable('node.ts');
    expect(files.has('index.ts')).toBe(true);
    expect(files.get('node.ts')).toMatch(NODE_ONLY);
  });
});

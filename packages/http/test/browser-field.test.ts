// Browser bundlers follow the `browser` field of package.json and take a lighter module for some
// built files (call-request.browser.js, body.browser.js). Each swap must be a file of this package
// with the same exports as the one it replaces, so a bundle links the same names.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as {
  browser: Record<string, string>;
  sideEffects: boolean;
};
const source = (built: string): string =>
  `../src/${built.replace(/^\.\/dist\//, '').replace(/\.js$/, '.ts')}`;

describe('the browser field of package.json', () => {
  it('swaps call-request.js, body.js and transport.js, built file for built file, and keeps sideEffects false', () => {
    expect(manifest.browser).toEqual({
      './dist/body.js': './dist/body.browser.js',
      './dist/call-request.js': './dist/call-request.browser.js',
      './dist/transport.js': './dist/transport.browser.js',
    });
    // Without it a bundler keeps every module a client imports, used or not.
    expect(manifest.sideEffects).toBe(false);
  });

  it.each(Object.entries(manifest.browser))('%s → %s: a module with the same exports', async (from, to) => {
    const [node, browser] = await Promise.all([import(source(from)), import(source(to))]);
    expect(Object.keys(browser).sort()).toEqual(Object.keys(node).sort());
  });
});

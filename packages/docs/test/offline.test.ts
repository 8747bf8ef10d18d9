import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localizeRedocPage } from '../src/offline.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'specbound-offline-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('localizeRedocPage', () => {
  it('swaps the badge logos from Redocly’s CDN for inline images', async () => {
    const file = join(dir, 'page.html');
    await writeFile(
      file,
      'src:e?`https://cdn.redoc.ly/redoc/logo-mini-full.svg`:`https://cdn.redoc.ly/redoc/logo-mini.svg`',
    );
    await localizeRedocPage(file);
    const html = await readFile(file, 'utf8');
    expect(html).not.toContain('cdn.redoc.ly');
    expect(html.match(/`data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+`/g)).toHaveLength(2);
  });

  it('fails when a Redoc upgrade no longer has the badge it rewrites', async () => {
    const file = join(dir, 'other.html');
    await writeFile(file, '<html></html>');
    await expect(localizeRedocPage(file)).rejects.toThrow(/expected Redoc's badge logo/);
  });
});

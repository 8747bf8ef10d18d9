import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, resolveRequestPath, startServer } from '../src/serve.ts';

describe('resolveRequestPath', () => {
  it('maps paths under the root and / to index.html', () => {
    expect(resolveRequestPath('/site', '/')).toBe('/site/index.html');
    expect(resolveRequestPath('/site', '/bugsmash.html?x=1')).toBe('/site/bugsmash.html');
    expect(resolveRequestPath('/site/', '/a%20b/')).toBe('/site/a b/index.html');
  });

  it('refuses paths that leave the root and malformed escapes', () => {
    expect(resolveRequestPath('/site', '/../etc/passwd')).toBeUndefined();
    expect(resolveRequestPath('/site', '/%2e%2e/%2e%2e/etc/passwd')).toBeUndefined();
    expect(resolveRequestPath('/site', '/..%2fsite-other/x')).toBeUndefined();
    expect(resolveRequestPath('/site', '/%E0%A4%A')).toBeUndefined();
  });
});

describe('startServer', () => {
  let root: string;
  let running: RunningServer;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'specbound-serve-'));
    await mkdir(join(root, 'sub'));
    await writeFile(join(root, 'index.html'), '<h1>home</h1>');
    await writeFile(join(root, 'sub', 'app.js'), 'export {};');
    running = await startServer({ port: 0, root });
  });

  afterAll(async () => {
    await running.close();
    await rm(root, { recursive: true, force: true });
  });

  it('listens on loopback only, on the port it was given (0: a free one)', () => {
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it('serves files with their content type', async () => {
    const home = await fetch(running.url);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await home.text()).toBe('<h1>home</h1>');
    const script = await fetch(new URL('sub/app.js', running.url));
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('answers 404 for missing files and directories without an index', async () => {
    expect((await fetch(new URL('missing.html', running.url))).status).toBe(404);
    expect((await fetch(new URL('sub/', running.url))).status).toBe(404);
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await fetch(running.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('13');
    expect((await fetch(running.url, { method: 'POST', body: 'x' })).status).toBe(404);
  });
});

// Both clients, bundled for the browser the way issue 11's size budget measures them (esbuild with
// the BUNDLE_OPTIONS of packages/http/scripts/bundle-size.mjs), run in headless Chromium against
// the emulator on another origin of loopback: real calls, real CORS preflights, the platform's own
// fetch, Request and streams.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { DEFAULT_BUGSMASH_API_KEY, type RunningEmulator, startEmulator } from '@specbound/emulator';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_OPTIONS } from '../../http/scripts/bundle-size.mjs';
import { type LaunchedBrowser, launchBrowser } from './support/browser.ts';

const APPS = ['apps-script', 'bugsmash'] as const;
type App = (typeof APPS)[number];

let emulator: RunningEmulator;
let site: { server: Server; url: string };
let browser: LaunchedBrowser;
const preflights: string[] = [];
/** Requests to anywhere but the page's server and the emulator: each one fails the test. */
const outside: string[] = [];

const emulatorOrigin = (): string => new URL(emulator.appsScriptUrl).origin;

/** One app's source, bundled as issue 11's budget measures it. */
async function bundle(app: App): Promise<string> {
  const result = await build({
    ...BUNDLE_OPTIONS,
    entryPoints: [fileURLToPath(new URL(`./clients-in-browser/${app}.ts`, import.meta.url))],
  });
  // One runtime for Node and browsers: the same body reader, and no Node module in the bundle.
  const inputs = Object.keys(result.metafile.inputs).map((file) =>
    file.replace(/^(?:.*\/)?http\/dist\//, 'http/dist/'),
  );
  expect(inputs).toContain('http/dist/read.js');
  expect(inputs.filter((file) => file.startsWith('node:'))).toEqual([]);
  return result.outputFiles[0]?.text ?? '';
}

/**
 * The page's origin, on a port other than the emulator's: an empty page, the two bundles, and two
 * misbehaving BugSmash servers for the body reader (same origin, so no CORS): `/chunked` streams a
 * list without Content-Length past any small limit, `/stalled` sends headers and then nothing.
 */
async function serve(files: Record<string, string>): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path.startsWith('/chunked/')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"status":true,"message":"ok","data":[');
      const timer = setInterval(() => res.write(`{"id":"${'x'.repeat(40)}"},`), 20);
      res.once('close', () => clearInterval(timer));
      return;
    }
    if (path.startsWith('/stalled/')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"status":true,');
      return;
    }
    const body = path === '/' ? '<!doctype html><title>clients</title>' : files[path];
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': path === '/' ? 'text/html' : 'text/javascript' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  const [appsScript, bugsmash] = await Promise.all(APPS.map(bundle));
  expect(appsScript).not.toContain('node:');
  expect(bugsmash).not.toContain('node:');
  emulator = await startEmulator({
    strict: true,
    onRequest: (entry) => {
      if (entry.method === 'OPTIONS') preflights.push(entry.path);
    },
  });
  site = await serve({ '/apps-script.js': appsScript ?? '', '/bugsmash.js': bugsmash ?? '' });
  browser = await launchBrowser();
  console.info(`browser: ${browser.source} (${browser.executablePath})`);
});

afterAll(async () => {
  await browser?.close();
  // Only what beforeAll got to start: without a site, waiting for its close would never end.
  if (site !== undefined) {
    const { server } = site;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await emulator?.close();
});

/** Opens the page, loads `app`'s bundle and runs its `run(baseUrl, credential)`. */
async function runApp(app: App, baseUrl: string, credential: string): Promise<Record<string, unknown>> {
  const context = await browser.browser.newContext();
  try {
    // Watched, not intercepted: with a route, Playwright answers CORS preflights itself, and the
    // emulator's own answers are what this test is about.
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin !== site.url && url.origin !== emulatorOrigin()) outside.push(url.href);
    });
    const page: Page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(site.url);
    // A string, not a function: vitest would rewrite a function's `import()` for Node.
    const args = [baseUrl, credential].map((value) => JSON.stringify(value)).join(', ');
    const result: unknown = await page.evaluate(
      `import('${site.url}/${app}.js').then((app) => app.run(${args}))`,
    );
    expect(errors).toEqual([]);
    return result as Record<string, unknown>;
  } finally {
    await context.close();
  }
}

describe('the clients in a real browser, against the emulator on another origin', () => {
  it('@specbound/apps-script: POST and PUT with JSON bodies, get, iterate, scripts.run, typed errors', async () => {
    const result = await runApp('apps-script', emulator.appsScriptUrl, 'ada-demo-token');
    expect(result).toEqual({
      functions: { title: 'Made in a browser', versions: 3, sum: { sum: 9 } },
      title: 'Made in a browser',
      status: 200,
      // Newest first, as the service lists them, one per page.
      versions: ['three', 'two', 'one'],
      sum: { sum: 5 },
      thrown: { name: 'ScriptExecutionError', message: expect.stringContaining('RangeError: no') },
      missing: { name: 'NotFoundError', status: 404, message: expect.stringMatching(/^404 Not Found: /) },
    });
    // The browser asked first, as it does before sending an Authorization header to another origin.
    expect(preflights.some((path) => path.startsWith('/v1/projects'))).toBe(true);
  });

  it('@specbound/bugsmash: JSON and multipart POSTs, get, iterate, typed errors, the size limit', async () => {
    const result = await runApp('bugsmash', emulator.bugsmashUrl, DEFAULT_BUGSMASH_API_KEY);
    expect(result).toEqual({
      site: {
        name: 'Browser site',
        reviewLink: expect.stringMatching(/^https:\/\/app\.bugsmash\.io\/review\//),
      },
      brochure: 'Browser brochure',
      got: 'Browser site',
      websites: ['Browser site'],
      all: 2,
      tooLarge: { name: 'ResponseTooLargeError', limit: 64 },
      streamedTooLarge: { name: 'ResponseTooLargeError', limit: 100 },
      stalled: { name: 'TimeoutError', message: expect.stringContaining('while receiving the body') },
      missing: { name: 'NotFoundError', status: 404, message: expect.stringMatching(/^404 Not Found/) },
    });
    expect(preflights.some((path) => path.startsWith('/api/v2/'))).toBe(true);
  });

  it('made no request outside loopback and no spec violation', () => {
    expect(outside).toEqual([]);
    expect(emulator.violations()).toEqual([]);
  });
});

import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, type ExpectStatic, it } from 'vitest';
import { listOperations, type OpenApiDocument, type OperationRef } from '../src/operations.ts';
import { BUNDLE_DIR, DIST_DIR, PACKAGE_DIR } from '../src/paths.ts';
import { type RunningServer, startServer } from '../src/serve.ts';
import { SERVICES, type Service } from '../src/services.ts';
import { type LaunchedBrowser, launchBrowser } from './support/browser.ts';

const ARTIFACTS = join(PACKAGE_DIR, 'artifacts');

let server: RunningServer;
let browser: LaunchedBrowser;
let context: BrowserContext;

beforeAll(async () => {
  if (!existsSync(join(DIST_DIR, 'index.html')) || !existsSync(BUNDLE_DIR)) {
    throw new Error('No built site in packages/docs/dist: run `./tools/dev docs` first');
  }
  await mkdir(ARTIFACTS, { recursive: true });
  server = await startServer({ port: 0 });
  browser = await launchBrowser();
  console.info(`browser: ${browser.source} (${browser.executablePath})`);
  context = await browser.browser.newContext({ viewport: { width: 1440, height: 900 } });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A page of the shared context, with what it did wrong so far. */
interface WatchedPage {
  readonly page: Page;
  /** Console errors and uncaught exceptions. */
  readonly errors: string[];
  /** Requests to anywhere but this machine: aborted, and each one fails the test that made it. */
  readonly outside: string[];
}

/** A fresh page that records its console errors, uncaught exceptions and requests leaving loopback. */
async function openPage(path: string): Promise<WatchedPage> {
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const watched: WatchedPage = { page, errors: [], outside: [] };
  // Per page, not per context: the pages are open side by side, each test answers for its own.
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || url.protocol === 'blob:' || url.hostname === '127.0.0.1')
      return route.continue();
    watched.outside.push(url.href);
    return route.abort('blockedbyclient');
  });
  page.on('console', (message) => {
    if (message.type() === 'error') watched.errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => watched.errors.push(`page error: ${error.message}`));
  await page.goto(new URL(path, server.url).href, { waitUntil: 'load' });
  return watched;
}

async function expectClean(expect: ExpectStatic, { page, errors, outside }: WatchedPage): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect(outside, 'requests to outside this machine').toEqual([]);
  expect(errors, 'console errors').toEqual([]);
}

async function bundled(service: Service): Promise<{ doc: OpenApiDocument; operations: OperationRef[] }> {
  const doc = JSON.parse(await readFile(join(BUNDLE_DIR, `${service.id}.json`), 'utf8')) as OpenApiDocument;
  return { doc, operations: listOperations(doc) };
}

const squash = (text: string): string => text.replace(/\s+/g, '');

/** Waits until a code block showing exactly `source` (its tokens, whitespace aside) is in view. */
async function expectSampleInView(page: Page, operationId: string, source: string): Promise<void> {
  const shown = page.waitForFunction((expected) => {
    const inView = (e: Element) => {
      const r = e.getBoundingClientRect();
      return r.height > 0 && r.bottom > 0 && r.top < window.innerHeight;
    };
    return [...document.querySelectorAll('pre')].some(
      (pre) => (pre.textContent ?? '').replace(/\s+/g, '') === expected && inView(pre),
    );
  }, squash(source));
  await shown.catch((error: unknown) => {
    throw new Error(`${operationId}: its samples/ file is not shown as a code block`, { cause: error });
  });
}

/** Opens each operation from Redoc's menu, in order, and waits for its heading and its exact sample. */
async function showEveryOperation(
  expect: ExpectStatic,
  { page }: WatchedPage,
  operations: readonly OperationRef[],
): Promise<void> {
  const menu = page.locator('[data-component-name="Menu/Menu"]').first();
  for (const op of operations) {
    const tag = (op.operation.tags as string[] | undefined)?.[0] ?? '';
    const item = menu.locator('[data-testid="menu-item-label"]').getByText(op.summary, { exact: true });
    // Redoc's menu is an accordion: open the operation's tag group when its items are hidden.
    if (!(await item.isVisible())) await menu.getByText(tag, { exact: true }).first().click();
    await item.click();
    await page.locator('h1, h2', { hasText: op.summary }).first().waitFor({ state: 'visible' });
    const source = op.operation['x-codeSamples']?.[0]?.source;
    expect(source, `${op.operationId} has a sample`).toBeTypeOf('string');
    await expectSampleInView(page, op.operationId, source ?? '');
  }
}

// The landing page and the five references are open side by side (`concurrent` suites): most of a
// page's time is spent waiting on the page (Redoc's 500 ms search debounce, its menu's animation), and
// one page's wait is another's turn on the CPU. Within a reference the tests share one page, in order.
describe('the landing page', { concurrent: true }, () => {
  it('shows the quick starts and the Local development page, and loads nothing from outside', async ({
    expect,
  }) => {
    const landing = await openPage('index.html');
    const { page } = landing;
    // Loaded (openPage waits for `load`), so its title is final: asked once, not polled for 1 s, which a
    // loaded machine's DevTools round trips outlasted.
    expect(await page.title()).toBe('specbound docs');
    for (const heading of [
      'API references',
      'Packages',
      'Install',
      'Quick start',
      'Local development',
      'Contract-testing workflow',
    ]) {
      expect(await page.getByRole('heading', { name: heading, exact: true }).isVisible()).toBe(true);
    }
    const shown = await page.locator('pre').allTextContents();
    for (const id of ['apps-script', 'bugsmash', 'logging', 'drive', 'sheets']) {
      const source = await readFile(join(PACKAGE_DIR, 'samples', 'quick-start', `${id}.ts`), 'utf8');
      expect(shown).toContain(source.trimEnd());
    }
    await page.screenshot({ path: join(ARTIFACTS, 'index.png'), fullPage: true });
    await expectClean(expect, landing);

    // The Local development page and the way back.
    await page.locator('header nav').getByRole('link', { name: 'Local development' }).click();
    await page.waitForURL('**/local-development.html');
    for (const heading of ['The emulator', 'The CLI', 'State', 'Faults', 'Use your existing tools offline']) {
      await page.getByRole('heading', { level: 2, name: heading, exact: true }).waitFor();
    }
    await page.screenshot({ path: join(ARTIFACTS, 'local-development.png'), fullPage: true });
    await page.getByRole('link', { name: 'specbound docs home' }).click();
    await page.waitForURL('**/index.html');
    await expectClean(expect, landing);
    await page.close();
  });
});

for (const service of SERVICES) {
  describe(`the ${service.name} reference`, { concurrent: true }, () => {
    // One page per reference for all its tests, reached the way a reader reaches it: from the landing
    // page's link. Loading Redoc's page again for each test took a third of this file's time.
    let reference: WatchedPage;
    let doc: OpenApiDocument;
    let operations: OperationRef[];
    beforeAll(async () => {
      ({ doc, operations } = await bundled(service));
      reference = await openPage('index.html');
    });
    afterAll(() => reference?.page.close());

    it('is linked from the landing page and shows every operation with its specbound sample', {
      concurrent: false,
    }, async ({ expect }) => {
      const { page } = reference;
      await page
        .locator('header nav')
        .getByRole('link', { name: `${service.name} reference` })
        .click();
      await page.waitForURL(`**/${service.id}.html`);
      await page.getByRole('heading', { level: 1, name: new RegExp(`^${doc.info.title}`) }).waitFor();
      await page.locator('[data-testid="search-trigger"]').waitFor();
      await page.screenshot({ path: join(ARTIFACTS, `${service.id}.png`) });
      await showEveryOperation(expect, reference, operations);
      // Each webhook delivery is shown whole: request line, signed headers and body.
      const deliveries = operations.filter((op) => op.webhook).length;
      expect(
        await page.locator('pre', { hasText: /X-BugSmash-Signature: sha256=[0-9a-f]{64}/ }).count(),
      ).toBe(deliveries);
      await expectClean(expect, reference);
    });

    it('finds an operation with the search box, and its logo leads back to the landing page', {
      concurrent: false,
    }, async ({ expect }) => {
      const { page } = reference;
      for (const op of [operations[0], operations.at(-1)]) {
        if (!op) throw new Error(`${service.id} has no operations`);
        await page.locator('[data-testid="search-trigger"]').click();
        await page.getByPlaceholder('Search docs...').fill(op.summary);
        const hit = page
          .locator('[data-component-name="Search/SearchItem"]', { hasText: op.summary })
          .first();
        await hit.click();
        await page.locator('h1, h2', { hasText: op.summary }).first().waitFor({ state: 'visible' });
      }
      // The way back: the specbound logo at the top of Redoc's sidebar.
      await page.getByRole('link', { name: 'specbound docs home' }).click();
      await page.waitForURL('**/index.html');
      await page.getByRole('heading', { level: 1, name: 'specbound' }).waitFor();
      await expectClean(expect, reference);
    });
  });
}

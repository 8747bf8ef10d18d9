import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations, type OpenApiDocument, type OperationRef } from '../src/operations.ts';
import { BUNDLE_DIR, DIST_DIR, PACKAGE_DIR } from '../src/paths.ts';
import { type RunningServer, startServer } from '../src/serve.ts';
import { SERVICES, type Service } from '../src/services.ts';
import { type LaunchedBrowser, launchBrowser } from './support/browser.ts';

const ARTIFACTS = join(PACKAGE_DIR, 'artifacts');

let server: RunningServer;
let browser: LaunchedBrowser;
let context: BrowserContext;
/** Requests to anywhere but this machine: aborted, and each one fails the test that made it. */
const outside: string[] = [];

beforeAll(async () => {
  if (!existsSync(join(DIST_DIR, 'index.html')) || !existsSync(BUNDLE_DIR)) {
    throw new Error('No built site in packages/docs/dist: run `./tools/dev docs` first');
  }
  await mkdir(ARTIFACTS, { recursive: true });
  server = await startServer({ port: 0 });
  browser = await launchBrowser();
  console.info(`browser: ${browser.source} (${browser.executablePath})`);
  context = await browser.browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || url.protocol === 'blob:' || url.hostname === '127.0.0.1')
      return route.continue();
    outside.push(url.href);
    return route.abort('blockedbyclient');
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A fresh page that records its console errors and uncaught exceptions. */
async function openPage(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  outside.length = 0;
  await page.goto(new URL(path, server.url).href, { waitUntil: 'load' });
  return { page, errors };
}

async function expectClean(page: Page, errors: string[]): Promise<void> {
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

describe('the landing page', () => {
  it('shows the quick starts, loads nothing from outside and links to both references and back', async () => {
    const { page, errors } = await openPage('index.html');
    await expect.poll(() => page.title()).toBe('specbound docs');
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
    for (const id of ['apps-script', 'bugsmash', 'logging', 'drive', 'sheets']) {
      const source = await readFile(join(PACKAGE_DIR, 'samples', 'quick-start', `${id}.ts`), 'utf8');
      expect(await page.locator('pre').allTextContents()).toContain(source.trimEnd());
    }
    await page.screenshot({ path: join(ARTIFACTS, 'index.png'), fullPage: true });
    await expectClean(page, errors);

    for (const service of SERVICES) {
      const { doc } = await bundled(service);
      await page
        .locator('header nav')
        .getByRole('link', { name: `${service.name} reference` })
        .click();
      await page.waitForURL(`**/${service.id}.html`);
      await page.getByRole('heading', { level: 1, name: new RegExp(`^${doc.info.title}`) }).waitFor();
      // The way back: the specbound logo at the top of Redoc's sidebar.
      await page.getByRole('link', { name: 'specbound docs home' }).click();
      await page.waitForURL('**/index.html');
      await page.getByRole('heading', { level: 1, name: 'specbound' }).waitFor();
    }
    // The Local development page and the way back.
    await page.locator('header nav').getByRole('link', { name: 'Local development' }).click();
    await page.waitForURL('**/local-development.html');
    for (const heading of ['The emulator', 'The CLI', 'State', 'Faults', 'Use your existing tools offline']) {
      await page.getByRole('heading', { level: 2, name: heading, exact: true }).waitFor();
    }
    await page.screenshot({ path: join(ARTIFACTS, 'local-development.png'), fullPage: true });
    await page.getByRole('link', { name: 'specbound docs home' }).click();
    await page.waitForURL('**/index.html');
    await expectClean(page, errors);
    await page.close();
  });
});

for (const service of SERVICES) {
  describe(`the ${service.name} reference`, () => {
    // One page per reference for both tests: loading Redoc's page again for the search took a third
    // of this file's time, and the search must work on a page a reader has already used anyway.
    let page: Page;
    let errors: string[];
    let operations: OperationRef[];
    beforeAll(async () => {
      ({ operations } = await bundled(service));
      ({ page, errors } = await openPage(`${service.id}.html`));
    });
    afterAll(() => page?.close());

    it('shows every operation of the spec with its specbound sample', async () => {
      await page.locator('[data-testid="search-trigger"]').waitFor();
      await page.screenshot({ path: join(ARTIFACTS, `${service.id}.png`) });
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
      // Each webhook delivery is shown whole: request line, signed headers and body.
      const deliveries = operations.filter((op) => op.webhook).length;
      expect(
        await page.locator('pre', { hasText: /X-BugSmash-Signature: sha256=[0-9a-f]{64}/ }).count(),
      ).toBe(deliveries);
      await page.screenshot({ path: join(ARTIFACTS, `${service.id}-sample.png`) });
      await expectClean(page, errors);
    });

    it('finds an operation with the search box', async () => {
      for (const op of [operations[0], operations.at(-1)]) {
        if (!op) throw new Error(`${service.id} has no operations`);
        await page.locator('[data-testid="search-trigger"]').click();
        await page.getByPlaceholder('Search docs...').fill(op.summary);
        const hit = page
          .locator('[data-component-name="Search/SearchItem"]', { hasText: op.summary })
          .first();
        await hit.waitFor();
        if (op === operations.at(-1))
          await page.screenshot({ path: join(ARTIFACTS, `${service.id}-search.png`) });
        await hit.click();
        await page.locator('h1, h2', { hasText: op.summary }).first().waitFor({ state: 'visible' });
      }
      await expectClean(page, errors);
    });
  });
}

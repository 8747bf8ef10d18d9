import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildDocs, bundleSpecs } from '@specbound/scripts/redocly.mjs';
import { injectDeliveries } from './deliveries.ts';
import { renderLanding } from './landing.ts';
import { renderLocalDevelopment } from './local-development.ts';
import { listServerTools, renderMcpPage } from './mcp.ts';
import { localizeRedocPage } from './offline.ts';
import { listOperations, type OpenApiDocument } from './operations.ts';
import { BUNDLE_DIR, DIST_DIR } from './paths.ts';
import { renderRuntime } from './runtime.ts';
import { injectSamples } from './samples.ts';
import { summarizeScopes } from './security.ts';
import { REFERENCES, SERVICES } from './services.ts';
import { readTestingSamples, renderTesting } from './testing.ts';
import { LOGO_DATA_URI, REDOC_OPTIONS } from './theme.ts';

await rm(DIST_DIR, { recursive: true, force: true });
await mkdir(BUNDLE_DIR, { recursive: true });

// Every spec bundled by one Redocly process, in order: the services, then the references.
const bundles = bundleSpecs([...SERVICES, ...REFERENCES].map(({ api }) => api)) as OpenApiDocument[];
const bundleOf = (index: number): OpenApiDocument => bundles[index] as OpenApiDocument;

/** Writes `doc`'s bundle and renders its Redoc page, `<id>.html`, made to work offline. */
async function renderReference(id: string, name: string, doc: OpenApiDocument): Promise<void> {
  // Redoc renders x-logo at the top of its sidebar; its href makes it the way back to the landing page.
  doc.info['x-logo'] = { url: LOGO_DATA_URI, href: 'index.html', altText: 'specbound docs home' };
  const bundled = join(BUNDLE_DIR, `${id}.json`);
  await writeFile(bundled, `${JSON.stringify(doc, null, 2)}\n`);
  const page = join(DIST_DIR, `${id}.html`);
  await buildDocs(bundled, page, `${name} reference · specbound`, REDOC_OPTIONS);
  await localizeRedocPage(page);
}

const summaries = [];
for (const [index, service] of SERVICES.entries()) {
  const doc = bundleOf(index);
  const operations = listOperations(doc);
  await injectSamples(service.id, operations);
  // After the samples: a delivery's receiving sample stays first (in view when its menu item is
  // picked), the whole delivery follows it.
  injectDeliveries(operations);
  summarizeScopes(operations);
  await renderReference(service.id, service.name, doc);
  summaries.push({ service, doc, operations });
}

// Specs without a client (the emulator's control API) get a reference page of their own.
for (const [index, reference] of REFERENCES.entries()) {
  await renderReference(reference.id, reference.name, bundleOf(SERVICES.length + index));
}

await writeFile(join(DIST_DIR, 'index.html'), renderLanding(summaries, REFERENCES));
await writeFile(join(DIST_DIR, 'local-development.html'), renderLocalDevelopment());
await writeFile(join(DIST_DIR, 'mcp.html'), renderMcpPage(await listServerTools()));
await writeFile(join(DIST_DIR, 'testing.html'), renderTesting(await readTestingSamples()));
await writeFile(join(DIST_DIR, 'apps-script-runtime.html'), renderRuntime());
console.log(join(DIST_DIR, 'index.html'));

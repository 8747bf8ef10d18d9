import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bundleSpecs } from '@specbound/scripts/redocly.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { listOperations, type OpenApiDocument } from '../src/operations.ts';
import { injectSamples, listSampleIds, sampleProblems } from '../src/samples.ts';
import { SERVICES } from '../src/services.ts';

const docs = new Map<string, OpenApiDocument>();

// Fresh bundles of the specs as they are now (not dist/, which may be stale).
beforeAll(() => {
  const bundles = bundleSpecs(SERVICES.map(({ api }) => api)) as OpenApiDocument[];
  for (const [index, service] of SERVICES.entries()) docs.set(service.id, bundles[index] as OpenApiDocument);
}, 120_000);

function bundledDoc(id: string): OpenApiDocument {
  const doc = docs.get(id);
  if (!doc) throw new Error(`${id} was not bundled`);
  return doc;
}

describe('samples/', () => {
  it('has exactly one sample per operation of each spec, and none for operations that do not exist', async () => {
    for (const service of SERVICES) {
      const ids = listOperations(bundledDoc(service.id)).map((o) => o.operationId);
      expect(new Set(ids).size, `${service.id}: operationIds are unique`).toBe(ids.length);
      expect(sampleProblems(ids, await listSampleIds(service.id)), service.id).toEqual([]);
    }
  });

  it('counts 16 Apps Script operations, 26 BugSmash endpoints, 4 BugSmash webhook deliveries and 4 Drive operations', () => {
    const count = (id: string, webhook: boolean) =>
      listOperations(bundledDoc(id)).filter((o) => o.webhook === webhook).length;
    expect([count('apps-script', false), count('apps-script', true)]).toEqual([16, 0]);
    expect([count('bugsmash', false), count('bugsmash', true)]).toEqual([26, 4]);
    expect([count('logging', false), count('logging', true)]).toEqual([1, 0]);
    expect([count('drive', false), count('drive', true)]).toEqual([4, 0]);
    expect([count('sheets', false), count('sheets', true)]).toEqual([6, 0]);
  });

  it('uses the specbound client, never raw fetch', async () => {
    for (const service of SERVICES) {
      for (const op of listOperations(bundledDoc(service.id))) {
        const source = await readFile(
          join(import.meta.dirname, '..', 'samples', service.id, `${op.operationId}.ts`),
          'utf8',
        );
        expect(source, op.operationId).toMatch(new RegExp(`from '${service.packageName}'`));
        expect(source, op.operationId).not.toMatch(
          /\bfetch\(\s*['`"]https:\/\/(script\.googleapis|www\.googleapis|api\.bugsmash)/,
        );
      }
    }
  });
});

describe('sampleProblems', () => {
  it('names operations without a sample and samples without an operation', () => {
    expect(sampleProblems(['getProject', 'listProjects'], ['getProject', 'getProjct'])).toEqual([
      'no sample for operation listProjects',
      'sample getProjct.ts matches no operation',
    ]);
  });
});

describe('injectSamples', () => {
  it('sets each operation’s x-codeSamples to its file and puts delivery samples in the description', async () => {
    const doc = structuredClone(bundledDoc('bugsmash'));
    const operations = listOperations(doc);
    await injectSamples('bugsmash', operations);
    const get = operations.find((o) => o.operationId === 'getProject');
    expect(get?.operation['x-codeSamples']).toEqual([
      { lang: 'TypeScript', label: 'specbound', source: expect.stringContaining('bugsmash.projects.get(') },
    ]);
    const delivery = operations.find((o) => o.operationId === 'receiveNewComment');
    expect(delivery?.operation.description).toMatch(/```typescript\n[\s\S]*parseWebhookEvent[\s\S]*```\n$/);
  });

  it('refuses to build when an operation has no sample', async () => {
    const doc = structuredClone(bundledDoc('apps-script'));
    const operations = listOperations(doc);
    const [first] = operations;
    if (!first) throw new Error('no operations');
    const renamed = [{ ...first, operationId: 'getProjectRenamed' }, ...operations.slice(1)];
    await expect(injectSamples('apps-script', renamed)).rejects.toThrow(
      /no sample for operation getProjectRenamed; sample createProject\.ts matches no operation/,
    );
  });
});

import { readFile } from 'node:fs/promises';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { expect, it } from 'vitest';

const spec = new URL('../../../specs/sheets/openapi.yaml', import.meta.url);
const committed = new URL('../src/generated/schema.ts', import.meta.url);

// Same construction as openapi-typescript's CLI (bin/cli.js, `generateSchema`): header + printed
// AST, with `--enum-values` (arrays of each enum's values) and every other flag at its default, as `pnpm generate` runs it.
it('the committed generated code matches a fresh generation from the spec', async () => {
  const fresh = `${COMMENT_HEADER}${astToString(await openapiTS(spec, { silent: true, enumValues: true }))}`;
  const current = await readFile(committed, 'utf8');
  if (fresh !== current) {
    expect.fail('generated code is stale: run `pnpm generate` and commit src/generated');
  }
  expect(fresh).toBe(current);
}, 30_000);

// The built emulator validates by the spec bundles the client packages ship (generated, committed):
// they must be what the live specs bundle to, or the emulator and `./validate` would check stale schemas.
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { bundleSpec } from '../src/spec/bundle.ts';
import { REPO_SPEC_PATHS } from '../src/spec/load.ts';

const COMMITTED = {
  appsScript: new URL('../../apps-script/src/generated/openapi.json', import.meta.url),
  bugsmash: new URL('../../bugsmash/src/generated/openapi.json', import.meta.url),
  drive: new URL('../../drive/src/generated/openapi.json', import.meta.url),
  sheets: new URL('../../sheets/src/generated/openapi.json', import.meta.url),
};

for (const name of ['appsScript', 'bugsmash', 'drive', 'sheets'] as const) {
  it(`the committed ${name} bundle matches a fresh bundle of the spec`, async () => {
    const committed: unknown = JSON.parse(await readFile(COMMITTED[name], 'utf8'));
    expect(committed, 'stale bundle: run `./tools/dev generate` and commit src/generated').toEqual(
      await bundleSpec(REPO_SPEC_PATHS[name]),
    );
  });
}

// Issue 11's browser bundle budgets (packages/http/scripts/bundle-size.mjs), checked on every test
// run: a change that grows the runtime past a budget fails here, not only in the bench.
import { describe, expect, it } from 'vitest';
import { type BundleRow, measureBundles } from '../../http/scripts/bundle-size.mjs';

const rows = await measureBundles();
const row = (name: string): BundleRow => {
  const found = rows.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no sample named ${name}`);
  return found;
};

describe('browser bundle budgets (esbuild, minified, gzip -9)', () => {
  it.each(rows.filter((candidate) => candidate.budget !== undefined))(
    '$name: $gz B within $budget B',
    ({ gz, budget, nodeImports }) => {
      expect(gz).toBeLessThanOrEqual(budget as number);
      expect(nodeImports).toBe(false);
    },
  );

  it('the whole entry of each client is budgeted too (issue 21), not only its operation functions', () => {
    for (const name of ['apps-script client', 'bugsmash client', 'both'])
      expect(row(name).budget).toBeGreaterThan(0);
  });

  it('an app calling one operation function keeps only that operation of its client', () => {
    for (const [modular, object] of [
      ['apps-script', 'apps-script client'],
      ['bugsmash', 'bugsmash client'],
    ] as const) {
      const files = new Map(row(modular).modules);
      // The modules of operations the sample never calls are left out whole.
      expect(
        [...files.keys()].filter((file) => /manifest|processes|scripts|uploads|webhook/.test(file)),
      ).toEqual([]);
      // The client object keeps every method: its bundle is the larger by at least a kilobyte.
      expect(row(object).gz - row(modular).gz).toBeGreaterThan(1000);
    }
  });
});

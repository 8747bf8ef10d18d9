import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { bundleSpecs as bundleApis } from '@specbound/scripts/redocly.mjs';
import { normalizeForComparator } from './normalize.ts';
import type { ProviderContract } from './providers.ts';

/**
 * Bundles multi-file specs (root + paths/ + components/) into the one JSON file each that the
 * comparator reads, with its one setting (see normalize.ts); returns each contract with its file,
 * in `contracts` order. `$ref`s between files are inlined into `components`, so each result is the
 * same contract. One Redocly process bundles them all (@specbound/scripts/redocly.mjs).
 */
export function bundleSpecs(
  contracts: readonly ProviderContract[],
  outFileOf: (contract: ProviderContract) => string,
): { contract: ProviderContract; file: string }[] {
  const bundles = bundleApis(contracts.map((contract) => contract.specAlias));
  return contracts.map((contract, index) => {
    const outFile = outFileOf(contract);
    mkdirSync(dirname(outFile), { recursive: true });
    writeFileSync(outFile, `${JSON.stringify(normalizeForComparator(bundles[index] as object), null, 2)}\n`);
    return { contract, file: outFile };
  });
}

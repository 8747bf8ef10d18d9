import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

interface PactFile {
  consumer: { name: string };
  provider: { name: string };
  interactions: Interaction[];
  metadata: Record<string, unknown>;
}

interface Interaction {
  description: string;
  providerStates?: { name: string; params?: Record<string, unknown> }[];
  [key: string]: unknown;
}

/**
 * Merges the per-test-file pact folders under `partsDir` into one file per consumer/provider pair
 * in `outDir`, then removes `partsDir`.
 *
 * Why parts: Pact's core rewrites a pact file after every interaction, and two vitest workers
 * writing the same file can lose each other's interactions. Each test file writes its own folder,
 * so no two processes ever share a file; this merge runs once, after every worker has finished.
 * Interactions are sorted, so the result does not depend on which worker finished first.
 */
export function mergePactParts(partsDir: string, outDir: string): string[] {
  const merged = new Map<string, PactFile>();
  for (const file of partFiles(partsDir)) {
    const part = JSON.parse(readFileSync(file, 'utf8')) as PactFile;
    const key = `${part.consumer.name}-${part.provider.name}`;
    const target = merged.get(key);
    if (target === undefined) {
      merged.set(key, { ...part, interactions: [...part.interactions] });
      continue;
    }
    for (const interaction of part.interactions) {
      const twin = target.interactions.find((other) => identityOf(other) === identityOf(interaction));
      if (twin === undefined) target.interactions.push(interaction);
      else if (!isDeepStrictEqual(twin, interaction)) {
        throw new Error(
          `Two test files define different interactions named "${interaction.description}" for ${key}; give one another description.`,
        );
      }
    }
  }
  mkdirSync(outDir, { recursive: true });
  const written: string[] = [];
  for (const [key, pact] of merged) {
    pact.interactions.sort((a, b) => compare(identityOf(a), identityOf(b)));
    const file = join(outDir, `${key}.json`);
    writeFileSync(file, `${JSON.stringify(pact, null, 2)}\n`);
    written.push(file);
  }
  rmSync(partsDir, { recursive: true, force: true });
  return written.sort();
}

function partFiles(partsDir: string): string[] {
  if (!existsSync(partsDir)) return [];
  return readdirSync(partsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      readdirSync(join(partsDir, entry.name))
        .filter((name) => name.endsWith('.json'))
        .map((name) => join(partsDir, entry.name, name)),
    )
    .sort();
}

function identityOf(interaction: Interaction): string {
  return `${interaction.description}\u0000${JSON.stringify(interaction.providerStates ?? [])}`;
}

function compare(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

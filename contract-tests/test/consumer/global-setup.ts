import { rmSync } from 'node:fs';
import { mergePactParts } from '../../src/pact-files.ts';
import { PACT_PARTS_DIR, PACTS_DIR } from '../../src/providers.ts';

// Each run starts from an empty pacts/ folder, so an interaction deleted from a test never
// lingers in a pact file.
export function setup(): void {
  rmSync(PACTS_DIR, { recursive: true, force: true });
}

export function teardown(): void {
  const files = mergePactParts(PACT_PARTS_DIR, PACTS_DIR);
  console.log(`pact files written: ${files.map((file) => file.slice(PACTS_DIR.length + 1)).join(', ')}`);
}

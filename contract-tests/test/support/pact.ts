import { basename, join } from 'node:path';
import { PactV4 } from '@pact-foundation/pact';
import { CONSUMER, PACT_PARTS_DIR, type ProviderName } from '../../src/providers.ts';

/**
 * A Pact for one test file. Each test file writes into its own folder under pacts/.parts, merged
 * into pacts/ when the run ends (see src/pact-files.ts), so test files can run in parallel.
 */
export function createPact(provider: ProviderName, testFileUrl: string): PactV4 {
  return new PactV4({
    consumer: CONSUMER,
    provider,
    dir: join(PACT_PARTS_DIR, basename(new URL(testFileUrl).pathname, '.ts')),
    logLevel: 'warn',
  });
}

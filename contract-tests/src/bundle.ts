import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { normalizeForComparator } from './normalize.ts';
import { PACKAGE_DIR, type ProviderContract, REPO_ROOT } from './providers.ts';

const REDOCLY_BIN = join(PACKAGE_DIR, 'node_modules', '.bin', 'redocly');

/**
 * Bundles a multi-file spec (root + paths/ + components/) into the one JSON file
 * the comparator reads, with its one setting (see normalize.ts).
 * `$ref`s between files are inlined into `components`, so the result is the same contract.
 */
export function bundleSpec(contract: ProviderContract, outFile: string): string {
  mkdirSync(dirname(outFile), { recursive: true });
  execFileSync(
    REDOCLY_BIN,
    [
      'bundle',
      contract.specAlias,
      '--config',
      join(REPO_ROOT, 'redocly.yaml'),
      '--ext',
      'json',
      '--output',
      outFile,
    ],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      // Loopback only: no usage telemetry, no update check.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  const bundled = JSON.parse(readFileSync(outFile, 'utf8')) as object;
  writeFileSync(outFile, `${JSON.stringify(normalizeForComparator(bundled), null, 2)}\n`);
  return outFile;
}

import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { normalizeForComparator } from './normalize.ts';
import { PACKAGE_DIR, type ProviderContract, REPO_ROOT } from './providers.ts';

const REDOCLY_BIN = join(PACKAGE_DIR, 'node_modules', '.bin', 'redocly');

/**
 * Bundles multi-file specs (root + paths/ + components/) into the one JSON file each that the
 * comparator reads, with its one setting (see normalize.ts); returns each contract with its file,
 * in `contracts` order. `$ref`s between files are inlined into `components`, so each result is the
 * same contract.
 *
 * One Redocly process bundles them all (a process per spec cost about 0.3 s of CPU each): given
 * several APIs and no `--output`, it prints their bundles to stdout one after the other, in the
 * order given (an `--output` folder would name every bundle `openapi.json`).
 */
export function bundleSpecs(
  contracts: readonly ProviderContract[],
  outFileOf: (contract: ProviderContract) => string,
): { contract: ProviderContract; file: string }[] {
  const stdout = execFileSync(
    REDOCLY_BIN,
    [
      'bundle',
      ...contracts.map((contract) => contract.specAlias),
      '--config',
      join(REPO_ROOT, 'redocly.yaml'),
      '--ext',
      'json',
    ],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Loopback only: no usage telemetry, no update check.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  const bundles = splitJsonDocuments(stdout);
  if (bundles.length !== contracts.length)
    throw new Error(
      `redocly bundle printed ${bundles.length} document(s) for ${contracts.length} spec(s): run it by hand to see why`,
    );
  return contracts.map((contract, index) => {
    const outFile = outFileOf(contract);
    mkdirSync(dirname(outFile), { recursive: true });
    const bundled = JSON.parse(bundles[index] as string) as object;
    writeFileSync(outFile, `${JSON.stringify(normalizeForComparator(bundled), null, 2)}\n`);
    return { contract, file: outFile };
  });
}

/** Splits JSON documents printed back to back (`{…}{…}`) at the end of each top-level value. */
function splitJsonDocuments(text: string): string[] {
  const documents: string[] = [];
  let depth = 0;
  let inString = false;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') {
      if (depth++ === 0) start = i;
    } else if ((char === '}' || char === ']') && --depth === 0) {
      documents.push(text.slice(start, i + 1));
    }
  }
  return documents;
}

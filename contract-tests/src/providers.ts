import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The contract-tests package folder. */
export const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The repository root (redocly.yaml, specs/). */
export const REPO_ROOT = join(PACKAGE_DIR, '..');
/** Where the merged pact files land (git-ignored, a turbo output). */
export const PACTS_DIR = join(PACKAGE_DIR, 'pacts');
/** Per-test-file pact folders, merged into PACTS_DIR when the consumer run ends. */
export const PACT_PARTS_DIR = join(PACTS_DIR, '.parts');
/** Bundled specs and scratch copies for the bite test (git-ignored). */
export const TMP_DIR = join(PACKAGE_DIR, '.tmp');

export const CONSUMER = 'specbound';

export type ProviderName =
  | 'apps-script-api'
  | 'bugsmash-api'
  | 'cloud-logging-api'
  | 'drive-api'
  | 'sheets-api';

export interface ProviderContract {
  /** The Pact provider name. */
  readonly provider: ProviderName;
  /** The spec's alias in redocly.yaml. */
  readonly specAlias: string;
  /** A short file-name stem for the bundled spec. */
  readonly slug: string;
}

export const PROVIDERS: readonly ProviderContract[] = [
  { provider: 'apps-script-api', specAlias: 'apps-script@v1', slug: 'apps-script' },
  { provider: 'bugsmash-api', specAlias: 'bugsmash@v2', slug: 'bugsmash' },
  { provider: 'cloud-logging-api', specAlias: 'logging@v2', slug: 'logging' },
  { provider: 'drive-api', specAlias: 'drive@v3', slug: 'drive' },
  { provider: 'sheets-api', specAlias: 'sheets@v4', slug: 'sheets' },
];

/** The merged pact file of one provider, as Pact names it (`<consumer>-<provider>.json`). */
export function pactFileOf(provider: ProviderName): string {
  return join(PACTS_DIR, `${CONSUMER}-${provider}.json`);
}

/** The bundled single-file spec of one provider. */
export function bundledSpecOf(contract: ProviderContract): string {
  return join(TMP_DIR, 'specs', `${contract.slug}.json`);
}

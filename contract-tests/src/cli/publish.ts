// Publishes the pact files, and the specs as provider contracts, to a Pact Broker or PactFlow with
// the official pact-cli. Does nothing (and says so) unless PACT_BROKER_BASE_URL is set.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { bundleSpecs } from '../bundle.ts';
import { bundledSpecOf, PACKAGE_DIR, PACTS_DIR, PROVIDERS, REPO_ROOT, TMP_DIR } from '../providers.ts';

const env = process.env;
const BIN_DIR = join(PACKAGE_DIR, 'node_modules', '.bin');

if (env.PACT_BROKER_BASE_URL === undefined || env.PACT_BROKER_BASE_URL === '') {
  console.log(
    'contracts:publish: skipped. PACT_BROKER_BASE_URL is not set, so there is no broker to publish to.\n' +
      'Set PACT_BROKER_BASE_URL and PACT_BROKER_TOKEN (or PACT_BROKER_USERNAME and PACT_BROKER_PASSWORD) to publish.',
  );
  process.exit(0);
}
const hasToken = (env.PACT_BROKER_TOKEN ?? '') !== '';
const hasBasicAuth = (env.PACT_BROKER_USERNAME ?? '') !== '' && (env.PACT_BROKER_PASSWORD ?? '') !== '';
if (!hasToken && !hasBasicAuth) {
  fail(
    'PACT_BROKER_BASE_URL is set but neither PACT_BROKER_TOKEN nor PACT_BROKER_USERNAME/PACT_BROKER_PASSWORD is.',
  );
}
// pact-cli is an optional dependency (a prebuilt binary per platform); it may be absent.
for (const bin of ['pact-broker', 'pactflow']) {
  if (!existsSync(join(BIN_DIR, bin))) {
    fail(
      `the ${bin} binary of @pact-foundation/pact-cli is not installed for this platform; run pnpm install.`,
    );
  }
}
const pactFiles = existsSync(PACTS_DIR)
  ? readdirSync(PACTS_DIR).filter((name) => name.endsWith('.json'))
  : [];
if (pactFiles.length === 0)
  fail('no pact files in pacts/; run `pnpm --filter @specbound/contract-tests test:contract` first.');

const version = env.PACT_APP_VERSION ?? git('rev-parse', 'HEAD');
const branch = env.PACT_APP_BRANCH ?? git('rev-parse', '--abbrev-ref', 'HEAD');
// Credentials reach the CLI through the environment only, never through arguments or logs.
const childEnv = { ...env, PACT_DO_NOT_TRACK: 'true' };

run('pact-broker', ['publish', PACTS_DIR, '--consumer-app-version', version, '--branch', branch]);

for (const { contract, file: specFile } of bundleSpecs(PROVIDERS, bundledSpecOf)) {
  const verification = join(TMP_DIR, 'reports', `${contract.provider}.txt`);
  const args = [
    'publish-provider-contract',
    specFile,
    '--provider',
    contract.provider,
    '--provider-app-version',
    version,
    '--branch',
    branch,
    '--content-type',
    'application/json',
  ];
  // The provider's own evidence: its pacts were validated against the spec and replayed against
  // the emulator (written by test:contract).
  if (existsSync(verification)) {
    args.push(
      '--verification-success',
      '--verification-results',
      verification,
      '--verification-results-content-type',
      'text/plain',
      '--verifier',
      'specbound-contract-tests',
    );
  }
  run('pactflow', args);
}
console.log(
  `contracts:publish: published ${pactFiles.join(', ')} and ${PROVIDERS.length} provider contracts as ${version} (${branch}).`,
);

function run(bin: string, args: string[]): void {
  console.log(
    `+ ${bin} ${args.map((arg) => (arg.startsWith('/') ? relative(PACKAGE_DIR, arg) : arg)).join(' ')}`,
  );
  try {
    execFileSync(join(BIN_DIR, bin), args, { stdio: 'inherit', env: childEnv, cwd: PACKAGE_DIR });
  } catch (error) {
    const status = (error as { status?: number | null }).status;
    fail(
      `${bin} failed${status === undefined || status === null ? '' : ` (exit ${status})`}; its output is above.`,
    );
  }
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
}

function fail(message: string): never {
  console.error(`contracts:publish: ${message}`);
  process.exit(1);
}

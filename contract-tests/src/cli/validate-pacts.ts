// Validates every pact file in pacts/ against its bundled spec and prints a report; exits 1 on any
// problem, so CI fails with the report in its log.
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { bundleSpecs } from '../bundle.ts';
import { bundledSpecOf, PACKAGE_DIR, PROVIDERS, pactFileOf } from '../providers.ts';
import { checkPact, formatReport } from '../validate.ts';

let failed = false;
const present = PROVIDERS.filter((contract) => {
  if (existsSync(pactFileOf(contract.provider))) return true;
  console.error(
    `${contract.provider}: FAILED: no pact file at ${relative(PACKAGE_DIR, pactFileOf(contract.provider))}; run the consumer tests first.`,
  );
  failed = true;
  return false;
});
const bundled = present.length > 0 ? bundleSpecs(present, bundledSpecOf) : [];
for (const { contract, file: specFile } of bundled) {
  const result = await checkPact({
    provider: contract.provider,
    specFile,
    pactFile: pactFileOf(contract.provider),
  });
  console.log(formatReport(result));
  failed ||= !result.ok;
}
if (failed) {
  console.error(
    '\nThe pacts and the specs disagree (see above). Fix the client or the spec; never loosen the check.',
  );
  process.exit(1);
}
console.log('\nEvery pact validates against its spec.');

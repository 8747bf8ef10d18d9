// Validates every pact file in pacts/ against its bundled spec and prints a report; exits 1 on any
// problem, so CI fails with the report in its log.
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { bundleSpec } from '../bundle.ts';
import { bundledSpecOf, PACKAGE_DIR, PROVIDERS, pactFileOf } from '../providers.ts';
import { checkPact, formatReport } from '../validate.ts';

let failed = false;
for (const contract of PROVIDERS) {
  const pactFile = pactFileOf(contract.provider);
  if (!existsSync(pactFile)) {
    console.error(
      `${contract.provider}: FAILED: no pact file at ${relative(PACKAGE_DIR, pactFile)}; run the consumer tests first.`,
    );
    failed = true;
    continue;
  }
  const specFile = bundleSpec(contract, bundledSpecOf(contract));
  const result = await checkPact({ provider: contract.provider, specFile, pactFile });
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

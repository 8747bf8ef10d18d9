#!/usr/bin/env node
// `lint:package` of a published package (run in its directory): packs it exactly as it would be
// published (pnpm pack), then checks the tarball itself, not the source tree: our own rules
// (checkTarball), publint, and arethetypeswrong with the ESM-only profile.
import { spawnSync } from 'node:child_process';
import { basename } from 'node:path';
import { checkTarball, pack, withTempDir } from './packs.mjs';

const dir = process.cwd();
const failures = withTempDir('specbound-lint-package-', (tmp) => {
  const tarball = pack(dir, tmp);
  const found = checkTarball(tarball, dir).map((problem) => `  - ${problem}`);
  for (const [tool, args] of [
    ['publint', ['run', tarball, '--strict']],
    ['attw', [tarball, '--profile', 'esm-only', '--format', 'ascii']],
  ]) {
    const result = spawnSync(tool, args, { encoding: 'utf8' });
    if (result.status !== 0) found.push(`  - ${tool} failed:\n${result.stdout}${result.stderr}`);
  }
  if (found.length === 0) console.log(`${basename(tarball)}: publint, attw and the tarball checks pass`);
  return found;
});
if (failures.length > 0) {
  console.error(
    `lint:package found ${failures.length} problem(s) in the packed tarball:\n${failures.join('\n')}`,
  );
  process.exit(1);
}

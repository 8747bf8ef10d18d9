#!/usr/bin/env node
// `lint:package` of a published package (run in its directory): packs it exactly as it would be
// published (pnpm pack), then checks the tarball itself, not the source tree: our own rules
// (checkTarball), publint (strict: warnings fail too), and arethetypeswrong with the ESM-only
// profile. Both tools are this package's own dependencies, so the packages need not list them.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { checkTarball, pack, withTempDir } from './packs.mjs';

/** Runs arethetypeswrong's CLI (it has no API of its own) on `tarball`; returns its failure, if any. */
function attw(tarball) {
  const manifest = fileURLToPath(import.meta.resolve('@arethetypeswrong/cli/package.json'));
  const bin = join(dirname(manifest), JSON.parse(readFileSync(manifest, 'utf8')).bin.attw);
  const args = [bin, tarball, '--profile', 'esm-only', '--format', 'ascii'];
  const result = spawnSync(process.execPath, args, { encoding: 'utf8' });
  return result.status === 0 ? [] : [`  - attw failed:\n${result.stdout}${result.stderr}`];
}

const dir = process.cwd();
let name = '';
let bytes = new Uint8Array();
const failures = withTempDir('specbound-lint-package-', (tmp) => {
  const tarball = pack(dir, tmp);
  name = basename(tarball);
  bytes = readFileSync(tarball);
  return [...checkTarball(tarball, dir).map((problem) => `  - ${problem}`), ...attw(tarball)];
});
// Exactly the tarball's bytes: a Buffer's `.slice()` is a view, and its `.buffer` may be a larger
// shared allocation whose trailing bytes make publint's gunzip fail ("incorrect header check").
const tarballBytes = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
const { messages, pkg } = await publint({ pack: { tarball: tarballBytes }, strict: true });
const errors = messages.filter((message) => message.type === 'error');
if (errors.length > 0)
  failures.push(
    `  - publint failed:\n${errors.map((m) => `    ${formatMessage(m, pkg, { color: false })}`).join('\n')}`,
  );
if (failures.length > 0) {
  console.error(
    `lint:package found ${failures.length} problem(s) in the packed tarball:\n${failures.join('\n')}`,
  );
  process.exit(1);
}
console.log(`${name}: publint, attw and the tarball checks pass`);

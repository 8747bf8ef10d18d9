// `./tools/dev pack`: packs every published package with pnpm (real version ranges in place of
// `workspace:` and `catalog:`) into packs/, under names without the version so the README's install
// line stays valid across releases, and prints that line with this checkout's absolute paths.
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { checkTarball, pack, publishablePackages, ROOT, tarballFiles } from './packs.mjs';

export const PACKS_DIR = join(ROOT, 'packs');

const packages = publishablePackages();
mkdirSync(PACKS_DIR, { recursive: true });
for (const file of readdirSync(PACKS_DIR)) if (file.endsWith('.tgz')) rmSync(join(PACKS_DIR, file));

const tarballs = [];
const problems = [];
for (const { name, version, dir } of packages) {
  const packed = pack(dir, PACKS_DIR);
  const tarball = join(PACKS_DIR, `${name.replace(/^@/, '').replace('/', '-')}.tgz`);
  renameSync(packed, tarball);
  tarballs.push(tarball);
  for (const problem of checkTarball(tarballFiles(tarball), dir)) problems.push(`${name}: ${problem}`);
  console.log(`  ${name}@${version}`.padEnd(36) + relative(process.cwd(), tarball));
}
if (problems.length > 0) {
  console.error(`\nThe tarballs are not ready to install:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `\nInstall them into any project (Node ≥ 22.13, npm alone) with:\n\n  npm install ${tarballs.join(' ')}\n`,
);

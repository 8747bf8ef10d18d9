// What `./tools/dev pack` and each package's `lint:package` share: which workspace packages are
// published, how one is packed (pnpm pack, which turns `workspace:` and `catalog:` ranges into real
// ones), and what a tarball must hold before anyone installs it.
// The scripts live in this private workspace package (@specbound/scripts), never in a published one.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const REPOSITORY = 'https://github.com/specbound/specbound';
/** Node 22.12: require() of ESM without a flag. 22.13: `node:sqlite` without a flag (the emulator's state). */
const NODE_RANGE = '>=22.12';
const SQLITE_PACKAGES = new Set(['@specbound/emulator', '@specbound/tools']);

/** The Node range a package declares: 22.13 for the emulator and the packages that run it. */
function nodeRangeOf(name) {
  return SQLITE_PACKAGES.has(name) ? '>=22.13' : NODE_RANGE;
}

/** Every workspace package that is not private: `{ name, version, dir }`, in workspace order. */
export function publishablePackages() {
  const listed = JSON.parse(
    execFileSync('pnpm', ['ls', '-r', '--depth', '-1', '--json'], { cwd: ROOT, encoding: 'utf8' }),
  );
  return listed
    .filter((p) => !p.private && p.path !== ROOT.replace(/\/$/, ''))
    .map((p) => ({ name: p.name, version: p.version, dir: p.path }));
}

/** Packs the package in `dir` into `destination` with pnpm; returns the tarball's path. */
export function pack(dir, destination) {
  const out = execFileSync('pnpm', ['pack', '--pack-destination', destination, '--json'], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(out).filename;
}

/**
 * A tarball's files through `tar` (paths inside start with `package/`): `list()` gives each path
 * without that prefix, `read(path)` one file's text.
 */
export function tarballFiles(tarball) {
  return {
    list: () =>
      execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
        .split('\n')
        .filter(Boolean)
        .map((entry) => entry.replace(/^package\//, '')),
    read: (path) =>
      execFileSync('tar', ['-xzOf', tarball, `package/${path}`], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      }),
  };
}

const DEPENDENCY_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies'];

/**
 * What a newcomer relies on in a published tarball, read through `tarball` (`tarballFiles`, or any
 * `{ list(), read(path) }` over the same files). Returns one message per problem, each saying what
 * to change.
 */
export function checkTarball(tarball, dir) {
  const problems = [];
  const manifest = JSON.parse(tarball.read('package.json'));
  const files = new Set(tarball.list());
  const directory = relative(ROOT, dir).split('\\').join('/');

  for (const field of DEPENDENCY_FIELDS) {
    for (const [name, range] of Object.entries(manifest[field] ?? {})) {
      if (!/^\^\d/.test(range)) {
        problems.push(
          `${field}.${name} is "${range}" in the tarball: use a caret range (workspace:^, or a catalog entry starting with ^) so npm can share one copy with the user's own`,
        );
      }
    }
  }
  // Every file the manifest points at must be in the tarball (a missing build is the usual cause).
  const targets = [
    ...Object.values(typeof manifest.bin === 'string' ? { bin: manifest.bin } : (manifest.bin ?? {})),
    ...leaves(manifest.exports),
  ].filter((target) => typeof target === 'string' && !target.includes('*'));
  for (const target of new Set(targets)) {
    const path = target.replace(/^\.\//, '');
    if (path !== 'package.json' && !files.has(path))
      problems.push(`${target} (named in package.json) is not in the tarball: build the package first`);
  }
  // The shared build scripts belong to the private @specbound/scripts, never to a published package.
  const scripts = [...files].filter((file) => file.startsWith('scripts/') && !file.endsWith('/'));
  if (scripts.length > 0)
    problems.push(`${scripts.join(', ')} in the tarball: leave build scripts out of package.json "files"`);
  if (!files.has('LICENSE'))
    problems.push('no LICENSE in the tarball: copy the repository root LICENSE next to package.json');
  else if (tarball.read('LICENSE') !== readFileSync(join(ROOT, 'LICENSE'), 'utf8'))
    problems.push("LICENSE differs from the repository root's: copy it again");
  if (manifest.license !== 'MIT') problems.push(`license is ${manifest.license}: the repository is MIT`);
  const nodeRange = nodeRangeOf(manifest.name);
  if (manifest.engines?.node !== nodeRange)
    problems.push(
      `engines.node is ${manifest.engines?.node}: set "${nodeRange}" (require() of ESM needs 22.12, node:sqlite 22.13)`,
    );
  if (manifest.type !== 'module') problems.push('type is not "module": the packages are ESM only');
  if (manifest.repository?.url !== `git+${REPOSITORY}.git` || manifest.repository?.directory !== directory)
    problems.push(
      `repository must be { "type": "git", "url": "git+${REPOSITORY}.git", "directory": "${directory}" }`,
    );
  if (manifest.homepage !== `${REPOSITORY}/tree/main/${directory}#readme`)
    problems.push(`homepage must be ${REPOSITORY}/tree/main/${directory}#readme`);
  if (manifest.bugs?.url !== `${REPOSITORY}/issues`) problems.push(`bugs.url must be ${REPOSITORY}/issues`);
  if (!Array.isArray(manifest.keywords) || manifest.keywords.length === 0)
    problems.push('keywords are missing');
  if (manifest.publishConfig?.access !== 'public')
    problems.push('publishConfig.access must be "public" (a scoped package is private by default)');

  if (!files.has('README.md')) problems.push('no README.md in the tarball');
  else {
    const readme = tarball.read('README.md');
    // A link inside the repository means nothing on npm: every link must be absolute (or an anchor).
    for (const [, target] of readme.matchAll(/\]\(([^)\s]+)[^)]*\)/g)) {
      if (!/^(https?:|mailto:|#)/.test(target))
        problems.push(`README.md links to "${target}": link to ${REPOSITORY}/blob/main/... instead`);
    }
    const nodeLine = `ESM only; Node ≥ ${nodeRange.slice(2)}`;
    if (!readme.includes(nodeLine)) problems.push(`README.md does not say "${nodeLine}"`);
    if (!readme.includes(`${REPOSITORY}#install`))
      problems.push(
        `README.md does not link the repository README's Install section (${REPOSITORY}#install)`,
      );
  }
  return problems;
}

/** The string values of an `exports` map (its targets), however deeply nested by conditions. */
function leaves(node) {
  if (typeof node === 'string') return [node];
  if (node === null || typeof node !== 'object') return [];
  return Object.values(node).flatMap(leaves);
}

export function withTempDir(prefix, run) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    return run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

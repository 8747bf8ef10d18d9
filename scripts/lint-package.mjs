#!/usr/bin/env node
// `lint:package` of a published package (run in its directory): packs it exactly as it would be
// published (pnpm pack), then checks the tarball itself, not the source tree: our own rules
// (checkTarball), publint (strict: warnings fail too), and arethetypeswrong with the ESM-only
// profile. Both tools run in this process on the tarball's bytes: a second Node process for attw's
// CLI loaded TypeScript again and cost about two thirds of the task's CPU.
import { enableCompileCache } from 'node:module';

// attw loads TypeScript (9 MB of JavaScript) once per package; V8's on-disk code cache lets the
// next package's run skip compiling it again.
enableCompileCache();

const { readFileSync } = await import('node:fs');
const { basename } = await import('node:path');
const { checkPackage, createPackageFromTarballData } = await import('@arethetypeswrong/core');
const { problemKindInfo } = await import('@arethetypeswrong/core/problems');
const { publint } = await import('publint');
const { formatMessage } = await import('publint/utils');
const { checkTarball, pack, withTempDir } = await import('./packs.mjs');

/** What attw's `--profile esm-only` ignores: resolutions no ESM-only package can serve. */
const IGNORED_RESOLUTIONS = new Set(['node10', 'node16-cjs']);

/**
 * arethetypeswrong on the unpacked tarball, failing exactly where its CLI with `--profile esm-only`
 * exits 1: any problem not tied to an ignored resolution. An untyped package has nothing to check.
 */
async function attw(pkg) {
  const analysis = await checkPackage(pkg);
  if (!analysis.types) return [];
  const failing = analysis.problems.filter(
    (problem) => !('resolutionKind' in problem) || !IGNORED_RESOLUTIONS.has(problem.resolutionKind),
  );
  if (failing.length === 0) return [];
  const lines = failing.map(({ kind, ...fields }) => {
    const info = problemKindInfo[kind];
    // Where it happened: the entrypoint, resolution kind and file names (the string fields).
    const where = Object.entries(fields).filter(([, value]) => typeof value === 'string');
    const at = where.map(([field, value]) => `${field} ${value}`).join(', ');
    return `    ${info.emoji} ${kind}: ${info.description} (${at}) See ${info.docsUrl}`;
  });
  return [`  - attw failed (profile esm-only):\n${lines.join('\n')}`];
}

/** checkTarball's view of the tarball attw unpacked in memory (no `tar` process per file read). */
function filesOf(pkg) {
  const root = `/node_modules/${pkg.packageName}/`;
  return {
    list: () => pkg.listFiles().map((file) => file.slice(root.length)),
    read: (path) => pkg.readFile(`${root}${path}`),
  };
}

const dir = process.cwd();
const { name, bytes } = withTempDir('specbound-lint-package-', (tmp) => {
  const tarball = pack(dir, tmp);
  return { name: basename(tarball), bytes: readFileSync(tarball) };
});
// Exactly the tarball's bytes: a Buffer's `.slice()` is a view, and its `.buffer` may be a larger
// shared allocation whose trailing bytes make publint's gunzip fail ("incorrect header check").
const tarballBytes = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
const unpacked = createPackageFromTarballData(new Uint8Array(tarballBytes));
const failures = checkTarball(filesOf(unpacked), dir).map((problem) => `  - ${problem}`);
failures.push(...(await attw(unpacked)));
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

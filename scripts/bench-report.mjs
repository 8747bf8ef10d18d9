#!/usr/bin/env node
// Assembles BENCHMARKS.md from the figures each package's `bench` task wrote to
// packages/<name>/bench/results.md in this same `tools/dev bench` run (turbo runs the package
// benches first, one at a time, so they do not compete for the 2 cores).
import { readdir, readFile, writeFile } from 'node:fs/promises';

const root = new URL('../', import.meta.url);
const packages = new URL('packages/', root);

// Each package's results, then the contract loop's (contract-tests/bench/results.md: a before/after
// measurement of test:contract across the change of checker, see its compare-revisions.sh).
const folders = [
  ...(await readdir(packages)).sort().map((name) => new URL(`${name}/`, packages)),
  new URL('contract-tests/', root),
];
const sections = [];
for (const folder of folders) {
  const results = new URL('bench/results.md', folder);
  const text = await readFile(results, 'utf8').catch(() => undefined);
  if (text === undefined) continue;
  // Each package's file starts with its own H1: demote every heading one level.
  sections.push(text.trim().replace(/^(#+) /gm, '#$1 '));
}
// Benches outside packages/: tools/bench/*.md (the CLI's start-up against clasp), then
// scripts/bench/*.md (the test command's time, written by `./tools/dev time:test`).
for (const folder of ['tools/bench/', 'scripts/bench/'].map((path) => new URL(path, root))) {
  for (const name of (await readdir(folder).catch(() => [])).filter((n) => n.endsWith('.md')).sort()) {
    const text = await readFile(new URL(name, folder), 'utf8');
    sections.push(text.trim().replace(/^(#+) /gm, '#$1 '));
  }
}
if (sections.length === 0)
  throw new Error('no packages/*/bench/results.md found: run the package benches first');

const header = `# Benchmarks

Written by \`tools/dev bench\` (the turbo \`bench\` task): every package bench measures its peers in the
same run on this machine and writes \`packages/<name>/bench/results.md\` (the CLI: \`tools/bench/*.md\`; the
test command's time: \`scripts/bench/*.md\`);
this file stitches them together, with \`contract-tests/bench/results.md\` (the contract loop's time
before and after its change of checker). Figures from a 2-core machine are noisy: compare the ratios, which are measured in one
run with alternating rounds, rather than absolute requests per second.
`;
await writeFile(new URL('BENCHMARKS.md', root), `${header}\n${sections.join('\n\n')}\n`);
console.log(`BENCHMARKS.md: ${sections.length} sections`);

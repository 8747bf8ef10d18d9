// Assembles BENCHMARKS.md from the figures each package's `bench` task wrote to
// packages/<name>/bench/results.md in this same `tools/dev bench` run (turbo runs the package
// benches first, one at a time, so they do not compete for the 2 cores).
import { readdir, readFile, writeFile } from 'node:fs/promises';

const root = new URL('../../', import.meta.url);
const packages = new URL('packages/', root);

const sections = [];
for (const name of (await readdir(packages)).sort()) {
  const results = new URL(`${name}/bench/results.md`, packages);
  const text = await readFile(results, 'utf8').catch(() => undefined);
  if (text === undefined) continue;
  // Each package's file starts with its own H1: demote every heading one level.
  sections.push(text.trim().replace(/^(#+) /gm, '#$1 '));
}
// Benches outside packages/: tools/bench/*.md (the CLI's start-up against clasp).
const toolsBench = new URL('tools/bench/', root);
for (const name of (await readdir(toolsBench).catch(() => [])).filter((n) => n.endsWith('.md')).sort()) {
  const text = await readFile(new URL(name, toolsBench), 'utf8');
  sections.push(text.trim().replace(/^(#+) /gm, '#$1 '));
}
if (sections.length === 0)
  throw new Error('no packages/*/bench/results.md found: run the package benches first');

const header = `# Benchmarks

Written by \`tools/dev bench\` (the turbo \`bench\` task): every package bench measures its peers in the
same run on this machine and writes \`packages/<name>/bench/results.md\` (the CLI: \`tools/bench/*.md\`);
this file stitches them together. Figures from a 2-core machine are noisy: compare the ratios, which
are measured in one run with alternating rounds, rather than absolute requests per second.
`;
await writeFile(new URL('BENCHMARKS.md', root), `${header}\n${sections.join('\n\n')}\n`);
console.log(`BENCHMARKS.md: ${sections.length} sections`);

// `lint:readmes`: every `./tools/dev <script>` a README or the docs site mentions is a root script,
// and no README tells a newcomer to type a bare `pnpm …` (pnpm is not on their PATH; tools/dev
// installs it into .toolchain/).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './packs.mjs';

const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
// tools/dev's own commands, which are not package.json scripts.
const BUILT_IN = new Set(['demo', 'specbound', 'help', '--help', '-h', '--version', '-v', 'version']);
const files = execFileSync('git', ['ls-files', '*.md', 'packages/docs/src/*.ts', '.ci/run'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && !file.startsWith('.changeset/') && !file.endsWith('CHANGELOG.md'));

const problems = [];
for (const file of files) {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    // Commands, not prose: `./tools/dev x` anywhere, or `tools/dev x` opening inline code.
    for (const [, name] of line.matchAll(/(?:\.\/tools\/dev|`tools\/dev)\s+([a-z-][\w:-]*)/g)) {
      if (BUILT_IN.has(name)) continue;
      if (!(name in scripts))
        problems.push(`${where}: \`tools/dev ${name}\` is no root script (package.json "scripts")`);
    }
    if (/^\s*pnpm\s/.test(line))
      problems.push(
        `${where}: a bare \`pnpm\` command; write \`./tools/dev <script>\` (pnpm is not on a newcomer's PATH)`,
      );
  });
}
if (problems.length > 0) {
  console.error(
    `lint:readmes: ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(`lint:readmes: ${files.length} files, every tools/dev script they mention exists`);

#!/usr/bin/env node
// Writes src/version.ts of the package in the current directory from its package.json, so
// `changeset version` (which bumps package.json only) and VERSION can never disagree: every build
// runs this first, and the release script builds after versioning. The file is committed (tests and
// type checks read src/ before any build); it is rewritten only when its content changes.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const { name, version } = JSON.parse(readFileSync('package.json', 'utf8'));
const target = 'src/version.ts';
const content = `// Generated from package.json by scripts/write-version.mjs at build time: do not edit.
/** The version of \`${name}\`, as published. */
export const VERSION = '${version}';
`;
if (!existsSync(target) || readFileSync(target, 'utf8') !== content) {
  writeFileSync(target, content);
  console.log(`${name}: src/version.ts → ${version}`);
}

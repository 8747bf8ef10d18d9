// The two commands the benches time, as fresh Node processes: specbound's bin in this checkout and
// clasp's (the devDependency; clasp's package exports no package.json, so it is read from its folder).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const tools = join(dirname(fileURLToPath(import.meta.url)), '..');
const claspDir = join(tools, 'node_modules', '@google', 'clasp');
const claspPkg = JSON.parse(readFileSync(join(claspDir, 'package.json'), 'utf8'));

export const SPECBOUND_BIN = join(tools, 'bin', 'specbound.js');
export const CLASP_BIN = join(claspDir, typeof claspPkg.bin === 'string' ? claspPkg.bin : claspPkg.bin.clasp);
export const CLASP_VERSION = claspPkg.version;

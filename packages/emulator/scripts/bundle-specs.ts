// Part of `build`: writes the control API's spec, bundled into one JSON document, to dist/specs/ so
// the built package runs without the repository's specs/ folder (as it must once published). The
// two services' specs are not bundled again here: the built emulator reads the bundles the client
// packages ship (src/spec/load.ts). The source entry (`node src/cli.ts`) keeps reading specs/.
import { mkdir, writeFile } from 'node:fs/promises';
import { loadSpec, REPO_SPEC_PATHS } from '../src/spec/load.ts';

const out = new URL('../dist/specs/', import.meta.url);
await mkdir(out, { recursive: true });
for (const [name, path] of Object.entries({ emulator: REPO_SPEC_PATHS.emulator })) {
  const file = new URL(`${name}.json`, out);
  await writeFile(file, `${JSON.stringify(await loadSpec(path))}\n`);
  console.log(`bundled ${path} -> dist/specs/${name}.json`);
}

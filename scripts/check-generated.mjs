// `lint:generated`: every committed generated file is what its package's `generate` script writes
// from the specs today, so a spec change that was not regenerated and committed (or a hand edit of
// generated code) cannot land. It reads each package's `generate` script, so the list of generated
// files and their flags is written once, there. One process for the whole repository: openapi-
// typescript (and the TypeScript it loads) starts once and one Redocly process bundles every spec,
// where a drift test per package started both per package (about 0.9 s of CPU each).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { ROOT } from './packs.mjs';
import { bundleSpecs } from './redocly.mjs';

// The two steps a `generate` script is made of, joined by `&&`.
const TYPES = /^openapi-typescript (\S+)((?: --[a-z-]+)*) --output (\S+)$/;
const BUNDLE = /^redocly bundle --config (\S+) (\S+@\S+) --output (\S+)$/;
// openapi-typescript's CLI flags a `generate` script may use, as options of its API.
const FLAGS = { '--enum-values': { enumValues: true } };

/** `{ types: [{ spec, options, output }], bundles: [{ api, output }] }` of every package's `generate`. */
function generatedFiles() {
  const types = [];
  const bundles = [];
  const packages = join(ROOT, 'packages');
  for (const name of readdirSync(packages)) {
    const dir = join(packages, name);
    const script = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts?.generate;
    if (script === undefined) continue;
    for (const step of script.split(' && ')) {
      const typesStep = TYPES.exec(step);
      const bundleStep = BUNDLE.exec(step);
      if (typesStep !== null) {
        const [, spec, flags, output] = typesStep;
        const options = { silent: true };
        for (const flag of flags.split(' ').filter(Boolean)) {
          if (!(flag in FLAGS)) throw unknownStep(name, step);
          Object.assign(options, FLAGS[flag]);
        }
        types.push({ spec: join(dir, spec), options, output: join(dir, output) });
      } else if (bundleStep !== null) {
        const [, config, api, output] = bundleStep;
        // bundleSpecs bundles with the root redocly.yaml: another config would go unchecked.
        if (join(dir, config) !== join(ROOT, 'redocly.yaml')) throw unknownStep(name, step);
        bundles.push({ api, output: join(dir, output) });
      } else throw unknownStep(name, step);
    }
  }
  return { types, bundles };
}

// A step this check cannot repeat would go unchecked: say so instead of skipping it.
const unknownStep = (name, step) =>
  new Error(`packages/${name}: its generate step \`${step}\` is not one scripts/check-generated.mjs knows`);

const { types, bundles } = generatedFiles();
const stale = [];
for (const { spec, options, output } of types) {
  // What openapi-typescript's CLI writes: its header, then the printed AST.
  const fresh = `${COMMENT_HEADER}${astToString(await openapiTS(pathToFileURL(spec), options))}`;
  if (fresh !== readFileSync(output, 'utf8')) stale.push(output);
}
const fresh = bundleSpecs(bundles.map(({ api }) => api));
bundles.forEach(({ output }, i) => {
  if (!isDeepStrictEqual(JSON.parse(readFileSync(output, 'utf8')), fresh[i])) stale.push(output);
});

if (stale.length > 0) {
  const files = stale.map((file) => `  ${relative(ROOT, file)}`).join('\n');
  console.error(
    `lint:generated: generated code differs from what the specs generate today:\n${files}\n` +
      'Run `./tools/dev generate` and commit src/generated (never edit generated code by hand).',
  );
  process.exitCode = 1;
} else {
  console.log(`lint:generated: ${types.length} schemas and ${bundles.length} spec bundles match the specs`);
}

// Bundles a split OpenAPI 3.1 spec (root openapi.yaml + paths/ + components/) into one document with
// Redocly, the same resolver `redocly lint` and `openapi-typescript` use. Used by the build
// (scripts/bundle-specs.ts) and when the emulator runs from source; the built package reads the
// bundled JSON instead and never loads this module unless given YAML specs.
import { bundle, createConfig } from '@redocly/openapi-core';

export async function bundleSpec(rootPath: string): Promise<unknown> {
  const config = await createConfig({});
  const result = await bundle({ ref: rootPath, config, dereference: false });
  const problems = result.problems.filter((p) => p.severity === 'error');
  if (problems.length > 0) {
    throw new Error(`${rootPath} does not bundle: ${problems.map((p) => p.message).join('; ')}`);
  }
  return result.bundle.parsed;
}

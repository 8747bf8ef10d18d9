/**
 * The bundles of `apis` (aliases in the root redocly.yaml, such as `bugsmash@v2`), parsed, in the
 * order given, from one Redocly process.
 */
export declare function bundleSpecs(apis: readonly string[]): object[];

/** Renders the bundled spec `input` with Redoc into the one HTML file `output` (Redoc 3 `options`). */
export declare function buildDocs(
  input: string,
  output: string,
  title: string,
  options: Record<string, unknown>,
): Promise<void>;

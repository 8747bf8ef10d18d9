/**
 * The bundles of `apis` (aliases in the root redocly.yaml, such as `bugsmash@v2`), parsed, in the
 * order given, from one Redocly process.
 */
export declare function bundleSpecs(apis: readonly string[]): object[];

// Types of bundle-size.mjs, for the tests that import it.
export interface Sample {
  label: string;
  /** The gzip budget in bytes, or undefined for a sample measured without one. */
  budget: number | undefined;
  source: string;
}

/** The esbuild options every budget bundle is built with. */
export const BUNDLE_OPTIONS: {
  bundle: true;
  minify: true;
  format: 'esm';
  platform: 'browser';
  write: false;
  metafile: true;
  logLevel: 'silent';
};

export const SAMPLES: Readonly<Record<string, Sample>>;

export interface BundleRow {
  name: string;
  label: string;
  budget: number | undefined;
  /** Minified bytes. */
  min: number;
  /** Gzipped (level 9) bytes. */
  gz: number;
  ok: boolean;
  /** Whether the bundle imports a `node:` module (a bug for a browser bundle). */
  nodeImports: boolean;
  /** Bytes each input file adds to the minified bundle, largest first. */
  modules: [file: string, bytes: number][];
}

export function bundleSize(
  source: string,
): Promise<{ min: number; gz: number; code: Uint8Array; metafile: unknown }>;

export function measureBundles(): Promise<BundleRow[]>;

import { fileURLToPath } from 'node:url';

/** The package root (packages/docs), resolved from this file so scripts work from any cwd. */
export const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const DIST_DIR = fileURLToPath(new URL('../dist/', import.meta.url));
export const SAMPLES_DIR = fileURLToPath(new URL('../samples/', import.meta.url));
/** Bundled specs (with samples injected): build intermediates, also read by the tests. */
export const BUNDLE_DIR = fileURLToPath(new URL('../dist/.bundled/', import.meta.url));

// Generated from package.json by scripts/write-version.mjs at build time: do not edit.
/** The version of `@specbound/sheets`, as published. */
export const VERSION = '0.1.0';

/** The version of `@specbound/http`. Kept in sync with package.json (a test checks). */
export const VERSION = '0.1.0';

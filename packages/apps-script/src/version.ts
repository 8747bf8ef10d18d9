/** The version of `@specbound/apps-script`, named in the user agent. Kept in sync with package.json (a test checks). */
export const VERSION = '0.1.0';

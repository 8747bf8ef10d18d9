// The two environment lines a user pastes to run clasp, a googleapis script or any Node tool against a
// running emulator (see redirect.ts). The emulator's start banner and `--print-env` print them.

/** Set to `1` to let the preload send requests to an emulator on another machine. */
export const ALLOW_REMOTE_ENV = 'SPECBOUND_EMULATOR_ALLOW_REMOTE';

/** The specifier of the preload for a project that has `@specbound/emulator` installed. */
export const REDIRECT_SPECIFIER = '@specbound/emulator/redirect';

/**
 * The preload as a file URL of this very copy of the package, so the lines work from any folder (also
 * when the emulator runs through `npx`, where the package is not installed in the user's project).
 * Running from source (`node src/cli.ts`) this is the .ts file, which Node ≥ 22.18 loads as is.
 */
export function redirectModuleUrl(): string {
  const self = import.meta.url;
  return new URL(self.endsWith('.ts') ? './redirect.ts' : './redirect.js', self).href;
}

/** The variables to set: `NODE_OPTIONS` (loads the preload) and `SPECBOUND_EMULATOR_URL`. */
export function redirectEnv(
  emulatorUrl: string,
  options: { specifier?: string } = {},
): { NODE_OPTIONS: string; SPECBOUND_EMULATOR_URL: string } {
  const specifier = options.specifier ?? redirectModuleUrl();
  return { NODE_OPTIONS: `--import ${specifier}`, SPECBOUND_EMULATOR_URL: emulatorUrl.replace(/\/+$/, '') };
}

/** Quotes a value for a POSIX shell unless it is plainly safe. */
export function shellQuote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`;
}

/** The two `export NAME=value` lines, ready to paste into a POSIX shell (or `eval "$(...)"`). */
export function formatRedirectEnv(emulatorUrl: string, options: { specifier?: string } = {}): string {
  return Object.entries(redirectEnv(emulatorUrl, options))
    .map(([name, value]) => `export ${name}=${shellQuote(value)}`)
    .join('\n');
}

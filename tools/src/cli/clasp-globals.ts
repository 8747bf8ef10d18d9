// clasp's global options, given their clasp meaning in specbound's terms before a command runs:
// -P/--project picks the project folder, -u/--user is a named login (a --profile), --adc uses
// Application Default Credentials, -I names the ignore file push, status and pull read instead of
// the project's .claspignore (a folder stands for its .claspignore; a missing one is refused); -A reads the credentials of a clasp file (googleEnv, when a command needs them).
import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import type { GlobalOptions } from './globals.js';

interface Applied {
  globals: GlobalOptions;
  env: Record<string, string | undefined>;
  cwd: string;
}

export function applyClaspGlobals(applied: Applied): Applied {
  const { globals } = applied;
  let { env, cwd } = applied;
  let profile = globals.profile;
  // With -A, -u names the user in that file (as in clasp); otherwise a stored login.
  if (typeof globals.user === 'string' && globals.auth === undefined) {
    if (profile !== undefined && profile !== globals.user) {
      throw new UsageError(`--user ${globals.user} and --profile ${profile} name two logins; pass one.`);
    }
    profile = globals.user;
  }
  if (globals.project !== undefined) cwd = projectDir(resolve(cwd, globals.project));
  const ignore = globals.ignore === undefined ? undefined : ignoreFile(resolve(applied.cwd, globals.ignore));
  if (globals.adc === true && (env.GOOGLE_APPLICATION_CREDENTIALS ?? '') === '') {
    env = { ...env, GOOGLE_APPLICATION_CREDENTIALS: gcloudAdcFile(env) };
  }
  const auth = globals.auth === undefined ? undefined : resolve(applied.cwd, globals.auth);
  return { globals: { ...globals, profile, auth, ignore }, env, cwd };
}

/**
 * -A: the Google credentials come from that clasp file (its -u user), ahead of every other source,
 * as clasp reads only the file it is given. Loaded only when a command needs credentials.
 */
export async function googleEnv(
  globals: GlobalOptions,
  env: Record<string, string | undefined>,
): Promise<Record<string, string | undefined>> {
  if (globals.auth === undefined) return env;
  const { claspCredentialsJson } = await import('../auth/clasp.js');
  const user = typeof globals.user === 'string' ? globals.user : 'default';
  return {
    ...env,
    SPECBOUND_GOOGLE_TOKEN: undefined,
    SPECBOUND_GOOGLE_CREDENTIALS: await claspCredentialsJson(globals.auth, user),
  };
}

function isDirectory(path: string): boolean | undefined {
  try {
    return statSync(path).isDirectory();
  } catch {
    return undefined;
  }
}

/** -P: a folder, or a `.clasp.json` (specbound reads the project file by that name only). */
function projectDir(path: string): string {
  const dir = isDirectory(path);
  if (dir === true) return path;
  if (basename(path) === '.clasp.json') return dirname(path);
  throw new UsageError(
    dir === undefined
      ? `-P/--project: ${path} does not exist.`
      : `-P/--project: a project file named other than .clasp.json is not supported yet (${path}).`,
    { hint: 'Pass the project folder (the one holding .clasp.json).' },
  );
}

/** -I: an ignore file, or a folder holding one named .claspignore (as clasp reads it); it must exist. */
function ignoreFile(path: string): string {
  const file = isDirectory(path) === true ? join(path, '.claspignore') : path;
  if (isDirectory(file) === false) return file;
  throw new UsageError(`-I/--ignore: ${file} does not exist.`, {
    hint: "Pass a .claspignore-format file (or a folder holding .claspignore), or leave -I out to use the project's .claspignore.",
  });
}

/** Where `gcloud auth application-default login` writes its credentials. */
function gcloudAdcFile(env: Record<string, string | undefined>): string {
  if (process.platform === 'win32')
    return join(env.APPDATA ?? homedir(), 'gcloud', 'application_default_credentials.json');
  return join(
    env.CLOUDSDK_CONFIG ?? join(env.HOME ?? homedir(), '.config', 'gcloud'),
    'application_default_credentials.json',
  );
}

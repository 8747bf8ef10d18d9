// The stored logins: one JSON file per profile in the user's config directory, mode 0600, written
// atomically (the shared atomic write: a temporary file in the same directory, then rename), so a
// crash or a concurrent refresh never leaves a half-written credential behind.
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomic } from '../atomic-file.js';
import { ToolsError, UsageError } from '../errors.js';

export const DEFAULT_PROFILE = 'default';

/** What `specbound login` keeps for a profile: `authorized_user` credentials plus what we learnt. */
export interface StoredLogin {
  version: 1;
  type: 'authorized_user';
  client_id: string;
  client_secret: string;
  refresh_token: string;
  /** The last access token and its expiry (ms since epoch), so each run need not refresh. */
  access_token?: string | undefined;
  expiry_date?: number | undefined;
  /** The account's e-mail, from the ID token at login (absent when it was not granted). */
  account?: string | undefined;
  /** The scopes Google granted. */
  scopes: string[];
  /** How the login was made: the browser flow, or imported from clasp's ~/.clasprc.json. */
  origin: 'login' | 'clasp';
  /** ISO time of the login or import. */
  created: string;
}

export interface StoreLocation {
  env?: Record<string, string | undefined>;
  /** Overrides the directory (else SPECBOUND_CONFIG_DIR, else the platform's config dir). */
  configDir?: string | undefined;
  platform?: NodeJS.Platform;
  home?: string;
}

/**
 * The home directory `env` names (HOME; USERPROFILE on Windows), else the account's: what
 * os.homedir() answers from the process's own environment, for a run given another one.
 */
export function homeDir(
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform = process.platform,
): string {
  const named = platform === 'win32' ? env.USERPROFILE : env.HOME;
  return named !== undefined && named !== '' ? named : homedir();
}

/**
 * The user config directory of specbound: `SPECBOUND_CONFIG_DIR` when set; on Linux and other Unixes
 * `$XDG_CONFIG_HOME/specbound` or `~/.config/specbound`; on macOS `~/Library/Application Support/specbound`;
 * on Windows `%APPDATA%\specbound`.
 */
export function configDir(location: StoreLocation = {}): string {
  const env = location.env ?? process.env;
  if (location.configDir !== undefined) return location.configDir;
  const explicit = env.SPECBOUND_CONFIG_DIR;
  if (explicit !== undefined && explicit !== '') return explicit;
  const platform = location.platform ?? process.platform;
  const home = location.home ?? homeDir(env, platform);
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'specbound');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'specbound');
  // XDG: a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const xdg = env.XDG_CONFIG_HOME;
  return join(xdg?.startsWith('/') ? xdg : join(home, '.config'), 'specbound');
}

const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Throws a UsageError unless `profile` is a safe file name (letters, digits, `.`, `_`, `-`). */
export function checkProfile(profile: string): string {
  if (!PROFILE_NAME.test(profile)) {
    throw new UsageError(`--profile: "${profile}" is not a valid profile name.`, {
      code: 'profile-name-invalid',
      details: { profile },
    });
  }
  return profile;
}

/** The file of a profile's stored login. */
export function loginFile(profile: string, location: StoreLocation = {}): string {
  return join(configDir(location), 'auth', `${checkProfile(profile)}.json`);
}

/** The stored login of a profile, or undefined when there is none. */
export async function readLogin(
  profile: string,
  location: StoreLocation = {},
): Promise<StoredLogin | undefined> {
  const file = loginFile(profile, location);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ToolsError(`Cannot read the stored login ${file}: ${(error as Error).message}`, {
      code: 'stored-login-unreadable',
      details: { file },
    });
  }
  return parseStoredLogin(text, file);
}

function parseStoredLogin(text: string, file: string): StoredLogin {
  const broken = () =>
    new ToolsError(`The stored login ${file} is not valid.`, {
      code: 'stored-login-invalid',
      details: { file },
    });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw broken();
  }
  if (typeof value !== 'object' || value === null) throw broken();
  const login = value as Partial<StoredLogin>;
  if (
    login.version !== 1 ||
    login.type !== 'authorized_user' ||
    typeof login.client_id !== 'string' ||
    typeof login.client_secret !== 'string' ||
    typeof login.refresh_token !== 'string' ||
    login.refresh_token === '' ||
    !Array.isArray(login.scopes)
  ) {
    throw broken();
  }
  return login as StoredLogin;
}

/** Writes a profile's login: directory 0700, file 0600, atomically. Returns the file. */
export async function writeLogin(
  profile: string,
  login: StoredLogin,
  location: StoreLocation = {},
): Promise<string> {
  const file = loginFile(profile, location);
  const dir = join(configDir(location), 'auth');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // Mode 0600 from the first byte, and set again before the rename (an odd filesystem may widen it).
  await writeFileAtomic(file, `${JSON.stringify(login, null, 2)}\n`, 0o600);
  return file;
}

/** Deletes a profile's login; resolves to whether there was one. */
export async function deleteLogin(profile: string, location: StoreLocation = {}): Promise<boolean> {
  const file = loginFile(profile, location);
  try {
    await stat(file);
  } catch {
    return false;
  }
  await rm(file, { force: true });
  return true;
}

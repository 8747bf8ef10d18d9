// `specbound login --from-clasp`: takes over the login of Google's clasp from ~/.clasprc.json, in
// each format clasp has written: 3.x `{ tokens: { <user>: { client_id, client_secret, refresh_token, … } } }`,
// 2.x `{ token: {…}, oauth2ClientSettings: { clientId, clientSecret } }`, and the oldest global
// `{ access_token, refresh_token, … }` (clasp's own client). No network: `auth status` checks it.
import { readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { AuthRequiredError } from '../errors.js';
import { emailFromIdToken } from './credentials.js';
import { DEFAULT_OAUTH_CLIENT } from './login.js';
import { checkProfile, DEFAULT_PROFILE, homeDir, type StoredLogin, writeLogin } from './store.js';

export interface ClaspLogin {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  accessToken?: string | undefined;
  expiryDate?: number | undefined;
  account?: string | undefined;
  scopes: string[];
  /** Which layout the file had. */
  format: 'v3' | 'v2' | 'v1';
}

/** clasp's credentials file: `~/.clasprc.json` (clasp's own default). */
export function claspFile(home: string = homedir()): string {
  return join(home, '.clasprc.json');
}

/** Reads one user's login out of a .clasprc.json text (`user` is clasp's `--user`, default `default`). */
export function parseClasprc(text: string, file: string, user = 'default'): ClaspLogin {
  const unusable = (why: string) =>
    new AuthRequiredError(`${file} has no usable clasp login: ${why}.`, {
      code: 'clasp-login-unusable',
      details: { file },
    });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw unusable('it is not JSON');
  }
  if (typeof value !== 'object' || value === null) throw unusable('it is not a JSON object');
  const rc = value as Record<string, unknown>;

  if (typeof rc.tokens === 'object' && rc.tokens !== null) {
    const entry = (rc.tokens as Record<string, unknown>)[user];
    if (typeof entry !== 'object' || entry === null) {
      const users = Object.keys(rc.tokens).filter((name) => (rc.tokens as Record<string, unknown>)[name]);
      throw new AuthRequiredError(`${file} has no clasp login for user "${user}".`, {
        code: 'clasp-user-missing',
        details: { file, user, users: users.join(', ') },
      });
    }
    const token = entry as Record<string, unknown>;
    return fromToken(token, str(token.client_id), str(token.client_secret), 'v3', unusable);
  }
  if (user !== 'default') throw unusable(`named users (--clasp-user ${user}) exist only in clasp 3's format`);
  if (typeof rc.token === 'object' && rc.token !== null) {
    const settings = (rc.oauth2ClientSettings ?? {}) as Record<string, unknown>;
    return fromToken(
      rc.token as Record<string, unknown>,
      str(settings.clientId),
      str(settings.clientSecret),
      'v2',
      unusable,
    );
  }
  if (typeof rc.refresh_token === 'string') {
    return fromToken(rc, DEFAULT_OAUTH_CLIENT.clientId, DEFAULT_OAUTH_CLIENT.clientSecret, 'v1', unusable);
  }
  throw unusable('it holds neither "tokens", "token" nor "refresh_token"');
}

function fromToken(
  token: Record<string, unknown>,
  clientId: string | undefined,
  clientSecret: string | undefined,
  format: ClaspLogin['format'],
  unusable: (why: string) => Error,
): ClaspLogin {
  const refreshToken = str(token.refresh_token);
  if (refreshToken === undefined) throw unusable('the login has no refresh token');
  if (clientId === undefined || clientSecret === undefined) throw unusable('the login names no OAuth client');
  // clasp 1.x wrote the expiry as "exprity_date".
  const expiry = token.expiry_date ?? token.exprity_date;
  return {
    clientId,
    clientSecret,
    refreshToken,
    accessToken: str(token.access_token),
    expiryDate: typeof expiry === 'number' ? expiry : undefined,
    account: emailFromIdToken(str(token.id_token)),
    scopes: typeof token.scope === 'string' ? token.scope.split(' ').filter(Boolean) : [],
    format,
  };
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export interface ImportClaspOptions {
  profile?: string | undefined;
  /** The .clasprc.json to read (default ~/.clasprc.json). */
  file?: string | undefined;
  /** clasp's `--user` (default `default`). */
  claspUser?: string | undefined;
  env?: Record<string, string | undefined> | undefined;
  configDir?: string | undefined;
}

export interface ImportClaspResult {
  profile: string;
  /** The stored login's file. */
  file: string;
  /** The .clasprc.json read. */
  from: string;
  format: ClaspLogin['format'];
  account: string | undefined;
  scopes: string[];
  clientId: string;
}

/** Copies clasp's login into a specbound profile (the file stays as it is; clasp keeps working). */
/**
 * clasp's `-A <file>`: one user's login of a clasp credentials file (a folder means its
 * `.clasprc.json`) as authorized_user credentials JSON, what SPECBOUND_GOOGLE_CREDENTIALS holds.
 * Nothing is stored.
 */
export async function claspCredentialsJson(path: string, user = 'default'): Promise<string> {
  const file = (await stat(path).catch(() => undefined))?.isDirectory() === true ? claspFile(path) : path;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new AuthRequiredError(
      `Cannot read clasp's login ${file} (${(error as NodeJS.ErrnoException).code}).`,
      {
        code: 'clasp-login-unreadable',
        details: { file },
      },
    );
  }
  const login = parseClasprc(text, file, user);
  return JSON.stringify({
    type: 'authorized_user',
    client_id: login.clientId,
    client_secret: login.clientSecret,
    refresh_token: login.refreshToken,
  });
}

export async function importClaspLogin(options: ImportClaspOptions = {}): Promise<ImportClaspResult> {
  const profile = checkProfile(options.profile ?? DEFAULT_PROFILE);
  const from = options.file ?? claspFile(homeDir(options.env ?? process.env));
  let text: string;
  try {
    text = await readFile(from, 'utf8');
  } catch (error) {
    throw new AuthRequiredError(
      `Cannot read clasp's login ${from} (${(error as NodeJS.ErrnoException).code}).`,
      {
        code: 'clasp-login-unreadable',
        details: { file: from },
      },
    );
  }
  const clasp = parseClasprc(text, from, options.claspUser ?? 'default');
  const stored: StoredLogin = {
    version: 1,
    type: 'authorized_user',
    client_id: clasp.clientId,
    client_secret: clasp.clientSecret,
    refresh_token: clasp.refreshToken,
    access_token: clasp.accessToken,
    expiry_date: clasp.expiryDate,
    account: clasp.account,
    scopes: clasp.scopes,
    origin: 'clasp',
    created: new Date().toISOString(),
  };
  const file = await writeLogin(profile, stored, {
    env: options.env ?? process.env,
    configDir: options.configDir,
  });
  return {
    profile,
    file,
    from,
    format: clasp.format,
    account: clasp.account,
    scopes: clasp.scopes,
    clientId: clasp.clientId,
  };
}

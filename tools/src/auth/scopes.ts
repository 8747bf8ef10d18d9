// The OAuth scopes the CLI asks for. The Apps Script API wants one scope per area
// (../../../shared reference, FACTS §4); `scripts.run` additionally needs every scope the script
// itself uses (its manifest's `oauthScopes`), which only the user can know: `login --scope` adds them.

const PREFIX = 'https://www.googleapis.com/auth/';

/** What every `specbound apps-script` command except `run` needs. */
export const APPS_SCRIPT_SCOPES: readonly string[] = [
  `${PREFIX}script.projects`,
  `${PREFIX}script.deployments`,
  `${PREFIX}script.processes`,
  `${PREFIX}script.metrics`,
];

/**
 * What `specbound login` asks for: the Apps Script scopes plus `openid` and the e-mail address, so
 * the token response carries an ID token naming the account (shown by `auth status`).
 */
export const LOGIN_SCOPES: readonly string[] = [
  ...APPS_SCRIPT_SCOPES,
  // Drive, as clasp asks: list every script (`gas list`), create and delete the files it makes.
  `${PREFIX}drive.metadata.readonly`,
  `${PREFIX}drive.file`,
  'openid',
  `${PREFIX}userinfo.email`,
];

/**
 * A scope as Google spells it: a full URL, `openid`/`email`/`profile`, or a short name such as
 * `spreadsheets` or `script.external_request` (expanded to https://www.googleapis.com/auth/<name>).
 */
export function normalizeScope(scope: string): string {
  const trimmed = scope.trim();
  if (/^https?:\/\//.test(trimmed) || ['openid', 'email', 'profile'].includes(trimmed)) return trimmed;
  return `${PREFIX}${trimmed}`;
}

/** Scopes from a space- or comma-separated list (the form of `SPECBOUND_GOOGLE_SCOPES`). */
export function parseScopeList(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(/[\s,]+/)
    .filter((scope) => scope !== '')
    .map(normalizeScope);
}

/** `a` then the members of `b` that `a` lacks, in order. */
export function mergeScopes(a: readonly string[], b: readonly string[]): string[] {
  const out = [...a];
  for (const scope of b) if (!out.includes(scope)) out.push(scope);
  return out;
}

/** A scope without the common prefix, for humans. */
export function shortScope(scope: string): string {
  return scope.startsWith(PREFIX) ? scope.slice(PREFIX.length) : scope;
}

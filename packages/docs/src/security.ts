import type { OperationRef } from './operations.ts';

type Requirement = Record<string, string[]>;

/** Above this many alternative requirements, Redoc's "Authorizations" box becomes a wall of scopes. */
const MAX_LISTED = 3;
const GOOGLE_SCOPE_PREFIX = 'https://www.googleapis.com/auth/';

/** `https://www.googleapis.com/auth/drive` → `drive`; other scope URLs lose only their scheme. */
export function shortScope(scope: string): string {
  return scope.startsWith(GOOGLE_SCOPE_PREFIX)
    ? scope.slice(GOOGLE_SCOPE_PREFIX.length)
    : scope.replace(/^https?:\/\//, '').replace(/\/$/, '');
}

/**
 * In the docs copy of a spec only (the spec keeps every requirement, as Google's discovery lists
 * them): an operation that accepts any one of many OAuth scopes, like `scripts.run`, gets a single
 * OAuth requirement in Redoc's box and a one-paragraph note naming the scopes briefly.
 */
export function summarizeScopes(operations: readonly OperationRef[]): void {
  for (const op of operations) {
    const security = op.operation.security as Requirement[] | undefined;
    if (!Array.isArray(security) || security.length <= MAX_LISTED) continue;
    const scoped = security.filter((r) => Object.values(r).some((scopes) => scopes.length > 0));
    const schemes = [...new Set(scoped.flatMap((r) => Object.keys(r)))];
    if (scoped.length <= MAX_LISTED || schemes.length !== 1) continue;
    const [scheme = ''] = schemes;
    const scopes = scoped.flatMap((r) => r[scheme] ?? []).map(shortScope);
    op.operation.security = [{ [scheme]: [] }, ...security.filter((r) => !scoped.includes(r))];
    const note = `**Scopes.** The token needs every scope the script itself uses; any one of these ${scopes.length} is accepted for the call: ${scopes.map((s) => `\`${s}\``).join(', ')}.`;
    const intro =
      typeof op.operation.description === 'string' ? `${op.operation.description.trimEnd()}\n\n` : '';
    op.operation.description = `${intro}${note}\n`;
  }
}

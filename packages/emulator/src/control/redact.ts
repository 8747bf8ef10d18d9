// The control API's state dump shows no secret in clear: bearer tokens (the keys of
// `appsScript.tokens`) and webhook signing secrets become `redacted:<fingerprint>`. The fingerprint
// is an HMAC under a key made at start and never shown, so it names a secret without giving a way
// to guess it offline; it lets `PUT /__emulator/state` take a dump back: a redacted value stands for
// the secret this emulator holds under that fingerprint. Script, user and document property values and
// cache values are redacted the same way: scripts keep API keys and tokens there
// (PropertiesService is Google's advice for secrets). (The BugSmash API key, OAuth refresh tokens
// and client secrets are never part of the state.)
import { createHmac, randomBytes } from 'node:crypto';
import type { StateDocument } from '../state.ts';

/** How a redacted secret starts in a state dump. */
export const REDACTED_PREFIX = 'redacted:';

/** A redacted value the emulator does not hold the secret of: PUT /state refuses the document. */
export class UnknownRedactedSecret extends Error {}

export class SecretRedactor {
  readonly #key = randomBytes(32);

  fingerprint(secret: string): string {
    return `${REDACTED_PREFIX}${createHmac('sha256', this.#key).update(secret).digest('base64url').slice(0, 22)}`;
  }

  /** A copy of `state` with every secret replaced by its fingerprint. */
  redact(state: StateDocument): StateDocument {
    const tokens: Record<string, string> = {};
    for (const [token, email] of Object.entries(state.appsScript.tokens))
      tokens[this.fingerprint(token)] = email;
    const hide = (value: string) => this.fingerprint(value);
    return {
      ...state,
      appsScript: {
        ...state.appsScript,
        tokens,
        projects: state.appsScript.projects.map((p) => mapStoredValues(p, hide) as typeof p),
      },
      bugsmash: {
        ...state.bugsmash,
        webhooks: state.bugsmash.webhooks.map((w) => ({ ...w, secret: this.fingerprint(w.secret) })),
      },
    };
  }

  /**
   * Puts back, in a document sent to PUT /state, the secrets `current` holds for each redacted value;
   * other values are kept as given. Throws UnknownRedactedSecret naming where a fingerprint matches
   * no secret held now (a dump of another run, or an edited one).
   */
  restore(document: unknown, current: StateDocument): unknown {
    if (!isObject(document)) return document;
    const known = new Map<string, string>();
    for (const token of Object.keys(current.appsScript.tokens)) known.set(this.fingerprint(token), token);
    for (const w of current.bugsmash.webhooks) known.set(this.fingerprint(w.secret), w.secret);
    for (const p of current.appsScript.projects)
      mapStoredValues(p, (value) => {
        known.set(this.fingerprint(value), value);
        return value;
      });
    const secretOf = (value: string, where: string): string => {
      if (!value.startsWith(REDACTED_PREFIX)) return value;
      const secret = known.get(value);
      if (secret === undefined)
        throw new UnknownRedactedSecret(
          `${where} is a redacted value (${value}) this emulator holds no secret for; put the secret itself in the document`,
        );
      return secret;
    };
    const out: Record<string, unknown> = { ...document };
    const apps = document.appsScript;
    if (isObject(apps) && isObject(apps.tokens)) {
      const tokens: Record<string, unknown> = {};
      for (const [token, email] of Object.entries(apps.tokens))
        tokens[secretOf(token, `appsScript.tokens key for ${String(email)}`)] = email;
      out.appsScript = { ...apps, tokens };
    }
    if (isObject(apps) && Array.isArray(apps.projects)) {
      out.appsScript = {
        ...(out.appsScript as Record<string, unknown>),
        projects: apps.projects.map((p: unknown) =>
          mapStoredValues(p, (value, where) =>
            secretOf(value, `${where} of Apps Script project ${isObject(p) ? String(p.scriptId) : '?'}`),
          ),
        ),
      };
    }
    const bugs = document.bugsmash;
    if (isObject(bugs) && Array.isArray(bugs.webhooks)) {
      out.bugsmash = {
        ...bugs,
        webhooks: bugs.webhooks.map((w: unknown) =>
          isObject(w) && typeof w.secret === 'string'
            ? { ...w, secret: secretOf(w.secret, `the secret of BugSmash webhook ${String(w.id)}`) }
            : w,
        ),
      };
    }
    return out;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

type MapValue = (value: string, where: string) => string;

/** `store` with each value (a string, or a cache entry's `value`) mapped; other shapes kept as they are. */
function mapEntries(store: unknown, where: string, f: MapValue): unknown {
  if (!isObject(store)) return store;
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(store)) {
    if (typeof entry === 'string') out[key] = f(entry, `${where} "${key}"`);
    else if (isObject(entry) && typeof entry.value === 'string')
      out[key] = { ...entry, value: f(entry.value, `${where} "${key}"`) };
    else out[key] = entry;
  }
  return out;
}

/** One kind of store (`properties` or `caches`) of a project: script, document and per-user maps. */
function mapScopes(scopes: unknown, kind: string, f: MapValue): unknown {
  if (!isObject(scopes)) return scopes;
  const out: Record<string, unknown> = { ...scopes };
  for (const scope of ['script', 'document'])
    if (scope in scopes) out[scope] = mapEntries(scopes[scope], `the ${scope} ${kind}`, f);
  if (isObject(scopes.user)) {
    const users: Record<string, unknown> = {};
    for (const [email, store] of Object.entries(scopes.user))
      users[email] = mapEntries(store, `the ${kind} of user ${email}`, f);
    out.user = users;
  }
  return out;
}

/** A copy of a project with its property and cache values (runtime/state.ts) mapped by `f`. */
function mapStoredValues(project: unknown, f: MapValue): unknown {
  if (!isObject(project) || !isObject(project.runtime)) return project;
  const runtime: Record<string, unknown> = { ...project.runtime };
  if ('properties' in runtime) runtime.properties = mapScopes(runtime.properties, 'property', f);
  if ('caches' in runtime) runtime.caches = mapScopes(runtime.caches, 'cache entry', f);
  return { ...project, runtime };
}

// The control API's state dump shows no secret in clear: bearer tokens (the keys of
// `appsScript.tokens`) and webhook signing secrets become `redacted:<fingerprint>`. The fingerprint
// is an HMAC under a key made at start and never shown, so it names a secret without giving a way
// to guess it offline; it lets `PUT /__emulator/state` take a dump back: a redacted value stands for
// the secret this emulator holds under that fingerprint. (The BugSmash API key, OAuth refresh tokens
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
    return {
      ...state,
      appsScript: { ...state.appsScript, tokens },
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

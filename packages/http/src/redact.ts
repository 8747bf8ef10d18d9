const PLACEHOLDER = '[REDACTED]';

// Query parameters whose value is a credential whatever it is (for example `?key=` of Google APIs).
const SENSITIVE_QUERY_NAME =
  /(^|[-_.])(key|api[-_]?key|token|access[-_]?token|secret|password|signature|sig|auth)$/i;

/** The spellings a secret can take inside a URL or a log line. */
function spellings(secret: string): string[] {
  const forms = new Set([secret, encodeURIComponent(secret)]);
  // URLSearchParams (used to add query keys) encodes differently: spaces as `+`, `~` kept, `*!'()` escaped.
  forms.add(new URLSearchParams({ s: secret }).toString().slice(2));
  return [...forms];
}

/**
 * Replaces every occurrence of each secret, and of its percent-encoded forms, by `[REDACTED]`.
 * Empty secrets are ignored. Longer secrets are replaced first so that a secret containing another
 * one is not half-replaced.
 */
export function redact(text: string, secrets: readonly string[]): string {
  const forms = secrets
    .filter((secret) => secret.length > 0)
    .flatMap(spellings)
    .sort((a, b) => b.length - a.length);
  let result = text;
  for (const form of forms) result = result.split(form).join(PLACEHOLDER);
  return result;
}

const QUERY_PAIR = /([?&])([^=&#\s]+)=([^&#\s]*)/g;

/**
 * Redacts a URL (or a text containing URLs, such as an error message) for display: the value of
 * every credential-like query parameter (`key`, `api_key`, `access_token`, …) and every given
 * secret. Works on the raw string so the rest keeps its exact spelling.
 */
export function redactUrl(text: string, secrets: readonly string[]): string {
  const masked = text.replace(QUERY_PAIR, (pair: string, separator: string, name: string) =>
    SENSITIVE_QUERY_NAME.test(safeDecode(name)) ? `${separator}${name}=${PLACEHOLDER}` : pair,
  );
  return redact(masked, secrets);
}

function safeDecode(component: string): string {
  try {
    return decodeURIComponent(component.replaceAll('+', ' '));
  } catch {
    return component;
  }
}

/** Redacts secrets in every string of a JSON-like value (a parsed response body). */
export function redactDeep(value: unknown, secrets: readonly string[], depth = 0): unknown {
  if (secrets.length === 0) return value;
  if (typeof value === 'string') return redact(value, secrets);
  // Parsed JSON bodies are shallow in practice; the depth bound protects against cycles.
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, secrets, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null)
    return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, redactDeep(item, secrets, depth + 1)]),
  );
}

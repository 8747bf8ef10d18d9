const PLACEHOLDER = '[REDACTED]';

// Query parameters whose value is a credential whatever it is (for example `?key=` of Google APIs).
const SENSITIVE_QUERY_NAME =
  /(^|[-_.])(key|api[-_]?key|token|access[-_]?token|secret|password|signature|sig|auth)$/i;

/** The spellings a secret can take inside a URL or a log line. */
function spellings(secret: string): string[] {
  // URLSearchParams (used to add query keys) encodes differently: spaces as `+`, `~` kept, `*!'()` escaped.
  return [secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)];
}

/**
 * Secrets this long are replaced wherever they occur; shorter ones only where they stand whole (not
 * next to a letter or digit of any script, so `t` stays in `été`): in a header value, a query value, userinfo, a word of a message. A
 * one-letter test token `t` must not turn `http://127.0.0.1` into `h[REDACTED][REDACTED]p://…`,
 * while a real credential (API keys, OAuth tokens: tens of characters) is removed even when glued
 * to other text.
 */
export const SUBSTRING_MIN_LENGTH = 8;

// Unicode mode (for `\p{L}`) refuses escapes of characters outside the syntax: `-` is left as it is.
const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A function that replaces each secret, and its percent-encoded forms, by `[REDACTED]` (see
 * `SUBSTRING_MIN_LENGTH` for where). Empty secrets are ignored; longer forms are matched first so
 * that a secret containing another one is not half-replaced. Build it once to redact many strings.
 */
export function redactor(secrets: readonly string[]): (text: string) => string {
  const forms = secrets
    .filter((secret) => secret !== '')
    .flatMap((secret) =>
      spellings(secret).map((form) => {
        // Where a short secret stands whole: not next to a letter or digit.
        const pattern = literal(form);
        return [
          form,
          secret.length < SUBSTRING_MIN_LENGTH ? `(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])` : pattern,
        ];
      }),
    )
    .sort(([a], [b]) => (b as string).length - (a as string).length);
  if (forms.length === 0) return (text) => text;
  const pattern = new RegExp(forms.map(([, form]) => form).join('|'), 'gu');
  return (text) => text.replace(pattern, PLACEHOLDER);
}

/** Replaces each secret (and its encoded forms) in `text` by `[REDACTED]` (see `redactor`). */
export function redact(text: string, secrets: readonly string[]): string {
  return redactor(secrets)(text);
}

const QUERY_PAIR = /([?&])([^=&#\s]+)=([^&#\s]*)/g;
// `user:password@` after a scheme's `//`.
const USERINFO = /(\/\/)[^/?#@\s]+@/g;

/**
 * Redacts a URL (or a text containing URLs, such as an error message) for display: the value of
 * every credential-like query parameter (`key`, `api_key`, `access_token`, …), userinfo
 * (`//user:password@`) and every given secret. Works on the raw string so the rest keeps its
 * exact spelling.
 */
export function redactUrl(text: string, secrets: readonly string[]): string {
  return redact(maskUrls(text), secrets);
}

function maskUrls(text: string): string {
  return text
    .replace(QUERY_PAIR, (pair: string, separator: string, name: string) =>
      SENSITIVE_QUERY_NAME.test(safeDecode(name)) ? `${separator}${name}=${PLACEHOLDER}` : pair,
    )
    .replace(USERINFO, `$1${PLACEHOLDER}@`);
}

function safeDecode(component: string): string {
  try {
    return decodeURIComponent(component.replaceAll('+', ' '));
  } catch {
    return component;
  }
}

/**
 * A copy of a JSON-like value (a parsed response body) with secrets and URL credentials (as
 * `redactUrl`: a service may quote the request's URL) redacted in every string, object keys
 * included, at any depth. Iterative, so a deeply nested body cannot overflow the
 * stack; cycles are copied as cycles. Only plain objects and arrays are walked: other objects
 * cannot come out of `JSON.parse` and are kept as they are.
 */
export function redactDeep(value: unknown, secrets: readonly string[]): unknown {
  const secret = redactor(secrets);
  const clean = (text: string): string => secret(maskUrls(text));
  const copies = new Map<object, object>();
  const pending: [source: object, target: object][] = [];
  const copy = (item: unknown): unknown => {
    if (typeof item === 'string') return clean(item);
    if (!isWalkable(item)) return item;
    let target = copies.get(item);
    if (target === undefined) {
      // The same prototype: Object.prototype, or none.
      target = Array.isArray(item) ? [] : (Object.create(Object.getPrototypeOf(item)) as object);
      copies.set(item, target);
      pending.push([item, target]);
    }
    return target;
  };
  const root = copy(value);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [source, target] = next;
    for (const [key, item] of Object.entries(source)) {
      // defineProperty, not assignment: a JSON key "__proto__" must stay a plain own property.
      // Array indices are kept as they are (a one-digit secret must not rename one).
      Object.defineProperty(target, Array.isArray(source) ? key : clean(key), {
        value: copy(item),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return root;
}

function isWalkable(value: unknown): value is object {
  return (
    typeof value === 'object' &&
    value !== null &&
    (Array.isArray(value) || [Object.prototype, null].includes(Object.getPrototypeOf(value)))
  );
}

// Header names whose value is a credential whatever it is: a server echoing the request's
// `Authorization` back, or handing out a session cookie.
const SENSITIVE_HEADER_NAME = /authorization|api[-_]?key|token|secret|password|cookie|signature/i;

/**
 * A copy of response headers safe to keep on an error: every secret redacted, and the value of a
 * credential-like header (`authorization`, `x-api-key`, `set-cookie`, …) replaced whole.
 */
export function redactHeaders(headers: Headers, secrets: readonly string[]): Headers {
  const clean = redactor(secrets);
  const copy = new Headers();
  for (const [name, value] of headers) {
    copy.append(name, SENSITIVE_HEADER_NAME.test(name) ? PLACEHOLDER : clean(value));
  }
  return copy;
}

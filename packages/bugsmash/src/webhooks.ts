import { nameErrorClass, SpecboundError } from '@specbound/http';
import type { WebhookEventName, WebhookPayload } from './types.js';
import { isWebhookEvent } from './webhook-subscriptions.js';

/**
 * How deliveries are signed. BugSmash's real scheme is not public, so everything is configurable;
 * the defaults are the scheme the emulator and `signWebhook` use:
 * `X-BugSmash-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">` with
 * `X-BugSmash-Timestamp: <unix seconds>`, or of the raw body alone when no timestamp is sent.
 */
export interface WebhookScheme {
  /** Default `X-BugSmash-Signature`. */
  signatureHeader?: string | undefined;
  /** Default `X-BugSmash-Timestamp`; `false` for a scheme without timestamps (body only). */
  timestampHeader?: string | false | undefined;
  /** The HMAC hash, default `SHA-256`. */
  algorithm?: 'SHA-256' | 'SHA-384' | 'SHA-512' | 'SHA-1' | undefined;
  /** How the signature is written, default `hex` (lower or upper case accepted). */
  encoding?: 'hex' | 'base64' | undefined;
  /** Written before the signature, default `sha256=` (derived from `algorithm`); `''` for none. */
  prefix?: string | undefined;
}

/** Node's `req.headers`, a fetch `Headers`, or any name → value record (names in any case). */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface VerifyWebhookOptions extends WebhookScheme {
  /** The body exactly as received (bytes, or their UTF-8 text): not re-serialised JSON. */
  rawBody: string | Uint8Array | ArrayBuffer;
  headers: WebhookHeaders;
  /** The webhook's signing secret, returned once when it was created. */
  secret: string | Uint8Array;
  /** Refuse timestamps further than this from now, in seconds (default 300); `false` to skip. */
  toleranceSeconds?: number | false | undefined;
  /** Refuse deliveries without a timestamp header (default false: they are checked body-only). */
  requireTimestamp?: boolean | undefined;
  /** The current time in ms (default `Date.now`), for tests. */
  now?: (() => number) | undefined;
}

export interface SignWebhookOptions extends WebhookScheme {
  rawBody: string | Uint8Array | ArrayBuffer;
  secret: string | Uint8Array;
  /** Unix seconds to sign with; omitted, the signature covers the body alone. */
  timestamp?: number | undefined;
}

export type WebhookVerificationReason =
  /** The call itself is wrong: a parsed body instead of the raw one, no headers, a bad tolerance or scheme. */
  | 'invalid_options'
  | 'missing_secret'
  | 'missing_signature'
  | 'malformed_signature'
  | 'signature_mismatch'
  | 'missing_timestamp'
  | 'invalid_timestamp'
  | 'stale_timestamp'
  | 'invalid_payload';

/** A delivery that failed verification or parsing. Never carries the secret or the signature. */
export class WebhookVerificationError extends SpecboundError {
  static {
    nameErrorClass(WebhookVerificationError, 'WebhookVerificationError');
  }
  readonly reason: WebhookVerificationReason;

  constructor(reason: WebhookVerificationReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** A verified delivery: one of the four known events, or an event this client does not know. */
export type ParsedWebhookEvent =
  | { [E in WebhookEventName]: { type: E; payload: WebhookPayload<E> } }[WebhookEventName]
  | { type: 'unknown'; event: string | undefined; payload: Record<string, unknown> };

export const DEFAULT_SIGNATURE_HEADER = 'X-BugSmash-Signature';
export const DEFAULT_TIMESTAMP_HEADER = 'X-BugSmash-Timestamp';
export const DEFAULT_TOLERANCE_SECONDS = 300;

const encoder = new TextEncoder();

/** Checks a delivery's signature (and timestamp); throws `WebhookVerificationError` on any failure. */
export async function verifyWebhook(options: VerifyWebhookOptions): Promise<void> {
  // Checked up front so that a misconfigured receiver fails with the same error type as a bad
  // delivery, and so that no option can silently weaken the check (a NaN tolerance, say).
  const problem = optionsProblem(options);
  if (problem !== undefined) throw new WebhookVerificationError('invalid_options', problem);
  const scheme = resolveScheme(options);
  const secret = secretBytes(options.secret);
  const header = headerValue(options.headers, scheme.signatureHeader);
  if (header === undefined || header.trim() === '') {
    throw new WebhookVerificationError(
      'missing_signature',
      `The ${scheme.signatureHeader} header is missing.`,
    );
  }
  let timestamp: string | undefined;
  if (scheme.timestampHeader !== false) {
    timestamp = headerValue(options.headers, scheme.timestampHeader)?.trim();
    if (timestamp === undefined || timestamp === '') {
      if (options.requireTimestamp === true) {
        throw new WebhookVerificationError(
          'missing_timestamp',
          `The ${scheme.timestampHeader} header is missing.`,
        );
      }
      timestamp = undefined;
    } else if (!/^\d{1,12}$/.test(timestamp)) {
      throw new WebhookVerificationError(
        'invalid_timestamp',
        `The ${scheme.timestampHeader} header is not a Unix time in seconds.`,
      );
    }
  }

  const candidates = header
    .split(',')
    .map((part) => decodeSignature(part.trim(), scheme))
    .filter((bytes): bytes is Uint8Array => bytes !== undefined);
  if (candidates.length === 0) {
    throw new WebhookVerificationError(
      'malformed_signature',
      `The ${scheme.signatureHeader} header is not a ${scheme.prefix}<${scheme.encoding}> signature.`,
    );
  }
  const expected = await hmac(secret, signedContent(options.rawBody, timestamp), scheme.algorithm);
  // Every candidate is compared in full, so the time taken does not tell which bytes matched.
  let matched = false;
  for (const candidate of candidates) matched = constantTimeEqual(candidate, expected) || matched;
  if (!matched) {
    throw new WebhookVerificationError(
      'signature_mismatch',
      'The signature does not match the body and secret.',
    );
  }

  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (timestamp !== undefined && tolerance !== false) {
    const now = (options.now ?? Date.now)();
    const ageSeconds = Math.abs(now / 1000 - Number(timestamp));
    if (ageSeconds > tolerance) {
      throw new WebhookVerificationError(
        'stale_timestamp',
        `The delivery was signed ${Math.round(ageSeconds)} s from now, beyond the ${tolerance} s tolerance.`,
      );
    }
  }
}

/** Verifies a delivery, then parses it into a typed event. Yields no event on any failure. */
export async function parseWebhookEvent(options: VerifyWebhookOptions): Promise<ParsedWebhookEvent> {
  await verifyWebhook(options);
  const text =
    typeof options.rawBody === 'string' ? options.rawBody : new TextDecoder().decode(options.rawBody);
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    throw new WebhookVerificationError('invalid_payload', 'The delivery body is not JSON.');
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new WebhookVerificationError('invalid_payload', 'The delivery body is not a JSON object.');
  }
  const record = payload as Record<string, unknown>;
  const event = record.event;
  if (isWebhookEvent(event)) {
    // The payload schemas are permissive objects keyed by `event`, which was just checked.
    return { type: event, payload: record as WebhookPayload<typeof event> } as ParsedWebhookEvent;
  }
  return { type: 'unknown', event: typeof event === 'string' ? event : undefined, payload: record };
}

/** Signs a body with the default (or the given) scheme and returns the headers to send it with. */
export async function signWebhook(options: SignWebhookOptions): Promise<Record<string, string>> {
  const problem = schemeProblem(options) ?? bodyProblem(options.rawBody);
  if (problem !== undefined) throw new TypeError(`signWebhook: ${problem}`);
  const scheme = resolveScheme(options);
  const secret = secretBytes(options.secret);
  const { timestamp } = options;
  if (timestamp !== undefined && !(Number.isInteger(timestamp) && timestamp >= 0)) {
    throw new TypeError('signWebhook: "timestamp" must be a non-negative integer of Unix seconds.');
  }
  const stamp = scheme.timestampHeader === false || timestamp === undefined ? undefined : String(timestamp);
  const signature = await hmac(secret, signedContent(options.rawBody, stamp), scheme.algorithm);
  const headers: Record<string, string> = {
    [scheme.signatureHeader]: `${scheme.prefix}${scheme.encoding === 'hex' ? toHex(signature) : toBase64(signature)}`,
  };
  if (stamp !== undefined && scheme.timestampHeader !== false) headers[scheme.timestampHeader] = stamp;
  return headers;
}

interface ResolvedScheme {
  signatureHeader: string;
  timestampHeader: string | false;
  algorithm: NonNullable<WebhookScheme['algorithm']>;
  encoding: NonNullable<WebhookScheme['encoding']>;
  prefix: string;
}

function resolveScheme(scheme: WebhookScheme): ResolvedScheme {
  const algorithm = scheme.algorithm ?? 'SHA-256';
  return {
    signatureHeader: scheme.signatureHeader ?? DEFAULT_SIGNATURE_HEADER,
    timestampHeader: scheme.timestampHeader ?? DEFAULT_TIMESTAMP_HEADER,
    algorithm,
    encoding: scheme.encoding ?? 'hex',
    prefix: scheme.prefix ?? `${algorithm.replace('-', '').toLowerCase()}=`,
  };
}

const ALGORITHMS: ReadonlySet<unknown> = new Set(['SHA-256', 'SHA-384', 'SHA-512', 'SHA-1']);
const ENCODINGS: ReadonlySet<unknown> = new Set(['hex', 'base64']);

/** What is wrong with a `verifyWebhook` call before any delivery is looked at, if anything. */
function optionsProblem(options: VerifyWebhookOptions): string | undefined {
  if (typeof options !== 'object' || options === null) {
    return 'verifyWebhook needs an options object ({ rawBody, headers, secret }).';
  }
  const { headers, secret, toleranceSeconds, now } = options;
  const problem = bodyProblem(options.rawBody) ?? schemeProblem(options);
  if (problem !== undefined) return problem;
  if (typeof headers !== 'object' || headers === null) {
    return '"headers" must be the request\'s headers (a Headers object or a name → value record).';
  }
  // A missing secret (an unset environment variable) is reported as `missing_secret` below.
  if (
    secret !== undefined &&
    secret !== null &&
    typeof secret !== 'string' &&
    !(secret instanceof Uint8Array)
  ) {
    return '"secret" must be a string or a Uint8Array.';
  }
  if (
    toleranceSeconds !== undefined &&
    toleranceSeconds !== false &&
    !(typeof toleranceSeconds === 'number' && Number.isFinite(toleranceSeconds) && toleranceSeconds >= 0)
  ) {
    return `"toleranceSeconds" must be a non-negative number of seconds or false (got ${String(toleranceSeconds)}).`;
  }
  if (now !== undefined && typeof now !== 'function') return '"now" must be a function returning ms.';
  return undefined;
}

function bodyProblem(rawBody: unknown): string | undefined {
  if (typeof rawBody === 'string' || rawBody instanceof Uint8Array || rawBody instanceof ArrayBuffer) {
    return undefined;
  }
  return '"rawBody" must be the body exactly as received (a string, Uint8Array or ArrayBuffer), not parsed JSON.';
}

function schemeProblem(scheme: WebhookScheme): string | undefined {
  const { signatureHeader, timestampHeader, algorithm, encoding, prefix } = scheme;
  if (signatureHeader !== undefined && !(typeof signatureHeader === 'string' && signatureHeader !== '')) {
    return '"signatureHeader" must be a header name.';
  }
  if (
    timestampHeader !== undefined &&
    timestampHeader !== false &&
    !(typeof timestampHeader === 'string' && timestampHeader !== '')
  ) {
    return '"timestampHeader" must be a header name or false.';
  }
  if (algorithm !== undefined && !ALGORITHMS.has(algorithm)) {
    return `"algorithm" must be one of ${[...ALGORITHMS].join(', ')} (got ${String(algorithm)}).`;
  }
  if (encoding !== undefined && !ENCODINGS.has(encoding)) {
    return `"encoding" must be hex or base64 (got ${String(encoding)}).`;
  }
  if (prefix !== undefined && typeof prefix !== 'string') return '"prefix" must be a string.';
  return undefined;
}

function secretBytes(secret: string | Uint8Array | null | undefined): Uint8Array<ArrayBuffer> {
  const bytes =
    typeof secret === 'string'
      ? encoder.encode(secret)
      : secret instanceof Uint8Array
        ? new Uint8Array(secret)
        : new Uint8Array(0);
  if (bytes.length === 0) {
    throw new WebhookVerificationError('missing_secret', 'The webhook signing secret is empty.');
  }
  return bytes;
}

function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  // Duck-typed rather than `instanceof Headers`: a framework may hand over another realm's Headers.
  if (isHeaders(headers)) return headers.get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    return typeof value === 'string' ? value : value[0];
  }
  return undefined;
}

function isHeaders(headers: WebhookHeaders): headers is Headers {
  return typeof (headers as { get?: unknown }).get === 'function';
}

function signedContent(
  rawBody: string | Uint8Array | ArrayBuffer,
  timestamp: string | undefined,
): Uint8Array<ArrayBuffer> {
  const body =
    typeof rawBody === 'string'
      ? encoder.encode(rawBody)
      : new Uint8Array(rawBody instanceof ArrayBuffer ? rawBody : rawBody.slice());
  if (timestamp === undefined) return body;
  const prefix = encoder.encode(`${timestamp}.`);
  const content = new Uint8Array(prefix.length + body.length);
  content.set(prefix);
  content.set(body, prefix.length);
  return content;
}

async function hmac(
  secret: Uint8Array<ArrayBuffer>,
  content: Uint8Array<ArrayBuffer>,
  algorithm: ResolvedScheme['algorithm'],
): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: algorithm }, false, [
    'sign',
  ]);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, content));
}

function decodeSignature(text: string, scheme: ResolvedScheme): Uint8Array | undefined {
  if (!text.startsWith(scheme.prefix)) return undefined;
  const value = text.slice(scheme.prefix.length);
  if (scheme.encoding === 'hex') {
    if (value.length === 0 || value.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(value)) return undefined;
    const bytes = new Uint8Array(value.length / 2);
    for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(value.slice(i * 2, i * 2 + 2), 16);
    return bytes;
  }
  if (value.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return undefined;
  try {
    return Uint8Array.from(atob(value), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  // Lengths are public (every signature of an algorithm has the same length).
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

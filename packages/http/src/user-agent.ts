import { VERSION } from './version.js';

export interface ClientInfo {
  readonly name: string;
  readonly version: string;
}

/** `specbound/<VERSION> <client.name>/<client.version>[ <userAgent>]`. */
export function buildUserAgent(client?: ClientInfo, userAgent?: string): string {
  // An absent client or user agent, and an empty one, add nothing.
  return [`specbound/${VERSION}`, client && `${client.name}/${client.version}`, userAgent]
    .filter(Boolean)
    .join(' ');
}

/**
 * Whether `value` can be sent as a header value as it is: no control character (CR and LF would
 * split the header, NUL ends it; `Headers.set` throws on them, quoting the value) and nothing
 * beyond Latin-1 (a header value is a byte string).
 */
export function isHeaderSafe(value: string): boolean {
  return !UNSAFE_IN_HEADER.test(value);
}
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const UNSAFE_IN_HEADER = /[\u0000-\u001f\u007f\u0100-\uffff]/;

/** Whether `value` contains a control character (U+0000–U+001F, U+007F). */
export function hasControlCharacter(value: string): boolean {
  return CONTROL.test(value);
}
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Sets `User-Agent` on a request. Browsers may ignore it, and a few environments refuse it
 * (forbidden header): identification is best effort and never fails the request.
 */
export function applyUserAgent(request: Request, value: string): void {
  try {
    request.headers.set('User-Agent', value);
  } catch {
    // Forbidden header in this environment: send the request without it.
  }
}

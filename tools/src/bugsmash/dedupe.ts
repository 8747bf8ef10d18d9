// Deliveries already accepted: a service that did not see our 200 (a timeout, a dropped connection)
// sends the same delivery again. Such a repeat is recognised by its delivery id, or by the same
// signature and timestamp within the tolerance, answered 200 and not forwarded again.
import type { IncomingHttpHeaders } from 'node:http';

export interface DedupeScheme {
  /** Header naming the delivery, when the service sends one (default X-BugSmash-Delivery). */
  idHeader: string;
  signatureHeader: string;
  timestampHeader: string | false;
  /** How long a signature+timestamp key is remembered, in seconds. */
  toleranceSeconds: number;
}

const MAX_KEYS = 10_000;

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(',') : value;
}

export class AcceptedDeliveries {
  readonly #scheme: DedupeScheme;
  /** key → when it expires (ms); a Map keeps insertion order, so the oldest go first. */
  readonly #keys = new Map<string, number>();

  constructor(scheme: DedupeScheme) {
    this.#scheme = scheme;
  }

  keys(headers: IncomingHttpHeaders): string[] {
    const keys: string[] = [];
    const id = header(headers, this.#scheme.idHeader);
    if (id !== undefined && id !== '') keys.push(`id:${id}`);
    const signature = header(headers, this.#scheme.signatureHeader);
    const timestamp =
      this.#scheme.timestampHeader === false ? '' : (header(headers, this.#scheme.timestampHeader) ?? '');
    if (signature !== undefined && signature !== '') keys.push(`sig:${signature}|${timestamp}`);
    return keys;
  }

  seen(keys: readonly string[], now = Date.now()): boolean {
    return keys.some((key) => (this.#keys.get(key) ?? 0) > now);
  }

  accept(keys: readonly string[], now = Date.now()): void {
    // An id is remembered for a day; a signature only for as long as its timestamp is accepted.
    for (const key of keys) {
      const ttl = key.startsWith('id:') ? 86_400_000 : this.#scheme.toleranceSeconds * 1000;
      this.#keys.delete(key);
      this.#keys.set(key, now + ttl);
    }
    while (this.#keys.size > MAX_KEYS) this.#keys.delete(this.#keys.keys().next().value as string);
  }
}

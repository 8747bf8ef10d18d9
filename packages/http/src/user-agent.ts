import { VERSION } from './version.js';

export interface ClientInfo {
  readonly name: string;
  readonly version: string;
}

/** `specbound/<VERSION> <client.name>/<client.version>[ <userAgent>]`. */
export function buildUserAgent(client?: ClientInfo, userAgent?: string): string {
  const parts = [`specbound/${VERSION}`];
  if (client !== undefined) parts.push(`${client.name}/${client.version}`);
  if (userAgent !== undefined && userAgent !== '') parts.push(userAgent);
  return parts.join(' ');
}

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

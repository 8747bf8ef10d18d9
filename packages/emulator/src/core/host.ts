// The Host check that stops DNS rebinding: a web page on `evil.example` whose name is re-pointed at
// 127.0.0.1 can make a browser send requests to the emulator as same-origin, and read the answers
// (the control API's state, tokens included). Such a request still names `evil.example` in `Host`,
// so only names that cannot be rebound are served: loopback names, the interface the emulator was
// told to listen on, names the user allowed explicitly, and IP literals when it listens on every
// interface (an IP literal is not looked up, so it cannot be rebound either).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';

export interface HostPolicy {
  /** The `host` the server listens on (`127.0.0.1`, `::1`, `0.0.0.0`, a name, ...). */
  listenHost: string;
  /** Further names a request may carry in `Host` (a Docker service name, a proxy's name). */
  allowedHosts: readonly string[];
}

/** `Host` without port and brackets, lower-case, without a trailing dot; undefined when unparsable. */
function hostName(header: string): string | undefined {
  try {
    const url = new URL(`http://${header}`);
    if (
      url.username !== '' ||
      url.password !== '' ||
      url.pathname !== '/' ||
      url.search !== '' ||
      url.hash !== ''
    )
      return undefined;
    return url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  } catch {
    return undefined;
  }
}

function isLoopback(name: string): boolean {
  if (name === 'localhost' || name === '::1') return true;
  return isIP(name) === 4 && name.startsWith('127.');
}

const WILDCARDS = new Set(['0.0.0.0', '::', '']);

/** Whether a request naming `header` in `Host` may be served (no `Host` at all comes from no browser). */
export function isAllowedHost(header: string | undefined, policy: HostPolicy): boolean {
  if (header === undefined) return true;
  const name = hostName(header);
  if (name === undefined) return false;
  if (isLoopback(name)) return true;
  const listen = policy.listenHost.toLowerCase().replace(/^\[|\]$/g, '');
  if (name === listen) return true;
  if (WILDCARDS.has(listen) && isIP(name) !== 0) return true;
  return policy.allowedHosts.some((allowed) => allowed.toLowerCase().replace(/^\[|\]$/g, '') === name);
}

/** The authority an absolute-form target (`http://host/path`) names; undefined for origin-form. */
function targetAuthority(target: string | undefined): string | undefined {
  return /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(target ?? '')?.[1];
}

/** How many `Host` fields the request carried (Node keeps only the first in `headers`). */
function hostFieldCount(req: Pick<IncomingMessage, 'rawHeaders'>): number {
  let count = 0;
  // The in-process fetch hands a request without rawHeaders: it always has one Host.
  for (let i = 0; i < (req.rawHeaders ?? []).length; i += 2)
    if (req.rawHeaders[i]?.toLowerCase() === 'host') count++;
  return count;
}

/**
 * Refuses a request whose `Host` is not allowed with 403 and a plain message; returns true when it
 * did (the caller stops there). The body is never read. An absolute-form target's authority is
 * checked too (RFC 9112 §3.2.2: it, not `Host`, names the host), and a request with two `Host`
 * fields is answered 400 (RFC 9112 §3.2), since a front end and the emulator may read different ones.
 */
export function refuseForeignHost(
  req: Pick<IncomingMessage, 'headers' | 'rawHeaders' | 'url'>,
  res: ServerResponse,
  policy: HostPolicy,
): boolean {
  if (hostFieldCount(req) > 1) {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
    res.end('Refused: the request carries more than one Host header.\n');
    return true;
  }
  const authority = targetAuthority(req.url);
  const named = authority ?? req.headers.host;
  if (
    isAllowedHost(req.headers.host, policy) &&
    (authority === undefined || isAllowedHost(authority, policy))
  )
    return false;
  const shown = JSON.stringify(String(named).slice(0, 100));
  res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
  res.end(
    `Refused: Host ${shown} is not a loopback name. The emulator answers only requests addressed to ` +
      `localhost, 127.0.0.1 or [::1] (or the --host it listens on), which keeps web pages from reading ` +
      `it through DNS rebinding. To reach it under another name, start it with --allow-host <name>.\n`,
  );
  return true;
}

// The Host check that stops DNS rebinding: a web page on `evil.example` whose name is re-pointed at
// 127.0.0.1 can make a browser send requests to the emulator as same-origin, and read the answers
// (the control API's state, tokens included). Such a request still names `evil.example` in `Host`,
// so only names that cannot be rebound are served: loopback names, the interface the emulator was
// told to listen on, names the user allowed explicitly, and IP literals when it listens on every
// interface (an IP literal is not looked up, so it cannot be rebound either).
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
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
    if (url.username !== '' || url.password !== '' || url.pathname !== '/' || url.search !== '')
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

/**
 * Refuses a request whose `Host` is not allowed with 403 and a plain message; returns true when it
 * did (the caller stops there). The body is never read.
 */
export function refuseForeignHost(
  headers: IncomingHttpHeaders,
  res: ServerResponse,
  policy: HostPolicy,
): boolean {
  if (isAllowedHost(headers.host, policy)) return false;
  const shown = JSON.stringify(String(headers.host).slice(0, 100));
  res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
  res.end(
    `Refused: Host ${shown} is not a loopback name. The emulator answers only requests addressed to ` +
      `localhost, 127.0.0.1 or [::1] (or the --host it listens on), which keeps web pages from reading ` +
      `it through DNS rebinding. To reach it under another name, start it with --allow-host <name>.\n`,
  );
  return true;
}

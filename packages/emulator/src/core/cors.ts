// CORS as Google's APIs answer it, so a browser app (or the browser test of the clients) can call the
// emulator from another origin: a preflight (`OPTIONS` with `Access-Control-Request-Method`) gets 204
// with the requested method and headers allowed, and every answer to a request that names an
// `Origin` allows that origin and exposes the headers a client reads (ETag, Retry-After, request ids).
// No credentials mode: the clients send tokens and keys in headers, never cookies.
//
// Unlike Google, the emulator accepts any token, so allowing every origin would let any web page a
// developer visits create, deploy and run code in their emulator. Only loopback origins (a local app
// on another port), the emulator's own origin and the origins it is started with (`allowedOrigins`,
// `--allow-origin`; `*` for any) are allowed; a request from any other origin is refused with 403
// before it reaches a service, preflight or not (a "simple" POST needs no preflight).
import type { IncomingMessage, ServerResponse } from 'node:http';

const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const EXPOSED_HEADERS = 'ETag, Retry-After, X-Request-Id, X-Goog-Request-Id, Location, Content-Length';
/** How long a browser may cache a preflight answer, in seconds (Google answers 3600). */
const MAX_AGE_S = '3600';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether a browser page of `origin` may call the emulator reached at `host` (the request's Host). */
function originAllowed(origin: string, host: string | undefined, allowed: readonly string[]): boolean {
  if (allowed.includes('*') || allowed.includes(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // `null` (a sandboxed frame, a file) and anything unparsable
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return LOOPBACK.has(url.hostname) || url.hostname.endsWith('.localhost') || url.host === host;
}

/**
 * Adds the CORS headers of a request that carries an `Origin` to `res`. Returns true when it has
 * answered the request: a preflight (204), or a request from an origin the policy refuses (403);
 * false when the request still has to be handled.
 */
export function applyCors(
  req: IncomingMessage,
  res: ServerResponse,
  allowedOrigins: readonly string[] = [],
): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  if (!originAllowed(origin, req.headers.host, allowedOrigins)) {
    req.resume();
    const body = JSON.stringify({
      error: {
        code: 403,
        message: `The emulator refuses requests from the web origin ${origin.slice(0, 200)}: only loopback origins and those it is started with may call it. Start it with --allow-origin ${origin.slice(0, 200)} (allowedOrigins) to allow this one.`,
        status: 'PERMISSION_DENIED',
      },
    });
    res.writeHead(403, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
    return true;
  }
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
  const requestedMethod = req.headers['access-control-request-method'];
  if (req.method !== 'OPTIONS' || requestedMethod === undefined) {
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    return false;
  }
  req.resume();
  res.setHeader('Vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
  res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
  const requestedHeaders = req.headers['access-control-request-headers'];
  if (requestedHeaders !== undefined) res.setHeader('Access-Control-Allow-Headers', requestedHeaders);
  res.setHeader('Access-Control-Max-Age', MAX_AGE_S);
  res.writeHead(204, { 'content-length': '0' });
  res.end();
  return true;
}

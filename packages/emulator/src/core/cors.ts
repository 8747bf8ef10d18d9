// CORS as Google's APIs answer it, so a browser app (or the browser test of the clients) can call the
// emulator from another origin: a preflight (`OPTIONS` with `Access-Control-Request-Method`) gets 204
// with the requested method and headers allowed, and every answer to a request that names an
// `Origin` allows that origin and exposes the headers a client reads (ETag, Retry-After, request ids).
// No credentials mode: the clients send tokens and keys in headers, never cookies.
import type { IncomingMessage, ServerResponse } from 'node:http';

const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const EXPOSED_HEADERS = 'ETag, Retry-After, X-Request-Id, X-Goog-Request-Id, Location, Content-Length';
/** How long a browser may cache a preflight answer, in seconds (Google answers 3600). */
const MAX_AGE_S = '3600';

/**
 * Adds the CORS headers of a request that carries an `Origin` to `res`. Returns true when the request
 * was a preflight, which it has answered (204); false when the request still has to be handled.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return false;
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

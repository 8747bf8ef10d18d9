// What keeps the redirect preload from leaking credentials:
//   - the emulator URL must be this machine (loopback) unless the user opts in: the preload sends the
//     tool's refresh token, client secret and bearer tokens there, in clear text over http://;
//   - while it is on, a request carrying a Google credential to a Google host the redirect does not
//     take (`www.googleapis.com`, `accounts.google.com`, ...) fails before a byte of it is sent: the
//     user asked for the tool to run offline, and a live token must not reach Google half-way.
import type { ClientRequest, RequestOptions } from 'node:http';
import { isIP } from 'node:net';
import { ALLOW_REMOTE_ENV } from './redirect-env.ts';
import { GoogleCredentialBlockedError, RedirectConfigError } from './redirect-install.ts';

/** Whether `hostname` (no brackets) is this machine: a loopback name or address, or the wildcard. */
function isLocalHost(hostname: string): boolean {
  const name = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost') || name === '::1' || name === '0.0.0.0')
    return true;
  return isIP(name) === 4 && name.startsWith('127.');
}

/** Refuses an emulator URL on another machine unless `allowRemote`. */
export function checkEmulatorLocal(url: URL, allowRemote: boolean): void {
  if (allowRemote || isLocalHost(url.hostname)) return;
  throw new RedirectConfigError(
    `SPECBOUND_EMULATOR_URL points at ${url.hostname}, which is not this machine; the redirect would send ` +
      `your tools' OAuth refresh tokens, client secrets and bearer tokens there. Use a loopback URL such as ` +
      `http://127.0.0.1:8787, or set ${ALLOW_REMOTE_ENV}=1 if you trust that host`,
  );
}

/** Google's own API and sign-in hosts, and googleusercontent.com, where web apps and downloads answer. */
export function isGoogleHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return /(^|\.)(googleapis\.com|google\.com|googleusercontent\.com)$/.test(name);
}

const BODY_CREDENTIAL = /\b(refresh_token|client_secret)\b/;
/**
 * Credentials sent as a form or JSON parameter: an access token, a token being revoked
 * (`token=`), a service account's signed JWT (`assertion=`).
 */
const BODY_PARAMETER = /(?:^|[&"'\s{,])(access_token|token|assertion)["']?\s*[=:]/;
/** URL parameters that carry a credential (`token` is the one a revoke call names). */
const URL_CREDENTIALS = ['access_token', 'key', 'token'];

/** Headers as any of the shapes fetch and http(s) take them. */
export type AnyHeaders =
  | Headers
  | Record<string, unknown>
  | readonly (readonly [string, string])[]
  | readonly string[]
  | undefined;

function headerNames(headers: AnyHeaders): string[] {
  if (headers === undefined) return [];
  if (headers instanceof Headers) return [...headers.keys()];
  if (Array.isArray(headers)) {
    // Node also takes headers as one flat array: [name, value, name, value, ...].
    if (headers.every((item) => typeof item === 'string'))
      return headers.filter((_, i) => i % 2 === 0).map((name) => String(name).toLowerCase());
    return (headers as readonly (readonly [string, string])[]).map(([name]) => String(name).toLowerCase());
  }
  return Object.entries(headers)
    .filter(([, value]) => value !== undefined)
    .map(([name]) => name.toLowerCase());
}

/** What credential a request carries, in words, or undefined. */
export function credentialIn(
  url: URL | undefined,
  headers: AnyHeaders,
  body: string | undefined,
): string | undefined {
  const names = headerNames(headers);
  if (names.includes('authorization')) return 'an Authorization header';
  if (names.includes('x-goog-api-key')) return 'an API key';
  if (names.includes('cookie')) return 'a cookie';
  if (URL_CREDENTIALS.some((name) => url?.searchParams.has(name))) return 'a credential in its URL';
  const found = body === undefined ? null : (BODY_CREDENTIAL.exec(body) ?? BODY_PARAMETER.exec(body));
  const name = found?.[1];
  if (name === undefined) return undefined;
  return `${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name} in its body`;
}

/** The bytes of a chunk written to a request, as text good enough to find a parameter name in. */
function chunkText(chunk: unknown): string {
  if (typeof chunk === 'string') return chunk;
  if (chunk instanceof Uint8Array)
    return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
  return '';
}

/**
 * A request that fails with a GoogleCredentialBlockedError without a connection being made: what an
 * http(s) call whose headers or URL already carry a credential gets instead of the real request.
 */
export function refusedRequest(
  request: (options: RequestOptions) => ClientRequest,
  host: string,
  what: string,
): ClientRequest {
  const error = new GoogleCredentialBlockedError(host, what);
  return request({
    host,
    createConnection: () => {
      throw error;
    },
  });
}

/**
 * Holds what is written to `req` (an http(s) request to a Google host the redirect does not take)
 * until `end()` or `flushHeaders()`, then sends it only when neither the headers nor the body carry a
 * credential; otherwise destroys it with a GoogleCredentialBlockedError. Node sends nothing of a
 * request before its first write reaches the socket, so a refused request sends no byte of HTTP.
 */
export function guardClientRequest(req: ClientRequest, host: string, url: URL | undefined): ClientRequest {
  const { write, end, flushHeaders } = req;
  const held: unknown[][] = [];
  let text = '';
  const refused = (): boolean => {
    const what = credentialIn(url, req.getHeaders(), text);
    if (what === undefined) return false;
    req.destroy(new GoogleCredentialBlockedError(host, what));
    return true;
  };
  const release = () => {
    req.write = write;
    req.end = end;
    req.flushHeaders = flushHeaders;
  };
  req.write = function heldWrite(...args: unknown[]) {
    held.push(args);
    text += chunkText(args[0]);
    return true;
  } as ClientRequest['write'];
  req.end = function checkedEnd(...args: unknown[]) {
    if (args.length > 0 && typeof args[0] !== 'function') text += chunkText(args[0]);
    release();
    if (refused()) return req;
    for (const args of held) write.apply(req, args as Parameters<ClientRequest['write']>);
    return end.apply(req, args as Parameters<ClientRequest['end']>);
  } as ClientRequest['end'];
  req.flushHeaders = function checkedFlush() {
    if (refused()) return;
    flushHeaders.call(req);
  };
  return req;
}

/** A fetch body's bytes as text, and a body to send in its place when reading it used it up. */
async function readFetchBody(body: unknown): Promise<{ text: string; replacement?: ArrayBuffer }> {
  if (body === undefined || body === null) return { text: '' };
  if (typeof body === 'string') return { text: body };
  if (body instanceof URLSearchParams) return { text: body.toString() };
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) {
    const view =
      body instanceof ArrayBuffer
        ? new Uint8Array(body)
        : new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
    return { text: chunkText(view) };
  }
  if (body instanceof Blob) return { text: chunkText(new Uint8Array(await body.arrayBuffer())) };
  if (body instanceof FormData) {
    return { text: [...body.entries()].map(([k, v]) => `${k}=${typeof v === 'string' ? v : ''}`).join('&') };
  }
  // A stream can be read once: read it, and send the bytes read.
  const bytes = await new Response(body as ReadableStream).arrayBuffer();
  return { text: chunkText(new Uint8Array(bytes)), replacement: bytes };
}

/**
 * A fetch to a Google host the redirect does not take: refused with GoogleCredentialBlockedError
 * when its headers, URL or body carry a credential, else sent as it was.
 */
export async function guardedFetch(
  original: typeof fetch,
  input: RequestInfo | URL,
  init: RequestInit | undefined,
  url: URL,
): Promise<Response> {
  const request = input instanceof Request ? input : undefined;
  const headers = new Headers(request?.headers);
  for (const [name, value] of new Headers(init?.headers)) headers.set(name, value);
  let body = init?.body === undefined || init.body === null ? undefined : await readFetchBody(init.body);
  if (body === undefined && request?.body)
    body = { text: chunkText(new Uint8Array(await request.clone().arrayBuffer())) };
  const what = credentialIn(url, headers, body?.text);
  if (what !== undefined) throw new GoogleCredentialBlockedError(url.hostname, what);
  if (body?.replacement !== undefined) return original(input, { ...init, body: body.replacement });
  return original(input, init);
}

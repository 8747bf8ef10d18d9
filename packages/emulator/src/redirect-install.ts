// The machinery behind the `@specbound/emulator/redirect` preload: requests to Google's Apps Script API
// and OAuth 2.0 token endpoint go to the emulator instead, every other request is left exactly as it
// was. Tools reach the network in two ways and both are covered:
//   - Node's `http`/`https` modules (`request` and `get`): node-fetch uses them, and so gaxios, and so
//     googleapis, google-auth-library and clasp;
//   - the global `fetch` (undici): our own clients and most modern code.
// A tool that imports the `undici` package itself is not redirected, but a Google credential it sends
// is refused (redirect-undici.ts); one that opens sockets directly is not covered.
import type * as Http from 'node:http';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import {
  type AnyHeaders,
  checkEmulatorLocal,
  credentialIn,
  guardClientRequest,
  guardedFetch,
  isGoogleHost,
  refusedRequest,
} from './redirect-guard.ts';
import { guardUndici } from './redirect-undici.ts';

// The modules' own (CommonJS) objects: an ESM namespace is read-only, and everyone who imports
// `node:https`, whichever way, ends up reading these properties.
const require = createRequire(import.meta.url);
const http = require('node:http') as typeof Http;
const https = require('node:https') as typeof import('node:https');

/** The hosts sent to the emulator, and the path each one is served under there. */
export const REDIRECTED_HOSTS: Readonly<Record<string, string>> = {
  'script.googleapis.com': '',
  'oauth2.googleapis.com': '/oauth2',
  // Cloud Logging's `/v2/entries:list`, on the same origin as the Apps Script API (`/v1/…`).
  'logging.googleapis.com': '',
};

/** Thrown when SPECBOUND_EMULATOR_URL (or the URL given to `installRedirect`) is not a usable base URL. */
export class RedirectConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RedirectConfigError';
  }
}

/** Thrown (or emitted) for a request that would carry a Google credential to Google while redirected. */
export class GoogleCredentialBlockedError extends Error {
  readonly host: string;
  constructor(host: string, what: string) {
    super(
      `specbound: refused to send a request carrying ${what} to ${host}: the emulator redirect ` +
        '(SPECBOUND_EMULATOR_URL) is on and does not serve this host, so the request would reach Google ' +
        'with a live credential. Nothing was sent. Unset SPECBOUND_EMULATOR_URL to talk to Google.',
    );
    this.name = 'GoogleCredentialBlockedError';
    this.host = host;
  }
}

/** Checks an emulator base URL: http(s), no query or fragment; returns it without a trailing slash. */
export function parseEmulatorUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new RedirectConfigError(
      `SPECBOUND_EMULATOR_URL must be the emulator's base URL, such as http://127.0.0.1:8787; "${raw}" is not a URL`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RedirectConfigError(
      `SPECBOUND_EMULATOR_URL must be an http:// or https:// URL such as http://127.0.0.1:8787, not ${url.protocol}`,
    );
  }
  if (url.search !== '' || url.hash !== '') {
    throw new RedirectConfigError('SPECBOUND_EMULATOR_URL must be a base URL without a query or fragment');
  }
  url.pathname = url.pathname.replace(/\/+$/, '');
  return url;
}

function isDefaultPort(protocol: string, port: string): boolean {
  return port === '' || (protocol === 'https:' && port === '443') || (protocol === 'http:' && port === '80');
}

/** Where a request to `url` goes instead, or undefined when it is not one the redirect takes. */
export function redirectTarget(url: URL, emulator: URL): URL | undefined {
  return targetFor(url.protocol, url.hostname, url.port, `${url.pathname}${url.search}`, emulator);
}

function targetFor(
  protocol: string,
  hostname: string,
  port: string,
  path: string,
  emulator: URL,
): URL | undefined {
  if (protocol !== 'http:' && protocol !== 'https:') return undefined;
  if (!isDefaultPort(protocol, port)) return undefined;
  const prefix = REDIRECTED_HOSTS[hostname.toLowerCase().replace(/\.$/, '')];
  if (prefix === undefined) return undefined;
  const base = emulator.pathname.replace(/\/+$/, '');
  return new URL(`${base}${prefix}${path.startsWith('/') ? path : `/${path}`}`, emulator.origin);
}

type RequestArgs = unknown[];
type RequestFunction = (...args: RequestArgs) => Http.ClientRequest;

/** Where an `http.request`/`https.request` call goes, from its arguments. */
interface RequestCall {
  options: Http.RequestOptions;
  url: URL | undefined;
  callback?: (res: Http.IncomingMessage) => void;
  protocol: string;
  hostname: string;
  port: string;
  path: string;
}

/**
 * Reads the arguments of an `http.request`/`https.request` call as Node does: a URL argument merged
 * with the options that follow it, the options winning.
 */
function describeCall(args: RequestArgs, defaultProtocol: 'http:' | 'https:'): RequestCall | undefined {
  let i = 0;
  let url: URL | undefined;
  if (typeof args[0] === 'string' || args[0] instanceof URL) {
    try {
      url = new URL(String(args[0]));
    } catch {
      return undefined; // Node throws its own error for a bad URL
    }
    i = 1;
  }
  let options: Http.RequestOptions = {};
  const maybeOptions = args[i];
  if (maybeOptions !== null && typeof maybeOptions === 'object') {
    options = maybeOptions as Http.RequestOptions;
    i++;
  }
  const callback =
    typeof args[i] === 'function' ? (args[i] as (res: Http.IncomingMessage) => void) : undefined;
  const call: RequestCall = {
    options,
    url,
    protocol: options.protocol ?? url?.protocol ?? defaultProtocol,
    hostname: (options.hostname ?? options.host ?? url?.hostname ?? 'localhost').replace(/^\[|\]$/g, ''),
    port: options.port !== undefined && options.port !== null ? String(options.port) : (url?.port ?? ''),
    path: options.path ?? (url === undefined ? '/' : `${url.pathname}${url.search}`),
  };
  if (callback !== undefined) call.callback = callback;
  return call;
}

/**
 * The arguments of a request to the emulator equivalent to `call`, when it goes to a redirected
 * host. The caller's agent is dropped: it belongs to the original protocol (an `https.Agent` cannot
 * carry an http:// request) and may be a proxy agent.
 */
function redirectArgs(
  call: RequestCall,
  emulator: URL,
): { options: Http.RequestOptions; callback?: (res: Http.IncomingMessage) => void } | undefined {
  const { options, url, callback } = call;
  const target = targetFor(call.protocol, call.hostname, call.port, call.path, emulator);
  if (target === undefined) return undefined;

  const {
    agent: _agent,
    host: _host,
    hostname: _hostname,
    port: _port,
    path: _path,
    protocol: _protocol,
    socketPath: _socketPath,
    createConnection: _createConnection,
    ...rest
  } = options as Http.RequestOptions & { servername?: string };
  delete (rest as { servername?: string }).servername;
  const redirected: Http.RequestOptions = {
    ...rest,
    protocol: target.protocol,
    hostname: target.hostname.replace(/^\[|\]$/g, ''),
    port: target.port === '' ? (target.protocol === 'https:' ? 443 : 80) : Number(target.port),
    path: `${target.pathname}${target.search}`,
  };
  if (rest.auth === undefined && url !== undefined && (url.username !== '' || url.password !== '')) {
    redirected.auth = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  }
  return callback === undefined ? { options: redirected } : { options: redirected, callback };
}

async function redirectedFetch(
  original: typeof fetch,
  input: Request,
  target: URL,
  init: RequestInit | undefined,
): Promise<Response> {
  // A Request's body is a stream; re-sending it to another URL means reading it first.
  const body = input.body === null ? null : await input.arrayBuffer();
  return original(target, {
    method: input.method,
    headers: input.headers,
    body,
    signal: input.signal,
    redirect: input.redirect,
    ...init,
  });
}

export interface InstallRedirectOptions {
  /**
   * Allow an emulator on another machine (default false: only a loopback URL is taken, since the
   * redirected requests carry the tool's OAuth refresh token, client secret and bearer tokens).
   */
  allowRemote?: boolean;
}

/**
 * Sends requests to `script.googleapis.com` and `oauth2.googleapis.com` (through `http`, `https` and
 * the global `fetch`) to the emulator at `emulatorUrl`; returns a function that undoes it. While it is
 * on, a request carrying a Google credential to any other Google host fails with a
 * GoogleCredentialBlockedError naming the host, and nothing of it is sent. Every other request goes
 * through the original functions untouched. Throws RedirectConfigError for an emulator URL that is not
 * loopback, unless `allowRemote`.
 */
export function installRedirect(emulatorUrl: string | URL, options: InstallRedirectOptions = {}): () => void {
  const emulator = parseEmulatorUrl(String(emulatorUrl));
  checkEmulatorLocal(emulator, options.allowRemote === true);
  const originals = {
    httpRequest: http.request,
    httpGet: http.get,
    httpsRequest: https.request,
    httpsGet: https.get,
    fetch: globalThis.fetch,
  };
  const send = (redirected: NonNullable<ReturnType<typeof redirectArgs>>): Http.ClientRequest => {
    const request = redirected.options.protocol === 'https:' ? originals.httpsRequest : originals.httpRequest;
    return redirected.callback === undefined
      ? request(redirected.options)
      : request(redirected.options, redirected.callback);
  };
  const wrap = (
    original: RequestFunction,
    request: RequestFunction,
    defaultProtocol: 'http:' | 'https:',
    end: boolean,
  ): RequestFunction =>
    function redirectingRequest(this: unknown, ...args: RequestArgs) {
      const call = describeCall(args, defaultProtocol);
      const redirected = call === undefined ? undefined : redirectArgs(call, emulator);
      if (call !== undefined && redirected === undefined && isGoogleHost(call.hostname)) {
        const url = URL.parse(call.path, `${call.protocol}//${call.hostname}`) ?? undefined;
        const what = credentialIn(url, call.options.headers as AnyHeaders, undefined);
        if (what !== undefined) return refusedRequest(request, call.hostname, what);
        // `get` is `request` + `end()`: done here, so the body check sees the end.
        const req = guardClientRequest(request.apply(this, args), call.hostname, url);
        if (end) req.end();
        return req;
      }
      if (redirected === undefined) return original.apply(this, args);
      const req = send(redirected);
      if (end) req.end();
      return req;
    };

  const httpRequest = originals.httpRequest as RequestFunction;
  const httpsRequest = originals.httpsRequest as RequestFunction;
  http.request = wrap(httpRequest, httpRequest, 'http:', false) as typeof http.request;
  http.get = wrap(originals.httpGet as RequestFunction, httpRequest, 'http:', true) as typeof http.get;
  https.request = wrap(httpsRequest, httpsRequest, 'https:', false) as typeof https.request;
  https.get = wrap(originals.httpsGet as RequestFunction, httpsRequest, 'https:', true) as typeof https.get;
  if (typeof originals.fetch === 'function') {
    const original = originals.fetch;
    globalThis.fetch = function redirectingFetch(input: RequestInfo | URL, init?: RequestInit) {
      const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      let url: URL;
      try {
        url = new URL(href);
      } catch {
        return original(input, init);
      }
      const target = redirectTarget(url, emulator);
      if (target === undefined) {
        return isGoogleHost(url.hostname) ? guardedFetch(original, input, init, url) : original(input, init);
      }
      if (input instanceof Request) return redirectedFetch(original, input, target, init);
      return original(target, init);
    };
  }
  const unguardUndici = guardUndici();
  // `import { request } from 'node:https'` reads the ESM copies of the exports; bring them up to date.
  syncBuiltinESMExports();

  return () => {
    unguardUndici();
    http.request = originals.httpRequest;
    http.get = originals.httpGet;
    https.request = originals.httpsRequest;
    https.get = originals.httpsGet;
    if (typeof originals.fetch === 'function') globalThis.fetch = originals.fetch;
    syncBuiltinESMExports();
  };
}

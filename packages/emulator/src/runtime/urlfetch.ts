// UrlFetchApp on the host: requests go out from the emulator's thread with the platform's fetch, to
// loopback hosts and to the hosts the emulator was started with (`allowFetch`, `--allow-fetch HOST`)
// only; any other host fails at once with Google's "Address unavailable". Redirects are followed by
// hand so that each hop is checked too. Google's limits: 50 MB a response, 60 s a request.
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { readCapped } from '@specbound/http/node';
import type { AppsScriptBackend } from '../apps-script/backend.ts';

const MAX_RESPONSE_BYTES = 50 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 60_000;
const MAX_REDIRECTS = 5;

const policies = new WeakMap<AppsScriptBackend, readonly string[]>();

/** The hosts besides loopback ones scripts may fetch from (emulator option `allowFetch`). */
export function allowFetch(b: AppsScriptBackend, hosts: readonly string[]): void {
  policies.set(
    b,
    hosts.map((h) => h.toLowerCase()),
  );
}

function allowed(b: AppsScriptBackend, url: URL): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\.\d+\.\d+\.\d+$/.test(host)
  )
    return true;
  return (policies.get(b) ?? []).includes(host);
}

export interface FetchParams {
  url: string;
  method?: string;
  payload?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
  muteHttpExceptions?: boolean;
  followRedirects?: boolean;
}

interface FetchedResponse {
  code: number;
  headers: Record<string, string>;
  text: string;
  base64: string;
}

function bodyOf(p: FetchParams): { body?: string | Uint8Array<ArrayBuffer>; type?: string } {
  const payload = p.payload;
  if (payload === undefined || payload === null) return {};
  if (typeof payload === 'string')
    return { body: payload, type: p.contentType ?? 'application/x-www-form-urlencoded' };
  if (Array.isArray(payload))
    return {
      body: Buffer.from(payload.map((n) => Number(n) & 0xff)),
      type: p.contentType ?? 'application/octet-stream',
    };
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(payload as Record<string, unknown>))
    form.append(key, String(value));
  return { body: form.toString(), type: p.contentType ?? 'application/x-www-form-urlencoded' };
}

/** The response's body through the one capped reader (`@specbound/http/node`), or Google's error past 50 MB. */
async function readLimited(response: Response): Promise<Buffer> {
  if (response.body === null) return Buffer.alloc(0);
  const stream = Readable.fromWeb(response.body as ReadableStream<Uint8Array>);
  const bytes = await readCapped(stream, MAX_RESPONSE_BYTES);
  if (bytes === undefined) {
    stream.destroy();
    throw new Error(`Response too large: more than ${MAX_RESPONSE_BYTES} bytes.`);
  }
  return bytes;
}

/** One UrlFetchApp.fetch: Google's exceptions for a refused host, a failure, or an error status. */
export async function urlFetch(b: AppsScriptBackend, p: FetchParams): Promise<FetchedResponse> {
  let url: URL;
  try {
    url = new URL(p.url);
  } catch {
    throw new Error(`Invalid argument: ${p.url}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`Invalid argument: ${p.url}`);
  const { body, type } = bodyOf(p);
  const method = (p.method ?? 'get').toUpperCase();
  const headers: Record<string, string> = { ...(p.headers ?? {}) };
  if (type !== undefined && body !== undefined) headers['content-type'] = type;
  let response: Response;
  for (let hop = 0; ; hop++) {
    if (!allowed(b, url)) throw new Error(`Address unavailable: ${url.href}`);
    try {
      response = await fetch(url, {
        method,
        headers,
        ...(body === undefined || method === 'GET' ? {} : { body }),
        redirect: 'manual',
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new Error(timedOut ? `Timeout: ${url.href}` : `Address unavailable: ${url.href}`);
    }
    const location = response.headers.get('location');
    if (p.followRedirects === false || location === null || response.status < 300 || response.status > 399)
      break;
    if (hop >= MAX_REDIRECTS) throw new Error(`Too many redirects: ${url.href}`);
    await response.body?.cancel();
    url = new URL(location, url);
  }
  const bytes = await readLimited(response);
  const text = bytes.toString('utf8');
  if (response.status >= 400 && p.muteHttpExceptions !== true)
    throw new Error(
      `Request failed for ${url.href} returned code ${response.status}. Truncated server response: ${text.slice(0, 100)} (use muteHttpExceptions option to examine full response)`,
    );
  return {
    code: response.status,
    headers: Object.fromEntries(response.headers),
    text,
    base64: bytes.toString('base64'),
  };
}

// The credential guard for code that uses the `undici` package itself (its `request`, `fetch`, `Pool`,
// ...), which neither the patched `http`/`https` modules nor the patched global `fetch` see. Every copy
// of undici (Node's own and any installed one) announces each request on the diagnostics channel
// `undici:request:create` before it connects; a request given an `error` there is aborted with it
// when its connection opens, before a byte of HTTP is written (undici's Request#onConnect). The
// redirect does not apply to these requests, so a credential for any Google host is refused.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { credentialIn, isGoogleHost } from './redirect-guard.ts';
import { GoogleCredentialBlockedError } from './redirect-install.ts';

const CREATE = 'undici:request:create';

/** The fields of undici's internal Request read here (undici 6 keeps headers as one string). */
interface UndiciRequest {
  origin?: unknown;
  path?: unknown;
  headers?: unknown;
  body?: unknown;
  error?: unknown;
}

/** undici's headers as a flat [name, value, ...] array. */
function flatHeaders(headers: unknown): string[] {
  if (Array.isArray(headers)) return headers.map(String);
  if (typeof headers !== 'string') return [];
  return headers
    .split('\r\n')
    .filter((line) => line.includes(':'))
    .flatMap((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]);
}

/** The body as text when it is already in memory; a stream cannot be read here without using it up. */
function bodyText(body: unknown): string | undefined {
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array)
    return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('latin1');
  return undefined;
}

function onCreate(message: unknown): void {
  const request = (message as { request?: UndiciRequest } | null)?.request;
  if (request === undefined || request === null) return;
  const url = URL.parse(String(request.path ?? '/'), String(request.origin ?? ''));
  if (url === null || !isGoogleHost(url.hostname)) return;
  const what = credentialIn(url, flatHeaders(request.headers), bodyText(request.body));
  if (what !== undefined) request.error = new GoogleCredentialBlockedError(url.hostname, what);
}

/** Starts refusing undici requests that carry a Google credential to Google; returns the undo. */
export function guardUndici(): () => void {
  subscribe(CREATE, onCreate);
  return () => unsubscribe(CREATE, onCreate);
}

// Forwarding a delivery to the local app, with the app's answer streamed back to the service: never
// held whole (a 1 GB answer passes through a few chunks at a time), cut off past `maxBytes`, and
// abandoned past `timeoutMs` (the whole exchange, answer included).
import type { IncomingHttpHeaders, IncomingMessage, RequestOptions, ServerResponse } from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { minorGc } from './gc.js';

export interface ForwardLimits {
  /** Largest answer relayed (default 10 MiB); a larger one is cut off. */
  maxBytes: number;
  /** The whole exchange, answer included (default 30 s). */
  timeoutMs: number;
}

export const DEFAULT_FORWARD_LIMITS: ForwardLimits = { maxBytes: 10 * 1024 * 1024, timeoutMs: 30_000 };

export interface ForwardOutcome {
  status?: number | undefined;
  error?: string | undefined;
}

// Headers that describe one hop, not the delivery: never forwarded (RFC 9110 §7.6.1).
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-connection',
  'host',
  'content-length',
]);

// A fetch `Headers` would do this too, but touching the global loads undici (about 12 MiB of RSS).
function forwardedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    // Repeated headers go out joined with ", " (RFC 9110 §5.3), as fetch would send them.
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

// Bytes relayed between two minor GCs (see gc.ts): the garbage of the relay stays under this.
const GC_EVERY_BYTES = 1024 * 1024;

/** Passes the answer through, counting: past `maxBytes` it fails, which cuts the relay. */
function capped(maxBytes: number): Transform {
  let size = 0;
  let sinceGc = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      sinceGc += chunk.length;
      if (sinceGc >= GC_EVERY_BYTES) {
        sinceGc = 0;
        minorGc();
      }
      if (size > maxBytes) done(new Error(`the forwarded answer is over ${maxBytes} bytes`));
      else done(null, chunk);
    },
  });
}

function answer502(res: ServerResponse, message: string): void {
  const body = JSON.stringify({ error: message });
  res.writeHead(502, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * node:http or node:https, loaded on use: `import 'node:http'` from ESM evaluates every export of
 * the module, whose lazy `WebSocket` getters load undici and http2 (about 12 MiB of RSS that a
 * listener does not need); `getBuiltinModule` returns the module without touching them.
 */
function sender(url: string): (url: string, options: RequestOptions) => import('node:http').ClientRequest {
  return new URL(url).protocol === 'https:'
    ? process.getBuiltinModule('node:https').request
    : process.getBuiltinModule('node:http').request;
}

/** The app's answer, or the error of a request that got none (the app down, or too slow). */
function post(url: string, headers: IncomingHttpHeaders, body: Buffer, signal: AbortSignal) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = sender(url)(url, {
      method: 'POST',
      headers: { ...forwardedHeaders(headers), 'content-length': String(body.length) },
      signal,
    });
    req.once('response', resolve);
    req.once('error', reject);
    req.end(body);
  });
}

/**
 * POSTs `body` to `url` and streams the answer into `res`; resolves to what happened. node:http
 * rather than fetch: the answer is piped socket to socket with Node's stream backpressure, without
 * a web-stream conversion per chunk (fetch's garbage kept a 1 GB relay near 180 MiB of RSS).
 */
export async function forward(
  url: string,
  headers: IncomingHttpHeaders,
  body: Buffer,
  res: ServerResponse,
  limits: ForwardLimits,
): Promise<ForwardOutcome> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let response: IncomingMessage;
  try {
    response = await post(url, headers, body, signal);
  } catch (error) {
    // The app is down (or too slow to answer): the service should retry later, as for any 5xx.
    answer502(res, 'the forwarded endpoint did not answer');
    return { error: error instanceof Error ? error.message : String(error) };
  }
  const status = response.statusCode ?? 502;
  const declared = Number(response.headers['content-length'] ?? Number.NaN);
  if (declared > limits.maxBytes) {
    response.destroy();
    answer502(res, `the forwarded answer is over ${limits.maxBytes} bytes`);
    return { status, error: `answer of ${declared} bytes is over the ${limits.maxBytes}-byte cap` };
  }
  res.writeHead(status, { 'content-type': response.headers['content-type'] ?? 'text/plain' });
  try {
    await pipeline(response, capped(limits.maxBytes), res, { signal });
    return { status };
  } catch (error) {
    // Headers are gone: the only way left to say "incomplete" is to cut the connection.
    response.destroy();
    res.destroy();
    return { status, error: error instanceof Error ? error.message : String(error) };
  }
}

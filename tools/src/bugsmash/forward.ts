// Forwarding a delivery to the local app, with the app's answer streamed back to the service: never
// held whole (a 1 GB answer passes through a few chunks at a time), cut off past `maxBytes`, and
// abandoned past `timeoutMs` (the whole exchange, answer included).
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

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

export function forwardedHeaders(headers: IncomingHttpHeaders): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    for (const item of Array.isArray(value) ? value : [value]) out.append(name, item);
  }
  return out;
}

function capped(maxBytes: number): Transform {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
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

/** POSTs `body` to `url` and streams the answer into `res`; resolves to what happened. */
export async function forward(
  url: string,
  headers: IncomingHttpHeaders,
  body: Buffer,
  res: ServerResponse,
  limits: ForwardLimits,
): Promise<ForwardOutcome> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: forwardedHeaders(headers),
      body: new Uint8Array(body),
      redirect: 'manual',
      signal,
    });
  } catch (error) {
    // The app is down: the service should retry later, as it would for any 5xx.
    answer502(res, 'the forwarded endpoint did not answer');
    return { error: error instanceof Error ? error.message : String(error) };
  }
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > limits.maxBytes) {
    await response.body?.cancel();
    answer502(res, `the forwarded answer is over ${limits.maxBytes} bytes`);
    return {
      status: response.status,
      error: `answer of ${declared} bytes is over the ${limits.maxBytes}-byte cap`,
    };
  }
  res.writeHead(response.status, { 'content-type': response.headers.get('content-type') ?? 'text/plain' });
  if (response.body === null) {
    res.end();
    return { status: response.status };
  }
  try {
    await pipeline(
      Readable.fromWeb(response.body as import('node:stream/web').ReadableStream),
      capped(limits.maxBytes),
      res,
    );
    return { status: response.status };
  } catch (error) {
    // Headers are gone: the only way left to say "incomplete" is to cut the connection.
    res.destroy();
    return { status: response.status, error: error instanceof Error ? error.message : String(error) };
  }
}

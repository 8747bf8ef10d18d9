// `webhooks listen`: a local receiver on 127.0.0.1 in the manner of `stripe listen --forward-to`.
// Every delivery's signature is checked with the client's verifier over the raw bytes; a verified
// delivery is reported and, with `forwardTo`, POSTed on with its original headers and body, and the
// service gets the forwarded endpoint's answer. A tampered, unsigned or stale delivery is reported
// as rejected and answered 400 (and never forwarded).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook, WebhookVerificationError } from '@specbound/bugsmash';

export interface Delivery {
  at: string;
  outcome: 'verified' | 'rejected';
  /** Why a delivery was rejected (the verifier's reason). */
  reason?: string | undefined;
  event?: string | undefined;
  /** The comment the event is about, when the payload names one. */
  commentId?: string | undefined;
  projectName?: string | undefined;
  test?: boolean | undefined;
  /** The status the service was answered with. */
  status: number;
  /** The forwarded endpoint's status, or the error when it could not be reached. */
  forwarded?: { url: string; status?: number | undefined; error?: string | undefined } | undefined;
}

export interface ListenOptions {
  secret: string;
  /** Default 0 (a free port). Always bound to 127.0.0.1. */
  port?: number | undefined;
  forwardTo?: string | undefined;
  /** Seconds a timestamp may be off (default: the verifier's, 300). */
  toleranceSeconds?: number | undefined;
  onDelivery: (delivery: Delivery) => void;
  /** Largest body accepted (default 1 MiB); larger answers 413. */
  maxBodyBytes?: number | undefined;
}

export interface Listener {
  url: string;
  port: number;
  close(): Promise<void>;
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

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        resolve(undefined);
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(size > limit ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function summary(body: Buffer): Pick<Delivery, 'event' | 'commentId' | 'projectName' | 'test'> {
  try {
    const payload = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    const comment = payload.comment as { comment_id?: unknown } | undefined;
    const project = payload.project as { name?: unknown } | undefined;
    return {
      event: typeof payload.event === 'string' ? payload.event : undefined,
      commentId: typeof comment?.comment_id === 'string' ? comment.comment_id : undefined,
      projectName: typeof project?.name === 'string' ? project.name : undefined,
      test: payload.test === true ? true : undefined,
    };
  } catch {
    return {};
  }
}

export async function listenForWebhooks(options: ListenOptions): Promise<Listener> {
  const limit = options.maxBodyBytes ?? 1024 * 1024;
  if (options.forwardTo !== undefined) new URL(options.forwardTo); // checked by the caller; fail early here too
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const at = new Date().toISOString();
    const answer = (status: number, body: string, contentType = 'application/json') => {
      res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
      res.end(body);
    };
    if (req.method !== 'POST') {
      answer(405, JSON.stringify({ error: 'POST deliveries only' }));
      return;
    }
    const body = await readBody(req, limit);
    if (body === undefined) {
      answer(413, JSON.stringify({ error: 'body too large' }));
      options.onDelivery({ at, outcome: 'rejected', reason: 'body too large', status: 413 });
      return;
    }
    try {
      await verifyWebhook({
        rawBody: body,
        headers: req.headers,
        secret: options.secret,
        requireTimestamp: true,
        ...(options.toleranceSeconds === undefined ? {} : { toleranceSeconds: options.toleranceSeconds }),
      });
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      answer(400, JSON.stringify({ error: 'signature verification failed', reason: error.reason }));
      options.onDelivery({ at, outcome: 'rejected', reason: error.reason, status: 400, ...summary(body) });
      return;
    }
    const about = summary(body);
    if (options.forwardTo === undefined) {
      answer(200, JSON.stringify({ received: true }));
      options.onDelivery({ at, outcome: 'verified', status: 200, ...about });
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name)) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
    }
    try {
      const response = await fetch(options.forwardTo, {
        method: 'POST',
        headers,
        body: new Uint8Array(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
      });
      const reply = Buffer.from(await response.arrayBuffer());
      res.writeHead(response.status, {
        'content-type': response.headers.get('content-type') ?? 'text/plain',
        'content-length': reply.length,
      });
      res.end(reply);
      options.onDelivery({
        at,
        outcome: 'verified',
        status: response.status,
        forwarded: { url: options.forwardTo, status: response.status },
        ...about,
      });
    } catch (error) {
      // The forwarded endpoint is down: the service should retry later, as it would for any 5xx.
      const message = error instanceof Error ? error.message : String(error);
      answer(502, JSON.stringify({ error: 'the forwarded endpoint did not answer' }));
      options.onDelivery({
        at,
        outcome: 'verified',
        status: 502,
        forwarded: { url: options.forwardTo, error: message },
        ...about,
      });
    }
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy(error instanceof Error ? error : undefined);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

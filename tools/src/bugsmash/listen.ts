// `webhooks listen`: a local receiver on 127.0.0.1 in the manner of `stripe listen --forward-to`.
// Every delivery's signature is checked over the raw bytes with a configurable scheme (BugSmash's
// real one is not public; the default is the emulator's), or not at all with `verify: false`. A
// verified delivery is reported and, with `forwardTo`, POSTed on with its original headers and body,
// the app's answer streamed back (capped, timed out). A bad delivery is answered 400, naming the
// headers it carried when the scheme's are missing, so the real scheme can be learnt; a delivery
// already accepted is answered 200 and not forwarded again. `onRaw` sees every delivery whole.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DEFAULT_SIGNATURE_HEADER,
  DEFAULT_TIMESTAMP_HEADER,
  DEFAULT_TOLERANCE_SECONDS,
  verifyWebhook,
  type WebhookScheme,
  WebhookVerificationError,
} from '@specbound/bugsmash';
import { readCapped } from '@specbound/http/node';
import { AcceptedDeliveries } from './dedupe.js';
import { DEFAULT_FORWARD_LIMITS, type ForwardLimits, forward } from './forward.js';

export interface Delivery {
  at: string;
  /** `skipped` with `verify: false`. */
  outcome: 'verified' | 'rejected' | 'skipped';
  /** Why a delivery was rejected (the verifier's reason). */
  reason?: string | undefined;
  /** With a missing signature or timestamp: the header names the delivery did carry. */
  headersSeen?: string[] | undefined;
  /** A repeat of a delivery already accepted: answered 200, not forwarded. */
  duplicate?: true | undefined;
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

/** A delivery as received: for printing whole (`--print-json`) and recording (`--record`). */
export interface RawDelivery {
  receivedAt: string;
  method: string;
  path: string;
  /** As received, except credentials (Authorization, Cookie, X-API-Key) replaced by `[REDACTED]`. */
  headers: Record<string, string | string[]>;
  body: Buffer;
  verification: { outcome: Delivery['outcome']; reason?: string | undefined };
}

export interface ListenOptions {
  /** The signing secret; not needed with `verify: false`. */
  secret?: string | undefined;
  /** How deliveries are signed (default: the emulator's scheme). */
  scheme?: WebhookScheme | undefined;
  /** `false` accepts and forwards every delivery unchecked (default true). */
  verify?: boolean | undefined;
  /** Header naming a delivery, for recognising repeats (default `X-BugSmash-Delivery`). */
  idHeader?: string | undefined;
  /** Default 0 (a free port). Always bound to 127.0.0.1. */
  port?: number | undefined;
  forwardTo?: string | undefined;
  /** Bounds of the forwarded answer (default 10 MiB, 30 s). */
  forwardLimits?: Partial<ForwardLimits> | undefined;
  /** Seconds a timestamp may be off (default: the verifier's, 300). */
  toleranceSeconds?: number | undefined;
  /** Each delivery once answered, with the delivery as received (none for a body over the limit). */
  onDelivery: (delivery: Delivery, raw?: RawDelivery) => void;
  /**
   * Every POSTed delivery, whole, before it is answered (a recorder): when it throws, the delivery
   * is answered 500, so the service sends it again and nothing is lost.
   */
  onRaw?: ((raw: RawDelivery) => void | Promise<void>) | undefined;
  /** Largest body accepted (default 1 MiB); larger answers 413. */
  maxBodyBytes?: number | undefined;
}

export interface Listener {
  url: string;
  port: number;
  /**
   * Sets the secret once known (a subscription created for this listener's own URL, after it got
   * its port); until then signed deliveries are answered 503, so the service retries.
   */
  setSecret(secret: string): void;
  close(): Promise<void>;
}

export const DEFAULT_DELIVERY_ID_HEADER = 'X-BugSmash-Delivery';
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-api-key']);

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

function redactedHeaders(req: IncomingMessage): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    out[name] = CREDENTIAL_HEADERS.has(name) ? '[REDACTED]' : value;
  }
  return out;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

type Check =
  | { ok: true }
  | { ok: false; reason: string; message: string; headersSeen?: string[] | undefined };

async function check(
  options: ListenOptions,
  secret: string,
  req: IncomingMessage,
  body: Buffer,
): Promise<Check> {
  try {
    await verifyWebhook({
      ...options.scheme,
      rawBody: body,
      headers: req.headers,
      secret,
      requireTimestamp: options.scheme?.timestampHeader !== false,
      ...(options.toleranceSeconds === undefined ? {} : { toleranceSeconds: options.toleranceSeconds }),
    });
    return { ok: true };
  } catch (error) {
    if (!(error instanceof WebhookVerificationError)) throw error;
    const missing = error.reason === 'missing_signature' || error.reason === 'missing_timestamp';
    return {
      ok: false,
      reason: error.reason,
      message: error.message,
      headersSeen: missing ? Object.keys(req.headers).sort() : undefined,
    };
  }
}

/** What every request of one listener shares: its options, limits and the deliveries it accepted. */
interface Receiver {
  options: ListenOptions;
  limit: number;
  verify: boolean;
  /** The signing secret, once known (`setSecret` may give it after the listener started). */
  secret: string | undefined;
  limits: ForwardLimits;
  accepted: AcceptedDeliveries;
}

/** One request: read (capped), verified, then answered, or forwarded, exactly once per delivery. */
async function handle(receiver: Receiver, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { options, limit } = receiver;
  const at = new Date().toISOString();
  if (req.method !== 'POST') return json(res, 405, { error: 'POST deliveries only' });
  const declared = Number(req.headers['content-length']);
  const body = declared > limit ? undefined : await readCapped(req, limit);
  if (body === undefined) {
    req.resume(); // the rest is read and dropped, so that the 413 reaches the service
    json(res, 413, { error: 'body too large' });
    options.onDelivery({ at, outcome: 'rejected', reason: 'body too large', status: 413 });
    return;
  }
  const raw = (verification: RawDelivery['verification']): RawDelivery => ({
    receivedAt: at,
    method: req.method ?? 'POST',
    path: req.url ?? '/',
    headers: redactedHeaders(req),
    body,
    verification,
  });
  const about = summary(body);
  if (receiver.verify && receiver.secret === undefined) {
    res.setHeader('retry-after', '1');
    return json(res, 503, { error: 'not ready: the signing secret is not known yet' });
  }
  const checked: Check = receiver.verify
    ? await check(options, receiver.secret ?? '', req, body)
    : { ok: true };
  if (!checked.ok) {
    const { reason, message, headersSeen } = checked;
    const received = raw({ outcome: 'rejected', reason });
    await options.onRaw?.(received);
    json(res, 400, {
      error: 'signature verification failed',
      reason,
      message,
      ...(headersSeen ? { headersSeen } : {}),
    });
    options.onDelivery({ at, outcome: 'rejected', reason, headersSeen, status: 400, ...about }, received);
    return;
  }
  const outcome = receiver.verify ? 'verified' : 'skipped';
  const received = raw({ outcome });
  await options.onRaw?.(received);
  await answer(receiver, { req, res, body, received }, { at, outcome }, about);
}

/** A verified delivery: a duplicate is acknowledged again, a new one accepted or forwarded. */
async function answer(
  receiver: Receiver,
  request: { req: IncomingMessage; res: ServerResponse; body: Buffer; received: RawDelivery },
  { at, outcome }: Pick<Delivery, 'at' | 'outcome'>,
  about: ReturnType<typeof summary>,
): Promise<void> {
  const { options, accepted } = receiver;
  const { req, res, body, received } = request;
  const keys = accepted.keys(req.headers);
  if (accepted.seen(keys)) {
    json(res, 200, { received: true, duplicate: true });
    options.onDelivery({ at, outcome, duplicate: true, status: 200, ...about }, received);
    return;
  }
  if (options.forwardTo === undefined) {
    json(res, 200, { received: true });
    accepted.accept(keys);
    options.onDelivery({ at, outcome, status: 200, ...about }, received);
    return;
  }
  const result = await forward(options.forwardTo, req.headers, body, res, receiver.limits);
  const status = res.statusCode;
  if (status >= 200 && status < 300 && result.error === undefined) accepted.accept(keys);
  const forwarded = { url: options.forwardTo, ...result };
  options.onDelivery({ at, outcome, status, forwarded, ...about }, received);
}

export async function listenForWebhooks(options: ListenOptions): Promise<Listener> {
  if (options.forwardTo !== undefined) new URL(options.forwardTo); // checked by the caller; fail early here too
  const receiver: Receiver = {
    options,
    limit: options.maxBodyBytes ?? 1024 * 1024,
    verify: options.verify !== false,
    secret: options.secret,
    limits: { ...DEFAULT_FORWARD_LIMITS, ...options.forwardLimits },
    accepted: new AcceptedDeliveries({
      idHeader: options.idHeader ?? DEFAULT_DELIVERY_ID_HEADER,
      signatureHeader: options.scheme?.signatureHeader ?? DEFAULT_SIGNATURE_HEADER,
      timestampHeader: options.scheme?.timestampHeader ?? DEFAULT_TIMESTAMP_HEADER,
      toleranceSeconds: options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS,
    }),
  };
  // Not `import { createServer } from 'node:http'`: that loads undici and http2 (see forward.ts).
  const server = process.getBuiltinModule('node:http').createServer((req, res) => {
    handle(receiver, req, res).catch((error: unknown) => {
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
    setSecret: (value) => {
      receiver.secret = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

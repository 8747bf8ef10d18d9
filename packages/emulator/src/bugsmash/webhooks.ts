// Webhook deliveries: signed with the default scheme `@specbound/bugsmash` verifies
// (`X-BugSmash-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">`,
// `X-BugSmash-Timestamp: <unix seconds>`), POSTed to loopback URLs only (redirects not followed),
// each carrying `X-BugSmash-Delivery: <uuid>`, one id per delivery that stays the same on every retry
// (its timestamp and signature are new each attempt), so a receiver can drop a retry of a delivery it
// already accepted; retried with backoff, through a bounded pool: at most `concurrency` attempts are in flight at once
// (a burst of events queues instead of opening a socket per delivery and running the emulator out
// of file descriptors); a delivery waiting for its retry holds no slot.
import { createHmac, randomUUID } from 'node:crypto';
import type { BsWebhook } from './model.ts';

export interface DeliveryRecord {
  id: number;
  /** Sent as `X-BugSmash-Delivery`, the same on every attempt of this delivery. */
  deliveryId: string;
  webhookId: string;
  event: string;
  url: string;
  attempts: number;
  outcome: 'pending' | 'delivered' | 'failed' | 'refused';
  lastStatus?: number;
  lastError?: string;
  at: string;
}

export interface WebhookOptions {
  /** Retries after the first attempt (default 3). */
  retries: number;
  /** First backoff; doubles each retry (default 250 ms). */
  backoffMs: number;
  /** Per-attempt timeout (default 5 s). */
  timeoutMs: number;
  /** Checks a payload against the spec's webhook schema; returns problems. */
  validate: (event: string, payload: unknown) => string[];
  /** Called with problems when a payload breaks the spec (an emulator bug). */
  onViolation: (event: string, problems: string[]) => void;
  /** The emulator's own origin: deliveries there are refused. */
  ownOrigin?: () => string;
  /** Attempts in flight at once (default 8). */
  concurrency?: number;
}

const DEFAULT_DELIVERY_CONCURRENCY = 8;

/** A counting semaphore: `acquire` resolves when a slot is free; `release` hands it to the next. */
class Slots {
  #free: number;
  readonly #waiting: (() => void)[] = [];
  constructor(size: number) {
    this.#free = size;
  }
  acquire(): Promise<void> {
    if (this.#free > 0) {
      this.#free--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }
  release(): void {
    const next = this.#waiting.shift();
    if (next === undefined) this.#free++;
    else next();
  }
}

function signPayload(secret: string, rawBody: string, timestamp: number): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

function isLoopbackUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && LOOPBACK.has(parsed.hostname);
  } catch {
    return false;
  }
}

/** A URL that reaches the emulator itself (its own port on a loopback name). */
export function isOwnOrigin(url: string, origin: string): boolean {
  try {
    const target = new URL(url);
    const own = new URL(origin);
    const port = (u: URL) => u.port || (u.protocol === 'https:' ? '443' : '80');
    return LOOPBACK.has(target.hostname) && port(target) === port(own);
  } catch {
    return false;
  }
}

export class WebhookDispatcher {
  readonly #options: WebhookOptions;
  readonly #log: DeliveryRecord[] = [];
  readonly #inflight = new Set<Promise<void>>();
  readonly #timers = new Map<NodeJS.Timeout, () => void>();
  readonly #slots: Slots;
  #nextId = 1;
  #closed = false;

  constructor(options: WebhookOptions) {
    this.#options = options;
    this.#slots = new Slots(options.concurrency ?? DEFAULT_DELIVERY_CONCURRENCY);
  }

  /** Queues one delivery per webhook subscribed to the event; returns how many were queued. */
  dispatch(webhooks: readonly BsWebhook[], event: string, payload: Record<string, unknown>): number {
    const body = { event, ...payload };
    const problems = this.#options.validate(event, body);
    if (problems.length > 0) this.#options.onViolation(event, problems);
    let count = 0;
    for (const hook of webhooks) {
      if (!(hook.events as readonly string[]).includes(event)) continue;
      count++;
      const record: DeliveryRecord = {
        id: this.#nextId++,
        deliveryId: randomUUID(),
        webhookId: hook.id,
        event,
        url: hook.webhook_url,
        attempts: 0,
        outcome: 'pending',
        at: new Date().toISOString(),
      };
      this.#log.push(record);
      if (this.#log.length > 1_000) this.#log.shift();
      if (!isLoopbackUrl(hook.webhook_url)) {
        // The emulator never reaches out past this machine.
        record.outcome = 'refused';
        record.lastError = 'only loopback URLs receive deliveries from the emulator';
        continue;
      }
      const own = this.#options.ownOrigin?.();
      if (own !== undefined && isOwnOrigin(hook.webhook_url, own)) {
        // A delivery to the emulator itself could reset or fault it.
        record.outcome = 'refused';
        record.lastError = 'deliveries to the emulator itself are refused';
        continue;
      }
      const task = this.#deliver(hook, JSON.stringify(body), record).finally(() =>
        this.#inflight.delete(task),
      );
      this.#inflight.add(task);
    }
    return count;
  }

  deliveries(): DeliveryRecord[] {
    return this.#log.map((r) => ({ ...r }));
  }

  /** Resolves when every queued delivery has finished (delivered or out of retries). */
  async idle(): Promise<void> {
    while (this.#inflight.size > 0) await Promise.allSettled([...this.#inflight]);
  }

  async close(): Promise<void> {
    this.#closed = true;
    // Wake sleeping retries so they see `closed` and stop.
    for (const [timer, wake] of this.#timers) {
      clearTimeout(timer);
      wake();
    }
    this.#timers.clear();
    await Promise.allSettled([...this.#inflight]);
  }

  async #deliver(hook: BsWebhook, raw: string, record: DeliveryRecord): Promise<void> {
    for (let attempt = 0; attempt <= this.#options.retries && !this.#closed; attempt++) {
      if (attempt > 0) await this.#sleep(this.#options.backoffMs * 2 ** (attempt - 1));
      if (this.#closed) break;
      await this.#slots.acquire();
      try {
        if (this.#closed) break;
        if (await this.#attempt(hook, raw, record)) return;
      } finally {
        this.#slots.release();
      }
    }
    record.outcome = 'failed';
  }

  /** One POST; true when the receiver answered 2xx. */
  async #attempt(hook: BsWebhook, raw: string, record: DeliveryRecord): Promise<boolean> {
    record.attempts++;
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      const response = await fetch(hook.webhook_url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'BugSmash-Webhooks (specbound emulator)',
          'x-bugsmash-signature': signPayload(hook.secret, raw, timestamp),
          'x-bugsmash-timestamp': String(timestamp),
          'x-bugsmash-delivery': record.deliveryId,
        },
        body: raw,
        // Never follow a redirect: a loopback receiver answering 3xx must not steer the emulator
        // to another host. A 3xx counts as a failed attempt, as with BugSmash's own deliveries.
        redirect: 'manual',
        signal: AbortSignal.timeout(this.#options.timeoutMs),
      });
      record.lastStatus = response.status;
      await response.body?.cancel();
      if (response.ok) {
        record.outcome = 'delivered';
        return true;
      }
    } catch (error) {
      record.lastError = error instanceof Error ? error.message : String(error);
    }
    return false;
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        resolve();
      }, ms);
      this.#timers.set(timer, resolve);
    });
  }
}

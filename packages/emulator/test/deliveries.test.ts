// Outgoing webhook deliveries through a bounded pool: a burst of events never has more than
// `concurrency` requests open at once (a socket each), every delivery still arrives, and a failed
// attempt is retried as documented without holding a slot while it waits.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { BsWebhook } from '../src/bugsmash/model.ts';
import { WebhookDispatcher } from '../src/bugsmash/webhooks.ts';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A receiver that holds each request 20 ms; counts open requests and fails the first `failFirst` of each URL. */
async function receiver(failFirst: number) {
  let open = 0;
  let maxOpen = 0;
  const attempts = new Map<string, number>();
  const headers: Record<string, string | string[] | undefined>[] = [];
  const server = createServer((req, res) => {
    headers.push(req.headers);
    open++;
    maxOpen = Math.max(maxOpen, open);
    req.resume();
    const n = (attempts.get(req.url ?? '') ?? 0) + 1;
    attempts.set(req.url ?? '', n);
    setTimeout(() => {
      open--;
      res.statusCode = n <= failFirst ? 503 : 200;
      res.end();
    }, 20);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  const port = (server.address() as AddressInfo).port;
  return { base: `http://127.0.0.1:${port}`, maxOpen: () => maxOpen, headers };
}

function hooks(base: string, count: number): BsWebhook[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `w${i}`,
    webhook_url: `${base}/hook/${i}`,
    events: ['new_comment'],
    secret: `whsec_${i}_0123456789`,
  })) as BsWebhook[];
}

describe('webhook deliveries', () => {
  it('a burst of 120 deliveries keeps at most `concurrency` open and delivers every one, retries included', async () => {
    const target = await receiver(1);
    const dispatcher = new WebhookDispatcher({
      retries: 2,
      backoffMs: 10,
      timeoutMs: 5_000,
      concurrency: 6,
      validate: () => [],
      onViolation: () => undefined,
    });
    closers.push(() => dispatcher.close());
    expect(dispatcher.dispatch(hooks(target.base, 120), 'new_comment', { comment: {} })).toBe(120);
    await dispatcher.idle();
    const log = dispatcher.deliveries();
    expect(log.filter((d) => d.outcome === 'delivered')).toHaveLength(120);
    expect(new Set(log.map((d) => d.attempts))).toEqual(new Set([2]));
    expect(target.maxOpen()).toBeLessThanOrEqual(6);
    expect(target.maxOpen()).toBeGreaterThan(1);
  });

  it('defaults to a pool of 8', async () => {
    const target = await receiver(0);
    const dispatcher = new WebhookDispatcher({
      retries: 0,
      backoffMs: 10,
      timeoutMs: 5_000,
      validate: () => [],
      onViolation: () => undefined,
    });
    closers.push(() => dispatcher.close());
    dispatcher.dispatch(hooks(target.base, 40), 'new_comment', {});
    await dispatcher.idle();
    expect(target.maxOpen()).toBe(8);
  });

  it('sends one X-BugSmash-Delivery id per delivery, the same on each of its retries', async () => {
    const target = await receiver(2);
    const dispatcher = new WebhookDispatcher({
      retries: 2,
      backoffMs: 10,
      timeoutMs: 5_000,
      validate: () => [],
      onViolation: () => undefined,
    });
    closers.push(() => dispatcher.close());
    dispatcher.dispatch(hooks(target.base, 2), 'new_comment', {});
    await dispatcher.idle();
    const log = dispatcher.deliveries();
    expect(log.map((d) => [d.outcome, d.attempts])).toEqual([
      ['delivered', 3],
      ['delivered', 3],
    ]);
    const [first, second] = log.map((d) => d.deliveryId);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
    const sent = target.headers.map((h) => h['x-bugsmash-delivery']).sort();
    expect(sent).toEqual([first, first, first, second, second, second].sort());
  });
});

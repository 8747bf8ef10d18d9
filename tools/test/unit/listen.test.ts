import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWebhook } from '@specbound/bugsmash';
import { afterEach, describe, expect, it } from 'vitest';
import { type Delivery, type Listener, listenForWebhooks } from '../../src/bugsmash/listen.js';

const SECRET = 'whsec_unit_0123456789abcdef';
const body = JSON.stringify({
  event: 'new_comment',
  project: { name: 'Site' },
  comment: { comment_id: 'c1' },
});
const now = () => Math.floor(Date.now() / 1000);
let listener: Listener | undefined;
afterEach(async () => {
  await listener?.close();
  listener = undefined;
});

async function post(url: string, headers: Record<string, string>, payload = body) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: payload,
  });
}

describe('listenForWebhooks', () => {
  it('answers 200 to a verified delivery and reports it; 400 with the reason to a bad one', async () => {
    const seen: Delivery[] = [];
    listener = await listenForWebhooks({ secret: SECRET, onDelivery: (d) => seen.push(d) });
    expect(listener.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const good = await post(
      listener.url,
      await signWebhook({ rawBody: body, secret: SECRET, timestamp: now() }),
    );
    expect(good.status).toBe(200);
    const wrongSecret = await post(
      listener.url,
      await signWebhook({ rawBody: body, secret: 'whsec_other_0123456789', timestamp: now() }),
    );
    expect(wrongSecret.status).toBe(400);
    expect(await wrongSecret.json()).toMatchObject({ reason: 'signature_mismatch' });
    const stale = await post(
      listener.url,
      await signWebhook({ rawBody: body, secret: SECRET, timestamp: now() - 600 }),
    );
    expect(stale.status).toBe(400);
    const noTimestamp = await post(listener.url, await signWebhook({ rawBody: body, secret: SECRET }));
    expect(noTimestamp.status).toBe(400);
    const get = await fetch(listener.url);
    expect(get.status).toBe(405);
    expect(seen.map((d) => [d.outcome, d.status, d.reason])).toEqual([
      ['verified', 200, undefined],
      ['rejected', 400, 'signature_mismatch'],
      ['rejected', 400, 'stale_timestamp'],
      ['rejected', 400, 'missing_timestamp'],
    ]);
    expect(seen[0]).toMatchObject({ event: 'new_comment', commentId: 'c1', projectName: 'Site' });
  });

  it('forwards the exact bytes and headers, relays the answer; 502 when the endpoint is down', async () => {
    let got: { headers: Record<string, unknown>; body: string } | undefined;
    const target = createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => {
        text += c.toString('utf8');
      });
      req.on('end', () => {
        got = { headers: req.headers, body: text };
        res.writeHead(418, { 'content-type': 'application/json' }).end('{"teapot":true}');
      });
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const forwardTo = `http://127.0.0.1:${(target.address() as AddressInfo).port}/in`;
    const seen: Delivery[] = [];
    listener = await listenForWebhooks({ secret: SECRET, forwardTo, onDelivery: (d) => seen.push(d) });
    const headers = await signWebhook({ rawBody: body, secret: SECRET, timestamp: now() });
    const answer = await post(listener.url, { ...headers, 'x-extra': 'yes' });
    expect(answer.status).toBe(418);
    expect(await answer.json()).toEqual({ teapot: true });
    expect(got?.body).toBe(body);
    expect(got?.headers['x-extra']).toBe('yes');
    expect(got?.headers['x-bugsmash-signature']).toBe(headers['X-BugSmash-Signature']);
    await new Promise((resolve) => target.close(resolve));
    const down = await post(
      listener.url,
      await signWebhook({ rawBody: body, secret: SECRET, timestamp: now() }),
    );
    expect(down.status).toBe(502);
    expect(seen.map((d) => d.forwarded?.status ?? d.forwarded?.error)).toEqual([418, expect.any(String)]);
  });

  it('refuses a body over the limit with 413', async () => {
    const seen: Delivery[] = [];
    listener = await listenForWebhooks({ secret: SECRET, maxBodyBytes: 64, onDelivery: (d) => seen.push(d) });
    const big = 'x'.repeat(1000);
    const answer = await post(
      listener.url,
      await signWebhook({ rawBody: big, secret: SECRET, timestamp: now() }),
      big,
    );
    expect(answer.status).toBe(413);
    expect(seen[0]).toMatchObject({ outcome: 'rejected', status: 413 });
  });

  it('refuses with 413 a chunked body (no length declared) once it passes the limit', async () => {
    const seen: Delivery[] = [];
    listener = await listenForWebhooks({ secret: SECRET, maxBodyBytes: 64, onDelivery: (d) => seen.push(d) });
    const parts = [body, 'x'.repeat(100), 'y'.repeat(100)].map((part) => new TextEncoder().encode(part));
    const answer = await fetch(listener.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        pull(controller) {
          const part = parts.shift();
          if (part === undefined) controller.close();
          else controller.enqueue(part);
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(answer.status).toBe(413);
    expect(seen).toMatchObject([{ outcome: 'rejected', reason: 'body too large', status: 413 }]);
  });
});

// `listenForWebhooks` against the real service's unknowns: a scheme named by the user, --no-verify,
// the 400 that names the headers seen, repeats answered 200 and not forwarded again, the app's answer
// streamed back with a size cap and a timeout, and deliveries recorded and replayed.
import { readdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWebhook } from '@specbound/bugsmash';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type Delivery,
  type Listener,
  listenForWebhooks,
  type RawDelivery,
} from '../../src/bugsmash/listen.js';
import { printable, readRecorded, recordDelivery, replayDelivery } from '../../src/bugsmash/recorded.js';
import { tempDir } from '../support/temp-dir.js';

const SECRET = 'whsec_unit_0123456789abcdef';
const body = JSON.stringify({ event: 'new_comment', comment: { comment_id: 'c1' } });
const now = () => Math.floor(Date.now() / 1000);
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function listen(options: Partial<Parameters<typeof listenForWebhooks>[0]> = {}) {
  const seen: { delivery: Delivery; raw?: RawDelivery | undefined }[] = [];
  const listener: Listener = await listenForWebhooks({
    secret: SECRET,
    onDelivery: (delivery, raw) => seen.push({ delivery, raw }),
    ...options,
  });
  closers.push(() => listener.close());
  return { listener, seen };
}

/** A local app: answers each POST with `reply(res)`; counts the requests it got. */
async function app(reply: (res: import('node:http').ServerResponse) => void) {
  let hits = 0;
  const server: Server = createServer((req, res) => {
    hits++;
    req.resume();
    req.on('end', () => reply(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, hits: () => hits };
}

const post = (url: string, headers: Record<string, string>, payload = body) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: payload });

describe('a scheme you can configure and learn', () => {
  it('verifies with the named headers, algorithm, encoding and prefix, without a timestamp', async () => {
    const scheme = {
      signatureHeader: 'X-Hook-Sig',
      timestampHeader: false as const,
      algorithm: 'SHA-512' as const,
      encoding: 'base64' as const,
      prefix: '',
    };
    const { listener, seen } = await listen({ scheme });
    const ok = await post(listener.url, await signWebhook({ ...scheme, rawBody: body, secret: SECRET }));
    expect(ok.status).toBe(200);
    // Signed with the emulator's default scheme: the header this scheme expects is missing.
    const other = await post(
      listener.url,
      await signWebhook({ rawBody: body, secret: SECRET, timestamp: now() }),
    );
    expect(other.status).toBe(400);
    const answer = (await other.json()) as { reason: string; message: string; headersSeen: string[] };
    expect(answer.reason).toBe('missing_signature');
    expect(answer.message).toMatch(/X-Hook-Sig/);
    expect(answer.headersSeen).toEqual(
      expect.arrayContaining(['x-bugsmash-signature', 'x-bugsmash-timestamp']),
    );
    expect(seen.map((s) => s.delivery.outcome)).toEqual(['verified', 'rejected']);
    expect(seen[1]?.delivery.headersSeen).toEqual(answer.headersSeen);
  });

  it('answers 503 (retry) until the secret of a subscription made for it is set', async () => {
    const { listener } = await listen({ secret: undefined });
    const headers = await signWebhook({ rawBody: body, secret: SECRET, timestamp: now() });
    const early = await post(listener.url, headers);
    expect([early.status, early.headers.get('retry-after')]).toEqual([503, '1']);
    listener.setSecret(SECRET);
    expect((await post(listener.url, headers)).status).toBe(200);
  });

  it('--no-verify accepts and forwards an unsigned delivery, marked skipped', async () => {
    const target = await app((res) => res.end('ok'));
    const { listener, seen } = await listen({ secret: undefined, verify: false, forwardTo: target.url });
    const answer = await post(listener.url, {});
    expect(answer.status).toBe(200);
    expect(target.hits()).toBe(1);
    expect(seen[0]?.delivery).toMatchObject({ outcome: 'skipped', status: 200, forwarded: { status: 200 } });
  });
});

describe('deliveries already accepted', () => {
  it('a repeat (same signature and timestamp, or same delivery id) is answered 200 and not forwarded', async () => {
    const target = await app((res) => res.end('ok'));
    const { listener, seen } = await listen({ forwardTo: target.url });
    const headers = await signWebhook({ rawBody: body, secret: SECRET, timestamp: now() });
    expect((await post(listener.url, headers)).status).toBe(200);
    const again = await post(listener.url, headers);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(target.hits()).toBe(1);
    // A retry re-signed with a new timestamp but the same delivery id.
    const first = await signWebhook({ rawBody: body, secret: SECRET, timestamp: now() - 5 });
    const retry = await signWebhook({ rawBody: body, secret: SECRET, timestamp: now() });
    await post(listener.url, { ...first, 'x-bugsmash-delivery': 'd-42' });
    await post(listener.url, { ...retry, 'x-bugsmash-delivery': 'd-42' });
    expect(target.hits()).toBe(2);
    expect(seen.map((s) => s.delivery.duplicate ?? false)).toEqual([false, true, false, true]);
  });

  it('a delivery the app failed is not accepted: its retry is forwarded again', async () => {
    let status = 500;
    const target = await app((res) => {
      res.statusCode = status;
      res.end();
    });
    const { listener } = await listen({ forwardTo: target.url });
    const headers = await signWebhook({ rawBody: body, secret: SECRET, timestamp: now() });
    expect((await post(listener.url, headers)).status).toBe(500);
    status = 200;
    expect((await post(listener.url, headers)).status).toBe(200);
    expect(target.hits()).toBe(2);
  });
});

describe('forwarding with bounds', () => {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  it('streams a large answer through, and cuts one over the cap (declared or not)', async () => {
    const streamed = (total: number) => (res: import('node:http').ServerResponse) => {
      let sent = 0;
      const pump = () => {
        while (sent < total) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    };
    const big = await app(streamed(8 * 1024 * 1024));
    const { listener } = await listen({ forwardTo: big.url, forwardLimits: { maxBytes: 16 * 1024 * 1024 } });
    const headers = await signWebhook({ rawBody: body, secret: SECRET, timestamp: now() });
    const relayed = await post(listener.url, headers);
    expect(relayed.status).toBe(200);
    expect((await relayed.arrayBuffer()).byteLength).toBe(8 * 1024 * 1024);

    const huge = await app(streamed(64 * 1024 * 1024));
    const capped = await listen({ forwardTo: huge.url, forwardLimits: { maxBytes: 1024 * 1024 } });
    const cut = await post(capped.listener.url, headers)
      .then((r) => r.arrayBuffer())
      .then(
        () => 'complete',
        () => 'cut',
      );
    expect(cut).toBe('cut');
    expect(capped.seen[0]?.delivery.forwarded?.error).toMatch(/over 1048576 bytes/);

    const declared = await app((res) => {
      res.writeHead(200, { 'content-length': String(4 * 1024 * 1024) });
      res.end(Buffer.alloc(4 * 1024 * 1024));
    });
    const refused = await listen({ forwardTo: declared.url, forwardLimits: { maxBytes: 1024 } });
    expect((await post(refused.listener.url, headers)).status).toBe(502);
  });

  it('cuts an answer over the cap, says which cap, and relays the next delivery', async () => {
    let calls = 0;
    const target = await app((res) => {
      calls++;
      // The first answer: 4 MiB, undeclared (chunked); then a small one.
      if (calls === 1) res.write(Buffer.alloc(4 * 1024 * 1024, 'x'), () => res.end());
      else res.end('ok');
    });
    const { listener, seen } = await listen({
      forwardTo: target.url,
      forwardLimits: { maxBytes: 1024 * 1024 },
    });
    const headers = await signWebhook({ rawBody: body, secret: SECRET, timestamp: now() });
    const cut = await post(listener.url, headers)
      .then((r) => r.arrayBuffer())
      .then(
        (bytes) => bytes.byteLength,
        () => 'cut',
      );
    expect(cut).toBe('cut');
    expect(seen[0]?.delivery.forwarded?.error).toBe('the forwarded answer is over 1048576 bytes');
    // The cut delivery was not accepted: the service's retry goes through, on the same listener.
    const retried = await post(listener.url, headers);
    expect(retried.status).toBe(200);
    expect(await retried.text()).toBe('ok');
    expect(seen[1]?.delivery).toMatchObject({ status: 200, forwarded: { status: 200 } });
    expect(seen[1]?.delivery.forwarded?.error).toBeUndefined();
  });

  it('gives up on an app slower than the timeout with 502', async () => {
    const slow = await app((res) => setTimeout(() => res.end('late'), 2_000));
    const { listener, seen } = await listen({ forwardTo: slow.url, forwardLimits: { timeoutMs: 200 } });
    const headers = await signWebhook({ rawBody: body, secret: SECRET, timestamp: now() });
    expect((await post(listener.url, headers)).status).toBe(502);
    expect(seen[0]?.delivery.forwarded?.error).toBeDefined();
  });
});

describe('recording and replaying', () => {
  it('records raw bytes and headers (credentials redacted); replays as recorded or re-signed', async () => {
    const { dir, cleanup } = await tempDir('record-');
    closers.push(cleanup);
    let n = 0;
    const target = await app((res) => res.end('ok'));
    const { listener, seen } = await listen({
      forwardTo: target.url,
      onRaw: async (raw) => void (await recordDelivery(dir, raw, ++n)),
    });
    const bytes = `${body}\u00e9`;
    // Signed 10 s ago, so a re-signed replay (a fresh timestamp) differs from it.
    const headers = await signWebhook({ rawBody: bytes, secret: SECRET, timestamp: now() - 10 });
    await post(listener.url, { ...headers, authorization: 'Bearer top-secret-token' }, bytes);
    expect(await readdir(dir)).toHaveLength(1);
    const [recorded] = await readRecorded(dir);
    expect(Buffer.from(recorded?.delivery.bodyBase64 ?? '', 'base64').toString('utf8')).toBe(bytes);
    expect(recorded?.delivery.headers).toMatchObject({ authorization: '[REDACTED]' });
    expect(recorded?.delivery.verification).toEqual({ outcome: 'verified' });
    expect(JSON.stringify(recorded)).not.toContain('top-secret-token');
    const line = printable(seen[0]?.raw as RawDelivery);
    expect(line).toMatchObject({ body: bytes, verification: { outcome: 'verified' } });

    // As recorded: the same signature and timestamp, a repeat the listener does not forward again.
    const delivery = recorded?.delivery;
    if (delivery === undefined) throw new Error('nothing recorded');
    expect(await replayDelivery(delivery, { to: listener.url })).toEqual({ status: 200, resigned: false });
    expect(target.hits()).toBe(1);
    // Re-signed: a fresh timestamp, verified and forwarded.
    expect(await replayDelivery(delivery, { to: listener.url, secret: SECRET })).toEqual({
      status: 200,
      resigned: true,
    });
    expect(target.hits()).toBe(2);
    expect(seen.map((s) => s.delivery.duplicate ?? false)).toEqual([false, true, false]);
  });
});

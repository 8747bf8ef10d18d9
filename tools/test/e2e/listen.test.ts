// `webhooks listen` end to end: deliveries from the emulator's `webhooks test` verified and
// printed, tampered and stale ones rejected with 400, verified ones forwarded with their original
// headers and body, and the service answered as the forwarded endpoint answered.

import { readdir, readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { signWebhook } from '@specbound/bugsmash';
import { DEFAULT_BUGSMASH_API_KEY } from '@specbound/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Delivery, listenForWebhooks } from '../../src/bugsmash/listen.js';
import { background, control } from './bs-helpers.js';
import { type Harness, startHarness } from './harness.js';

let h: Harness;
const KEY = { BUGSMASH_API_KEY: DEFAULT_BUGSMASH_API_KEY };
const bs = (args: string[]) => h.run(['bs', ...args], { env: KEY });

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

beforeAll(async () => {
  h = await startHarness();
  await control(h, 'POST', '/reset');
});
afterAll(async () => {
  await h?.close();
});

async function secretFile(url: string): Promise<{ file: string; secret: string }> {
  const dir = await h.tempDir();
  const file = join(dir, 'whsec');
  const created = await bs(['webhooks', 'create', '--url', url, '--secret-out', file]);
  expect(created.code, created.stderr).toBe(0);
  return { file, secret: (await readFile(file, 'utf8')).trim() };
}

describe('webhooks listen', () => {
  it('verifies deliveries from webhooks test, prints NDJSON, rejects tampered and stale ones with 400', async () => {
    // The port is chosen first so the webhook can be created before the listener starts.
    const port = await freePort();
    const { file, secret } = await secretFile(`http://127.0.0.1:${port}/`);
    // In-process (the CLI's main with its own streams and a stop signal); the forwarding test below
    // runs the bin and stops it with SIGINT.
    const listen = h.start(
      ['--json', 'bs', 'webhooks', 'listen', '--port', String(port), '--secret-file', file],
      {
        env: KEY,
      },
    );
    try {
      await listen.waitForStderr(/listening on http:\/\/127\.0\.0\.1:(\d+)\//);
      const test = await bs(['webhooks', 'test', '--event', 'comment_replied']);
      expect(test.code, test.stderr).toBe(0);
      await listen.waitForStdout(/"outcome":"verified"/);
      await h.emulator.webhooksIdle();
      const delivered = h.emulator.deliveries().filter((d) => d.url === `http://127.0.0.1:${port}/`);
      expect(delivered.map((d) => [d.event, d.outcome, d.lastStatus])).toEqual([
        ['comment_replied', 'delivered', 200],
      ]);

      const body = JSON.stringify({ event: 'new_comment', comment: { comment_id: 'x' } });
      const headers = await signWebhook({ rawBody: body, secret, timestamp: Math.floor(Date.now() / 1000) });
      const tampered = await fetch(`http://127.0.0.1:${port}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: body.replace('new_comment', 'status_changed'),
      });
      expect(tampered.status).toBe(400);
      const stale = await signWebhook({
        rawBody: body,
        secret,
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      });
      const old = await fetch(`http://127.0.0.1:${port}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...stale },
        body,
      });
      expect(old.status).toBe(400);
      const unsigned = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body });
      expect(unsigned.status).toBe(400);
      await listen.waitForStdout(/(?:"outcome":"rejected"[^\n]*\n[^\n]*){3}/);
      const lines = listen
        .stdout()
        .trim()
        .split('\n')
        .map(
          (l) =>
            JSON.parse(l) as {
              outcome: string;
              event?: string;
              test?: boolean;
              status: number;
              reason?: string;
            },
        );
      expect(lines.map((l) => [l.outcome, l.status])).toEqual([
        ['verified', 200],
        ['rejected', 400],
        ['rejected', 400],
        ['rejected', 400],
      ]);
      expect(lines[0]).toMatchObject({ event: 'comment_replied', test: true });
      expect(lines.slice(1).map((l) => l.reason)).toEqual([
        'signature_mismatch',
        expect.any(String),
        expect.any(String),
      ]);
      expect(listen.stdout() + listen.stderr()).not.toContain(secret);
    } finally {
      expect(await listen.stop()).toBe(0);
    }
  });

  it('forwards verified deliveries with the original headers and body and answers as the endpoint did', async () => {
    const received: Received[] = [];
    const target = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8').on('data', (c: string) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(202, { 'content-type': 'text/plain' }).end('queued by the app');
      });
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const forwardTo = `http://127.0.0.1:${(target.address() as AddressInfo).port}/hooks/bugsmash`;
    const port = await freePort();
    const { file, secret } = await secretFile(`http://127.0.0.1:${port}/`);
    const listen = background(h, [
      'bs',
      'webhooks',
      'listen',
      '--port',
      String(port),
      '--secret-file',
      file,
      '--forward-to',
      forwardTo,
    ]);
    try {
      await listen.waitForStderr(/forwarding to/);
      const body = JSON.stringify({
        event: 'status_changed',
        previous_status: 'Active',
        comment: { comment_id: 'c1' },
      });
      const headers = await signWebhook({ rawBody: body, secret, timestamp: Math.floor(Date.now() / 1000) });
      const answer = await fetch(`http://127.0.0.1:${port}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'abc-123', ...headers },
        body,
      });
      expect(answer.status).toBe(202);
      expect(await answer.text()).toBe('queued by the app');
      expect(received).toHaveLength(1);
      expect(received[0]?.body).toBe(body);
      expect(received[0]?.headers['x-request-id']).toBe('abc-123');
      for (const [name, value] of Object.entries(headers))
        expect(received[0]?.headers[name.toLowerCase()]).toBe(value);

      // A delivery from the emulator goes the same way; the emulator sees the endpoint's 202.
      await bs(['webhooks', 'test', '--event', 'new_comment']);
      await h.emulator.webhooksIdle();
      expect(received).toHaveLength(2);
      const delivery = h.emulator.deliveries().find((d) => d.url === `http://127.0.0.1:${port}/`);
      expect(delivery).toMatchObject({ outcome: 'delivered', lastStatus: 202 });

      // A tampered delivery is not forwarded.
      const bad = await fetch(`http://127.0.0.1:${port}/`, {
        method: 'POST',
        headers: { ...headers },
        body: `${body} `,
      });
      expect(bad.status).toBe(400);
      expect(received).toHaveLength(2);
      await listen.waitForStdout(/rejected/);
      expect(listen.stdout()).toMatch(
        /verified\s+status_changed comment c1 → http:\/\/127\.0\.0\.1:\d+\/hooks\/bugsmash 202 → 202/,
      );
    } finally {
      expect(await listen.stop()).toBe(0);
      await new Promise((resolve) => target.close(resolve));
    }
  });

  it('--print-json prints each delivery whole, --record writes it, and `webhooks replay` sends it again', async () => {
    const secret = 'whsec_e2e_print_0123456789';
    const dir = await h.tempDir();
    const env = { ...KEY, BUGSMASH_WEBHOOK_SECRET: secret };
    const listen = h.start(['bs', 'webhooks', 'listen', '--print-json', '--record', join(dir, 'rec')], {
      env,
    });
    try {
      const [, url] = await listen.waitForStderr(/listening on (http:\/\/127\.0\.0\.1:\d+\/)/);
      const body = JSON.stringify({ event: 'new_comment', comment: { comment_id: 'p1' } });
      // Signed 10 s ago, so a re-signed replay (a fresh timestamp) differs from it.
      const headers = await signWebhook({
        rawBody: body,
        secret,
        timestamp: Math.floor(Date.now() / 1000) - 10,
      });
      const sent = await fetch(url as string, {
        method: 'POST',
        headers: { ...headers, 'x-api-key': 'sk_live_hidden' },
        body,
      });
      expect(sent.status).toBe(200);
      await listen.waitForStdout(/"receivedAt"/);
      const line = JSON.parse(listen.stdout().trim().split('\n')[0] ?? '') as Record<string, unknown>;
      expect(line).toMatchObject({ body, verification: { outcome: 'verified' }, status: 200 });
      expect(line.headers).toMatchObject({
        'x-bugsmash-signature': headers['X-BugSmash-Signature'],
        'x-api-key': '[REDACTED]',
      });
      const [file] = await readdir(join(dir, 'rec'));
      const recorded = join(dir, 'rec', file ?? '');
      const replayed = await h.run(['bs', 'webhooks', 'replay', recorded, '--to', url as string], {
        env,
      });
      expect(replayed.code, replayed.stderr).toBe(0);
      expect(replayed.stdout).toMatch(/\.json → 200\n/);
      const resigned = await h.run(
        ['bs', 'webhooks', 'replay', recorded, '--to', url as string, '--resign'],
        { env },
      );
      expect(resigned.stdout).toMatch(/→ 200 \(re-signed\)/);
      await listen.waitForStdout(/(?:receivedAt[^\n]*\n[^\n]*){3}/);
      const lines = listen
        .stdout()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { duplicate?: boolean });
      expect(lines.map((l) => l.duplicate === true)).toEqual([false, true, false]);
      expect(listen.stdout() + listen.stderr() + replayed.stdout + resigned.stdout).not.toContain(secret);
      expect(listen.stdout()).not.toContain('sk_live_hidden');
    } finally {
      expect(await listen.stop()).toBe(0);
    }
  });

  it('--no-verify accepts an unsigned delivery with a warning each time; a 400 names the headers seen', async () => {
    const open = h.start(['bs', 'webhooks', 'listen', '--no-verify'], { env: KEY });
    const strict = h.start(['bs', 'webhooks', 'listen', '--signature-header', 'X-Real-Sig'], {
      env: { ...KEY, BUGSMASH_WEBHOOK_SECRET: 'whsec_e2e_strict_0123456789' },
    });
    try {
      const [, openUrl] = await open.waitForStderr(/listening on (http:\/\/127\.0\.0\.1:\d+\/)/);
      for (let i = 0; i < 2; i++)
        expect((await fetch(openUrl as string, { method: 'POST', body: `{"n":${i}}` })).status).toBe(200);
      await open.waitForStderr(/(?:without verification[^\n]*\n[^\n]*){2}/);
      const [, strictUrl] = await strict.waitForStderr(/listening on (http:\/\/127\.0\.0\.1:\d+\/)/);
      const refused = await fetch(strictUrl as string, {
        method: 'POST',
        headers: { 'x-hub-signature-256': 'sha256=00' },
        body: '{}',
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        reason: 'missing_signature',
        headersSeen: expect.arrayContaining(['x-hub-signature-256']),
      });
      await strict.waitForStdout(/headers seen: .*x-hub-signature-256/);
    } finally {
      expect(await open.stop()).toBe(0);
      expect(await strict.stop()).toBe(0);
    }
  });

  it('--create subscribes the listener on the port it got, writes --secret-out, and removes it on exit', async () => {
    const dir = await h.tempDir();
    const out = join(dir, 'whsec');
    const listen = h.start(
      ['bs', 'webhooks', 'listen', '--create', '--events', 'new_comment', '--secret-out', out],
      { env: KEY },
    );
    let url = '';
    try {
      [, url = ''] = await listen.waitForStderr(/subscribed webhook \S+ → (http:\/\/127\.0\.0\.1:\d+\/)/);
      const hooks = (await bs(['webhooks', 'ls', '--json'])).json<
        { webhook_url?: string; webhookUrl?: string }[]
      >();
      expect(hooks.map((w) => w.webhook_url ?? w.webhookUrl)).toContain(url);
      const secret = (await readFile(out, 'utf8')).trim();
      expect((await stat(out)).mode & 0o777).toBe(0o600);
      expect((await bs(['webhooks', 'test', '--event', 'new_comment'])).code).toBe(0);
      await listen.waitForStdout(/verified\s+new_comment \(test\)/);
      expect(listen.stdout() + listen.stderr()).not.toContain(secret);
    } finally {
      expect(await listen.stop()).toBe(0);
    }
    expect(listen.stderr()).toMatch(/removed webhook/);
    const after = (await bs(['webhooks', 'ls', '--json'])).json<
      { webhook_url?: string; webhookUrl?: string }[]
    >();
    expect(after.map((w) => w.webhook_url ?? w.webhookUrl)).not.toContain(url);
    // --secret-out never overwrites: refused before anything is created.
    const again = await h.run(['bs', 'webhooks', 'listen', '--create', '--secret-out', out], { env: KEY });
    expect(again.code).toBe(2);
    expect((await bs(['webhooks', 'ls', '--json'])).json<unknown[]>()).toHaveLength(after.length);
  });

  it('refuses to start without a secret (exit 2) and with a bad --forward-to', async () => {
    const none = await h.run(['bs', 'webhooks', 'listen'], {
      env: { ...KEY, BUGSMASH_WEBHOOK_SECRET: undefined },
    });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('BUGSMASH_WEBHOOK_SECRET');
    const bad = await h.run(['bs', 'webhooks', 'listen', '--forward-to', 'ftp://x'], {
      env: { ...KEY, BUGSMASH_WEBHOOK_SECRET: 'whsec_0123456789' },
    });
    expect(bad.code).toBe(2);
  });

  it('a retried delivery (same X-BugSmash-Delivery, new timestamp and signature) reaches the app once', async () => {
    await control(h, 'POST', '/reset'); // only this test's webhook is subscribed
    let forwarded = 0;
    const app = createServer((req, res) => {
      req.resume().on('end', () => {
        forwarded++;
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    const seen: Delivery[] = [];
    const listener = await listenForWebhooks({
      forwardTo: `http://127.0.0.1:${(app.address() as AddressInfo).port}/`,
      onDelivery: (d) => seen.push(d),
    });
    // Between the emulator and the listener, a hop that loses the listener's first 200: the
    // emulator sees 503 and retries the delivery, in the next second (so with a new signature).
    const attempts: IncomingHttpHeaders[] = [];
    const hop = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      attempts.push(req.headers);
      const pick = ['content-type', 'x-bugsmash-signature', 'x-bugsmash-timestamp', 'x-bugsmash-delivery'];
      const headers = Object.fromEntries(pick.map((name) => [name, String(req.headers[name])]));
      const answer = await fetch(listener.url, { method: 'POST', headers, body: Buffer.concat(chunks) });
      await answer.arrayBuffer();
      if (attempts.length > 1) return void res.writeHead(answer.status).end();
      setTimeout(() => res.writeHead(503).end(), 1010 - (Date.now() % 1000));
    });
    await new Promise<void>((resolve) => hop.listen(0, '127.0.0.1', resolve));
    try {
      const hopUrl = `http://127.0.0.1:${(hop.address() as AddressInfo).port}/`;
      const { secret } = await secretFile(hopUrl);
      listener.setSecret(secret);
      expect((await bs(['webhooks', 'test', '--event', 'new_comment'])).code).toBe(0);
      await h.emulator.webhooksIdle();
      expect(attempts).toHaveLength(2);
      const [first, retry] = attempts;
      expect(retry?.['x-bugsmash-delivery']).toMatch(/^[0-9a-f-]{36}$/);
      expect(retry?.['x-bugsmash-delivery']).toBe(first?.['x-bugsmash-delivery']);
      expect(retry?.['x-bugsmash-timestamp']).not.toBe(first?.['x-bugsmash-timestamp']);
      expect(seen.map((d) => [d.outcome, d.status, d.duplicate])).toEqual([
        ['verified', 200, undefined],
        ['verified', 200, true],
      ]);
      expect(forwarded).toBe(1);
      const [delivery] = h.emulator.deliveries().filter((d) => d.url === hopUrl);
      expect(delivery).toMatchObject({ outcome: 'delivered', attempts: 2 });
      expect(delivery?.deliveryId).toBe(first?.['x-bugsmash-delivery']);
    } finally {
      await listener.close();
      hop.close();
      app.close();
    }
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

import { createHmac } from 'node:crypto';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type ParsedWebhookEvent,
  parseWebhookEvent,
  signWebhook,
  type VerifyWebhookOptions,
  verifyWebhook,
  WebhookVerificationError,
  type WebhookVerificationReason,
} from '../src/index.js';

const secret = 'whsec_test_0123456789';
const now = 1_769_846_310; // Unix seconds
const clock = () => now * 1000;
const rawBody = JSON.stringify({ event: 'new_comment', comment: { comment_id: 'c1', comment: 'Hi' } });

// `null`: sign the body alone, without a timestamp.
async function signed(body: string | Uint8Array = rawBody, timestamp: number | null = now) {
  return signWebhook({ rawBody: body, secret, timestamp: timestamp ?? undefined });
}

async function reason(options: VerifyWebhookOptions): Promise<WebhookVerificationReason> {
  const error = await verifyWebhook({ now: clock, ...options }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  const failure = error as WebhookVerificationError;
  expect(failure.message).not.toContain(secret);
  // parseWebhookEvent fails the same way: no event comes out of a bad delivery.
  await expect(parseWebhookEvent({ now: clock, ...options })).rejects.toMatchObject({
    reason: failure.reason,
  });
  return failure.reason;
}

describe('signWebhook / verifyWebhook (default scheme)', () => {
  it('signs sha256=<hex HMAC-SHA256 of "<timestamp>.<body>"> with the timestamp header', async () => {
    const headers = await signed();
    const expected = createHmac('sha256', secret).update(`${now}.${rawBody}`).digest('hex');
    expect(headers).toEqual({
      'X-BugSmash-Signature': `sha256=${expected}`,
      'X-BugSmash-Timestamp': String(now),
    });
    const bodyOnly = await signed(rawBody, null);
    expect(bodyOnly).toEqual({
      'X-BugSmash-Signature': `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`,
    });
  });

  it('accepts a good delivery: string or bytes body, Headers or Node-style lower-case headers', async () => {
    const headers = await signed();
    await expect(
      verifyWebhook({ rawBody, headers: new Headers(headers), secret, now: clock }),
    ).resolves.toBeUndefined();
    const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    await expect(
      verifyWebhook({ rawBody: new TextEncoder().encode(rawBody), headers: lower, secret, now: clock }),
    ).resolves.toBeUndefined();
    await expect(
      verifyWebhook({ rawBody, headers: await signed(rawBody, null), secret, now: clock }),
    ).resolves.toBeUndefined();
  });

  it('rejects a flipped byte in the body', async () => {
    const bytes = new TextEncoder().encode(rawBody);
    const headers = await signed(bytes);
    const flipped = bytes.slice();
    flipped[10] = (flipped[10] ?? 0) ^ 0x01;
    expect(await reason({ rawBody: flipped, headers, secret })).toBe('signature_mismatch');
  });

  it('rejects a wrong secret', async () => {
    expect(await reason({ rawBody, headers: await signed(), secret: `${secret}x` })).toBe(
      'signature_mismatch',
    );
  });

  it('rejects a missing or empty signature header', async () => {
    const { 'X-BugSmash-Timestamp': timestamp = '' } = await signed();
    expect(await reason({ rawBody, headers: { 'X-BugSmash-Timestamp': timestamp }, secret })).toBe(
      'missing_signature',
    );
    expect(
      await reason({
        rawBody,
        headers: { 'X-BugSmash-Signature': '', 'X-BugSmash-Timestamp': timestamp },
        secret,
      }),
    ).toBe('missing_signature');
  });

  it('rejects a truncated signature header', async () => {
    const headers = await signed();
    const signature = headers['X-BugSmash-Signature'] ?? '';
    expect(
      await reason({
        rawBody,
        headers: { ...headers, 'X-BugSmash-Signature': signature.slice(0, -2) },
        secret,
      }),
    ).toBe('signature_mismatch');
    expect(
      await reason({
        rawBody,
        headers: { ...headers, 'X-BugSmash-Signature': signature.slice(0, -1) },
        secret,
      }),
    ).toBe('malformed_signature');
    expect(
      await reason({ rawBody, headers: { ...headers, 'X-BugSmash-Signature': 'sha256=' }, secret }),
    ).toBe('malformed_signature');
    expect(
      await reason({ rawBody, headers: { ...headers, 'X-BugSmash-Signature': signature.slice(7) }, secret }),
    ).toBe('malformed_signature');
  });

  it('rejects a stale (or far-future) timestamp, and a timestamp that was changed', async () => {
    const old = await signed(rawBody, now - 301);
    expect(await reason({ rawBody, headers: old, secret })).toBe('stale_timestamp');
    expect(await reason({ rawBody, headers: await signed(rawBody, now + 301), secret })).toBe(
      'stale_timestamp',
    );
    await expect(
      verifyWebhook({ rawBody, headers: old, secret, now: clock, toleranceSeconds: 600 }),
    ).resolves.toBeUndefined();
    await expect(
      verifyWebhook({ rawBody, headers: old, secret, now: clock, toleranceSeconds: false }),
    ).resolves.toBeUndefined();
    // Moving an old delivery's timestamp forward breaks its signature.
    expect(await reason({ rawBody, headers: { ...old, 'X-BugSmash-Timestamp': String(now) }, secret })).toBe(
      'signature_mismatch',
    );
    expect(await reason({ rawBody, headers: { ...old, 'X-BugSmash-Timestamp': 'yesterday' }, secret })).toBe(
      'invalid_timestamp',
    );
  });

  it('can require the timestamp', async () => {
    const headers = await signed(rawBody, null);
    expect(await reason({ rawBody, headers, secret, requireTimestamp: true })).toBe('missing_timestamp');
  });

  it('refuses an empty secret', async () => {
    expect(await reason({ rawBody, headers: await signed(), secret: '' })).toBe('missing_secret');
  });
});

describe('a misused verifyWebhook', () => {
  it.each([
    ['a parsed body', { rawBody: JSON.parse(rawBody) }],
    ['no body', { rawBody: undefined }],
    ['no headers', { headers: undefined }],
    ['a numeric secret', { secret: 12345 }],
    ['a NaN tolerance (which would skip the staleness check)', { toleranceSeconds: Number.NaN }],
    ['a negative tolerance', { toleranceSeconds: -1 }],
    ['an unknown algorithm', { algorithm: 'MD5' }],
    ['an unknown encoding', { encoding: 'base32' }],
    ['an empty signature header name', { signatureHeader: '' }],
  ])('fails with invalid_options for %s, yielding no event', async (_, bad) => {
    const good = { rawBody, headers: await signed(), secret, now: clock };
    expect(await reason({ ...good, ...(bad as object) } as VerifyWebhookOptions)).toBe('invalid_options');
  });

  it('treats an unset secret (an empty environment variable) as missing', async () => {
    const headers = await signed();
    for (const missing of [undefined, null]) {
      expect(await reason({ rawBody, headers, secret: missing as unknown as string })).toBe('missing_secret');
    }
  });

  it("reads another realm's Headers (anything with get())", async () => {
    const headers = new Headers(await signed());
    const foreign = { get: (name: string) => headers.get(name) };
    await expect(
      verifyWebhook({ rawBody, headers: foreign as unknown as Headers, secret, now: clock }),
    ).resolves.toBeUndefined();
  });
});

describe('a configured scheme', () => {
  const scheme = {
    signatureHeader: 'X-Hub-Signature',
    timestampHeader: false,
    algorithm: 'SHA-512',
    encoding: 'base64',
    prefix: '',
  } as const;

  it('agrees between signWebhook and verifyWebhook and matches node:crypto', async () => {
    const headers = await signWebhook({ rawBody, secret, timestamp: now, ...scheme });
    expect(headers).toEqual({
      'X-Hub-Signature': createHmac('sha512', secret).update(rawBody).digest('base64'),
    });
    await expect(verifyWebhook({ rawBody, headers, secret, ...scheme })).resolves.toBeUndefined();
    expect(await reason({ rawBody: `${rawBody} `, headers, secret, ...scheme })).toBe('signature_mismatch');
  });

  it('accepts one of several comma-separated signatures (secret rotation)', async () => {
    const good = (await signed())['X-BugSmash-Signature'];
    const headers = {
      'X-BugSmash-Signature': `sha256=${'0'.repeat(64)}, ${good}`,
      'X-BugSmash-Timestamp': String(now),
    };
    await expect(verifyWebhook({ rawBody, headers, secret, now: clock })).resolves.toBeUndefined();
  });
});

describe('parseWebhookEvent', () => {
  it('returns the typed event of a verified delivery', async () => {
    const event = await parseWebhookEvent({ rawBody, headers: await signed(), secret, now: clock });
    expectTypeOf(event).toEqualTypeOf<ParsedWebhookEvent>();
    expect(event).toEqual({ type: 'new_comment', payload: JSON.parse(rawBody) });
    if (event.type === 'new_comment') expectTypeOf(event.payload.event).toEqualTypeOf<'new_comment'>();
  });

  it('returns an unknown event when the payload names no known event', async () => {
    for (const body of [
      JSON.stringify({ event: 'priority_changed', x: 1 }),
      JSON.stringify({ comment: 'Hi' }),
    ]) {
      const event = await parseWebhookEvent({
        rawBody: body,
        headers: await signed(body),
        secret,
        now: clock,
      });
      expect(event.type).toBe('unknown');
      expect(event).toEqual({ type: 'unknown', event: JSON.parse(body).event, payload: JSON.parse(body) });
    }
  });

  it('rejects a signed body that is not a JSON object', async () => {
    for (const body of ['not json', '[1,2]', 'null']) {
      await expect(
        parseWebhookEvent({ rawBody: body, headers: await signed(body), secret, now: clock }),
      ).rejects.toMatchObject({ name: 'WebhookVerificationError', reason: 'invalid_payload' });
    }
  });
});

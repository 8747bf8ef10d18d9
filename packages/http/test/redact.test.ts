import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redact, redactDeep, redactUrl } from '../src/redact.js';

describe('redact', () => {
  it('replaces every occurrence of a secret', () => {
    expect(redact('token abc and abc again', ['abc'])).toBe('token [REDACTED] and [REDACTED] again');
  });

  it('replaces percent-encoded and form-encoded forms', () => {
    const secret = 'a b/c+d~*';
    const url = new URL('https://example.test/x');
    url.searchParams.set('key', secret);
    expect(redact(url.toString(), [secret])).toBe('https://example.test/x?key=[REDACTED]');
    expect(redact(`/p/${encodeURIComponent(secret)}`, [secret])).toBe('/p/[REDACTED]');
  });

  it('ignores empty secrets and replaces longer secrets first', () => {
    expect(redact('abcdef', ['', 'abc', 'abcdef'])).toBe('[REDACTED]');
    expect(redact('text', [])).toBe('text');
  });

  it('never leaves a secret in the output (property)', () => {
    fc.assert(
      // Lower case only, so that no generated secret can be part of the "[REDACTED]" placeholder.
      fc.property(
        fc.string({ minLength: 1, unit: fc.constantFrom(...'abcxyz0189-_ ~+/%!*()&=?') }),
        fc.string(),
        fc.string(),
        (secret, before, after) => {
          const form = new URLSearchParams({ q: secret }).toString();
          const text = `${before}${secret}${after}?q=${encodeURIComponent(secret)}&${form}`;
          const out = redact(text, [secret]);
          expect(out).not.toContain(secret);
          expect(out).not.toContain(encodeURIComponent(secret));
          expect(out).not.toContain(form.slice(2));
        },
      ),
    );
  });
});

describe('redactUrl', () => {
  it('masks credential-like query values even when not listed as secrets', () => {
    expect(redactUrl('https://x.test/v1/a?key=K1&pageToken=P&access_token=T#frag', [])).toBe(
      'https://x.test/v1/a?key=[REDACTED]&pageToken=P&access_token=[REDACTED]#frag',
    );
    expect(redactUrl('https://x.test/?api_key=1&X-API-Key=2&apiKey=3&fields=a', [])).toBe(
      'https://x.test/?api_key=[REDACTED]&X-API-Key=[REDACTED]&apiKey=[REDACTED]&fields=a',
    );
  });

  it('works inside free text and also removes listed secrets', () => {
    // The value runs to the next whitespace, `&` or `#`: over-redacting a colon beats leaking.
    expect(redactUrl('connect failed for https://x.test/p?key=abc: refused (token t0k3n)', ['t0k3n'])).toBe(
      'connect failed for https://x.test/p?key=[REDACTED] refused (token [REDACTED])',
    );
  });
});

describe('redactDeep', () => {
  it('redacts strings inside plain objects and arrays', () => {
    const body = { error: { message: 'bad key s3cr3t', details: ['s3cr3t', 1, null] } };
    expect(redactDeep(body, ['s3cr3t'])).toEqual({
      error: { message: 'bad key [REDACTED]', details: ['[REDACTED]', 1, null] },
    });
  });

  it('returns the value untouched when there is nothing to redact', () => {
    const body = { a: 1 };
    expect(redactDeep(body, [])).toBe(body);
  });
});

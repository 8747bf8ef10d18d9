import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redact, redactDeep, redactHeaders, redactUrl, SUBSTRING_MIN_LENGTH } from '../src/redact.js';

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

  // Secrets as credentials are: long, from the characters keys and tokens use (lower case only, so
  // that none can be part of the "[REDACTED]" placeholder).
  const realSecret = fc.string({
    minLength: SUBSTRING_MIN_LENGTH,
    maxLength: 40,
    unit: fc.constantFrom(...'abcxyz0189-_ ~+/%!*()&=?.'),
  });

  it('removes every occurrence of a real secret, however it is glued or encoded (property)', () => {
    fc.assert(
      fc.property(realSecret, fc.string(), fc.string(), (secret, before, after) => {
        const form = new URLSearchParams({ q: secret }).toString();
        const text = `${before}${secret}${after}?q=${encodeURIComponent(secret)}&${form}${secret}`;
        const out = redact(text, [secret]);
        expect(out).not.toContain(secret);
        expect(out).not.toContain(encodeURIComponent(secret));
        expect(out).not.toContain(form.slice(2));
      }),
    );
  });

  it('leaves a message without the secret unchanged (property)', () => {
    fc.assert(
      fc.property(fc.oneof(realSecret, fc.string({ minLength: 1 })), fc.string(), (secret, text) => {
        const spellings = [
          secret,
          encodeURIComponent(secret),
          new URLSearchParams({ q: secret }).toString().slice(2),
        ];
        fc.pre(spellings.every((form) => !text.includes(form)));
        expect(redact(text, [secret])).toBe(text);
      }),
    );
  });

  const word = fc.stringMatching(/^[a-z0-9]{1,12}$/);
  const separator = fc.constantFrom(' ', '=', '&', ':', '/', '@', '?', '.', ', ', '"');

  it('removes a short secret where it stands whole, and leaves the words that only contain it (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9]{1,7}$/),
        fc.array(fc.tuple(word, separator), { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 4 }),
        (secret, pairs, at) => {
          // Words other than the secret (it may still occur inside them), and the secret itself.
          const words = pairs.map(([text, sep]) => [text === secret ? `${text}x` : text, sep] as const);
          const clean = words.map(([text, sep]) => text + sep).join('');
          expect(redact(clean, [secret])).toBe(clean);
          const planted = [...words];
          for (const index of at) planted.splice(index % (planted.length + 1), 0, [secret, ' ']);
          const text = planted.map(([part, sep]) => part + sep).join('');
          const expected = planted
            .map(([part, sep]) => (part === secret ? '[REDACTED]' : part) + sep)
            .join('');
          expect(redact(text, [secret])).toBe(expected);
        },
      ),
    );
  });

  it('does not mangle a URL or a message with a one-letter token', () => {
    const message = 'GET http://127.0.0.1:8080/v1/projects/abc failed: connect ECONNREFUSED';
    expect(redact(message, ['t'])).toBe(message);
    expect(redact('Authorization: Bearer t', ['t'])).toBe('Authorization: Bearer [REDACTED]');
    expect(redact('http://u:t@127.0.0.1/?key=t&sort=t1', ['t'])).toBe(
      'http://u:[REDACTED]@127.0.0.1/?key=[REDACTED]&sort=t1',
    );
  });

  it('leaves words of any script that only contain a short secret', () => {
    // Google localises its messages: a one-letter token must not be cut out of "été" or "Straße".
    const message = 'Accès refusé: été, Straße, Zugriff für t verweigert, 令牌t无效, доступt';
    expect(redact(message, ['t'])).toBe(
      'Accès refusé: été, Straße, Zugriff für [REDACTED] verweigert, 令牌t无效, доступt',
    );
    expect(redact('½ß and ß', ['ß'])).toBe('½ß and [REDACTED]');
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

  it('keeps array indices and the length of an array when a short secret is a digit', () => {
    const out = redactDeep({ ids: ['a', 'b', 'key 1'] }, ['1']) as { ids: string[] };
    expect(Array.isArray(out.ids)).toBe(true);
    expect(out.ids).toEqual(['a', 'b', 'key [REDACTED]']);
    expect(out.ids).toHaveLength(3);
  });

  it('copies a value with nothing to redact unchanged, and masks credentials in quoted URLs', () => {
    const body = { a: 1, b: ['text'] };
    expect(redactDeep(body, [])).toEqual(body);
    expect(redactDeep({ message: 'bad key in https://x.test/v1?api_key=K1&page=2' }, [])).toEqual({
      message: 'bad key in https://x.test/v1?api_key=[REDACTED]&page=2',
    });
  });
});

describe('redactDeep at any depth', () => {
  const SECRET = 's3cr3t';

  it.each([21, 25, 100, 100_000])(
    'redacts a secret nested %i levels deep',
    (levels) => {
      // Built as text: JSON.parse takes any depth (JSON.stringify would overflow the stack).
      let text = `"token ${SECRET}"`;
      for (let i = 0; i < levels; i++) text = i % 2 === 0 ? `{"child":${text}}` : `[${text}]`;
      const body: unknown = JSON.parse(text);
      const out = redactDeep(body, [SECRET]);
      let leaf: unknown = out;
      for (let i = levels - 1; i >= 0; i--) {
        leaf = i % 2 === 0 ? (leaf as { child: unknown }).child : (leaf as unknown[])[0];
      }
      expect(leaf).toBe('token [REDACTED]');
      // 100,000 levels built, parsed and walked took over vitest's 5 s default under a load average of 20.
    },
    30_000,
  );

  it('redacts object keys and keeps "__proto__" as a plain property', () => {
    const body = JSON.parse(`{"${SECRET}": 1, "__proto__": {"x": "${SECRET}"}}`);
    const out = redactDeep(body, [SECRET]) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['[REDACTED]', '__proto__']);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({ x: '[REDACTED]' });
  });

  it('copies cycles as cycles, without recursing for ever', () => {
    const body: Record<string, unknown> = { message: SECRET, list: [] };
    body.self = body;
    (body.list as unknown[]).push(body, { back: body });
    const out = redactDeep(body, [SECRET]) as Record<string, unknown>;
    expect(out.message).toBe('[REDACTED]');
    expect(out.self).toBe(out);
    expect((out.list as unknown[])[0]).toBe(out);
    expect(((out.list as unknown[])[1] as { back: unknown }).back).toBe(out);
    expect(body.message).toBe(SECRET);
  });

  it('never leaves a secret anywhere in a JSON value (property)', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 30 }),
        // Non-ASCII short secrets: fc.jsonValue's own strings (ASCII) can never contain one glued to a word.
        fc.constantFrom('sécret', 'ü1', 'sk-live-0189xyz'),
        (value, secret) => {
          // Plant the secret in every string and key: glued to the text when it is long, as a word when short.
          const glue = secret.length >= SUBSTRING_MIN_LENGTH ? '' : ' ';
          const planted = JSON.parse(
            JSON.stringify(value, (_key, item: unknown) =>
              typeof item === 'string' ? `${item}${glue}${secret}` : item,
            ) ?? 'null',
          );
          expect(JSON.stringify(redactDeep(planted, [secret]))).not.toContain(secret);
        },
      ),
    );
  });
});

describe('redactHeaders', () => {
  it('masks credential-like headers whole and redacts secrets in the others', () => {
    const headers = new Headers({
      authorization: 'Bearer anything',
      'x-api-key': 'anything',
      'set-cookie': 'session=abc',
      'x-echo': 'sent tok-1 back',
      'content-type': 'application/json',
    });
    const out = redactHeaders(headers, ['tok-1']);
    expect(Object.fromEntries(out)).toEqual({
      authorization: '[REDACTED]',
      'x-api-key': '[REDACTED]',
      'set-cookie': '[REDACTED]',
      'x-echo': 'sent [REDACTED] back',
      'content-type': 'application/json',
    });
    expect(headers.get('x-echo')).toBe('sent tok-1 back');
  });
});

describe('redactUrl userinfo', () => {
  it('masks the user and password of a URL, and nothing else with an @', () => {
    expect(redactUrl('fetch failed: http://ada:pa55@127.0.0.1:9/v1?x=1 (by ada@example.com)', [])).toBe(
      'fetch failed: http://[REDACTED]@127.0.0.1:9/v1?x=1 (by ada@example.com)',
    );
  });
});

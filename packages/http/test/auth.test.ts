import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { apiKeyHeader, apiKeyQuery, bearerAuth } from '../src/auth.js';
import { SpecboundError } from '../src/errors.js';
import { ValidationError } from '../src/validate.js';

function thrown(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

/** Every way an error can be rendered, joined. */
function everyRendering(error: Error): string {
  return [
    error.message,
    String(error),
    error.stack ?? '',
    JSON.stringify(error),
    inspect(error),
    inspect(error, { showHidden: true, depth: Number.POSITIVE_INFINITY }),
  ].join('\n');
}

const request = (): Request => new Request('https://x.test/v1/items?pageSize=2');

describe('bearerAuth', () => {
  it('sets Authorization from a fixed token and reports it as a secret', async () => {
    const auth = bearerAuth('tok-1');
    const out = await auth.authenticate(request());
    expect(out.headers.get('authorization')).toBe('Bearer tok-1');
    expect(auth.secrets()).toEqual(['tok-1']);
  });

  it('calls a provider for every request, accepting a string or { token }', async () => {
    const results: (string | { token: string })[] = ['a1', { token: 'a2' }];
    let calls = 0;
    const auth = bearerAuth(async () => results[calls++] ?? 'a3');
    expect(auth.secrets()).toEqual([]);
    expect((await auth.authenticate(request())).headers.get('authorization')).toBe('Bearer a1');
    expect((await auth.authenticate(request())).headers.get('authorization')).toBe('Bearer a2');
    expect((await auth.authenticate(request())).headers.get('authorization')).toBe('Bearer a3');
    expect(calls).toBe(3);
    expect(auth.secrets()).toEqual(['a1', 'a2', 'a3']);
  });

  it('accepts a synchronous provider and remembers a bounded number of tokens', async () => {
    let n = 0;
    const auth = bearerAuth(() => `t${n++}`);
    for (let i = 0; i < 12; i++) await auth.authenticate(request());
    expect(auth.secrets()).toEqual(['t4', 't5', 't6', 't7', 't8', 't9', 't10', 't11']);
  });

  it('fails clearly, without echoing anything, when the provider gives no token', async () => {
    const auth = bearerAuth(async () => ({ token: null }));
    await expect(auth.authenticate(request())).rejects.toThrow(SpecboundError);
    await expect(bearerAuth(() => '').authenticate(request())).rejects.toThrow('returned no token');
  });

  it('refuses a token that is neither a string nor a function', () => {
    expect(() => bearerAuth(42 as unknown as string)).toThrow(ValidationError);
    expect(() => bearerAuth(undefined as unknown as string)).toThrow('"token"');
    expect(() => bearerAuth('')).toThrow('non-empty');
  });
});

describe('apiKeyHeader', () => {
  it('sets the named header', async () => {
    const auth = apiKeyHeader('X-API-Key', 'k-123');
    const out = await auth.authenticate(request());
    expect(out.headers.get('x-api-key')).toBe('k-123');
    expect(auth.secrets()).toEqual(['k-123']);
  });

  it('refuses an empty key or header name', () => {
    expect(() => apiKeyHeader('X-API-Key', '')).toThrow(/"key".*non-empty/);
    expect(() => apiKeyHeader('', 'k')).toThrow('"headerName"');
  });
});

describe('apiKeyQuery', () => {
  it('adds the key to the query and keeps method, headers, body and signal', async () => {
    const controller = new AbortController();
    const original = new Request('https://x.test/v1/items?pageSize=2', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-extra': '1' },
      body: '{"a":1}',
      signal: controller.signal,
    });
    const auth = apiKeyQuery('key', 'k y+z');
    const out = await auth.authenticate(original);
    expect(new URL(out.url).searchParams.get('key')).toBe('k y+z');
    expect(new URL(out.url).searchParams.get('pageSize')).toBe('2');
    expect(out.method).toBe('PUT');
    expect(out.headers.get('x-extra')).toBe('1');
    expect(await out.text()).toBe('{"a":1}');
    controller.abort();
    expect(out.signal.aborted).toBe(true);
    expect(auth.secrets()).toEqual(['k y+z']);
  });

  it('works for a request without a body', async () => {
    const out = await apiKeyQuery('key', 'k').authenticate(request());
    expect(out.url).toBe('https://x.test/v1/items?pageSize=2&key=k');
    expect(out.body).toBeNull();
  });

  it('refuses an empty key', () => {
    expect(() => apiKeyQuery('key', '')).toThrow(ValidationError);
    expect(() => apiKeyQuery('', 'k')).toThrow('"paramName"');
  });
});

describe('credentials that cannot be sent', () => {
  // A token read from a file or an environment variable with its trailing newline is the usual
  // way this happens; a CR/LF would otherwise reach Headers.set, whose TypeError quotes the value.
  const SECRET = 'ya29.SECRET-CANARY';
  it.each([
    ['\n', 'LF'],
    ['\r\n', 'CRLF'],
    ['\r', 'CR'],
    ['\0', 'NUL'],
    ['\u2028', 'beyond Latin-1'],
  ])('refuses a credential with %j (%s) at creation, naming the option and never the value', (bad) => {
    const value = `${SECRET}${bad}X-Injected: 1`;
    const cases: [() => unknown, string][] = [
      [() => bearerAuth(value), 'token'],
      [() => apiKeyHeader('X-API-Key', value), 'key'],
      [() => apiKeyHeader(`X-API-Key${bad}`, SECRET), 'headerName'],
    ];
    if (bad !== '\u2028') {
      // The query value is percent-encoded: only control characters are refused there.
      cases.push(
        [() => apiKeyQuery('key', value), 'key'],
        [() => apiKeyQuery(`key${bad}`, SECRET), 'paramName'],
      );
    }
    for (const [create, field] of cases) {
      const error = thrown(create);
      expect(error.field).toBe(field);
      expect(error.message).toContain(`"${field}"`);
      expect(everyRendering(error)).not.toContain('SECRET');
      expect(everyRendering(error)).not.toContain('CANARY');
    }
  });

  it('refuses a header name that is not a token', () => {
    expect(thrown(() => apiKeyHeader('X API Key', 'k')).field).toBe('headerName');
    expect(thrown(() => apiKeyHeader('X-Key:', 'k')).field).toBe('headerName');
  });

  it('accepts the credentials real services issue', () => {
    expect(() => bearerAuth('ya29.a0AfB_byC-x_y~z+/=')).not.toThrow();
    expect(() => apiKeyHeader('X-API-Key', 'bs_live_0123456789abcdef')).not.toThrow();
    expect(() => apiKeyQuery('key', 'AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY')).not.toThrow();
  });
});

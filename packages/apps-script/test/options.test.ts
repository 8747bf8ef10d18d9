import { describe, expect, it } from 'vitest';
import {
  type AppsScriptClientOptions,
  type CallOptions,
  createAppsScriptClient,
  ValidationError,
} from '../src/index.js';
import { fakeFetch, json, SCRIPT_ID, TOKEN } from './fake-fetch.js';

// Options as a JavaScript caller (or a spread of untyped config) might pass them.
const loose = (options: Record<string, unknown>) => options as AppsScriptClientOptions;

describe('client options', () => {
  it('refuses a misspelled option, naming it, instead of silently using the defaults', () => {
    // `baseURL` ignored would send the token to production instead of the intended server.
    expect(() => createAppsScriptClient(loose({ baseURL: 'http://127.0.0.1:8787' }))).toThrow(
      new ValidationError(
        'baseURL',
        'createAppsScriptClient: unknown option "baseURL"; expected one of "auth", "baseUrl", "fetch", "retry", "timeout", "maxResponseBytes", "logger", "userAgent".',
      ),
    );
    expect(() => createAppsScriptClient(loose({ baseURL: 'x' }))).toThrow(ValidationError);
    expect(() => createAppsScriptClient(loose({ timeOut: 5000 }))).toThrow(/unknown option "timeOut"/);
  });

  it('refuses a baseUrl that is not a URL, and takes a path on this origin (a same-origin proxy)', () => {
    for (const baseUrl of [8787, 'not a url']) {
      expect(() => createAppsScriptClient(loose({ baseUrl }))).toThrow(
        /^createAppsScriptClient: Option "baseUrl" must be an http\(s\) URL/,
      );
    }
    expect(() => createAppsScriptClient({ baseUrl: '/google' })).not.toThrow();
  });

  it('refuses a baseUrl with user:password@ or another scheme, without echoing it', () => {
    // Fetch refuses a URL with credentials at the first call, with a TypeError quoting the password.
    for (const baseUrl of [
      'http://me:hunter22@127.0.0.1:8787',
      'https://AIzaKey@script.googleapis.com/',
      '//me:hunter22@host',
      'ftp://host',
      'javascript:alert(1)',
    ]) {
      let error: unknown;
      try {
        createAppsScriptClient({ baseUrl, fetch: fakeFetch(() => json(200, {})).fetch });
      } catch (caught) {
        error = caught;
      }
      expect(error).toEqual(
        new ValidationError(
          'baseUrl',
          'createAppsScriptClient: Option "baseUrl" must be an http(s) URL without user:password@, or a path on this origin (got string).',
        ),
      );
      expect(String(error)).not.toMatch(/hunter22|AIzaKey/);
    }
    for (const baseUrl of ['http://127.0.0.1:8787/a@b', 'HTTPS://[::1]:8443', 'http://h?x=1']) {
      expect(() => createAppsScriptClient({ baseUrl })).not.toThrow();
    }
  });

  it.each([
    [123, 'number'],
    [null, 'null'],
    [true, 'boolean'],
  ])('refuses auth %j with a ValidationError naming the option', (auth, got) => {
    expect(() => createAppsScriptClient(loose({ auth }))).toThrow(
      new ValidationError(
        'auth',
        `createAppsScriptClient: option "auth" must be a token, a token provider, { token, apiKey } or an AuthStrategy (got ${got}).`,
      ),
    );
  });

  it('refuses a misspelled auth field without echoing its value', () => {
    let error: unknown;
    try {
      createAppsScriptClient(loose({ auth: { token: TOKEN, apikey: 'AIza-secret' } }));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ field: 'apikey' });
    expect(String(error)).toContain('unknown auth field "apikey"');
    expect(String(error)).not.toContain('AIza-secret');
    expect(String(error)).not.toContain(TOKEN);
  });

  it('passes bad retry and timeout values to the runtime, which names them', () => {
    expect(() => createAppsScriptClient({ timeout: -1 })).toThrow(/Option "timeout"/);
    expect(() => createAppsScriptClient(loose({ retry: { maxRetry: 3 } }))).toThrow(
      /unknown option "retry.maxRetry"/,
    );
  });
});

describe('call options', () => {
  it('refuses a misspelled call option before anything is sent', async () => {
    const fake = fakeFetch(() => json(200, {}));
    const client = createAppsScriptClient({ fetch: fake.fetch });
    await expect(
      client.projects.get({ scriptId: SCRIPT_ID }, { timeOut: 600_000 } as CallOptions),
    ).rejects.toThrow(
      new ValidationError(
        'timeOut',
        'unknown call option "timeOut"; expected one of "signal", "retry", "timeout", "maxResponseBytes", "headers".',
      ),
    );
    await expect(
      client.scripts.run({ deploymentId: 'd', function: 'f' }, { retries: 0 } as CallOptions),
    ).rejects.toMatchObject({ name: 'ValidationError', field: 'retries' });
    expect(fake.calls).toHaveLength(0);
  });

  it('validates per-call retry and timeout values before anything is sent', async () => {
    const fake = fakeFetch(() => json(200, {}));
    const client = createAppsScriptClient({ fetch: fake.fetch });
    await expect(client.projects.get({ scriptId: SCRIPT_ID }, { timeout: 0 })).rejects.toMatchObject({
      name: 'ValidationError',
      field: 'timeout',
    });
    expect(fake.calls).toHaveLength(0);
  });

  it('refuses a per-call header value that cannot be sent, naming the header, never echoing the value', async () => {
    // Headers.set would throw a raw TypeError quoting the value: a pasted key with its newline.
    const fake = fakeFetch(() => json(200, {}));
    const client = createAppsScriptClient({ fetch: fake.fetch });
    for (const value of ['AIza-secret\n', 'AIza-secret\u0000', 'AIza-secret\u2028']) {
      const error = await client.projects
        .get({ scriptId: SCRIPT_ID }, { headers: { 'X-Goog-Api-Key': value } })
        .catch((caught: unknown) => caught);
      expect(error).toEqual(
        new ValidationError(
          'headers.X-Goog-Api-Key',
          'Option "headers.X-Goog-Api-Key" must be a string without control characters (CR, LF, NUL, …) or characters beyond Latin-1 (a header value) (got string).',
        ),
      );
      expect(String(error)).not.toContain('AIza-secret');
    }
    expect(fake.calls).toHaveLength(0);
  });
});

// The `auth` option every Google client shares, and the test for Google's error body.
import { describe, expect, it } from 'vitest';
import { googleAuth, isGoogleError, ValidationError } from '../src/index.js';

describe('googleAuth', () => {
  it('takes a token, { token, apiKey } or a strategy; nothing is no strategy', async () => {
    expect(googleAuth(undefined, 'createXClient')).toBeUndefined();
    const strategy = googleAuth({ token: 'tok', apiKey: 'key' }, 'createXClient');
    expect(strategy?.secrets()).toEqual(expect.arrayContaining(['tok', 'key']));
    const own = { authenticate: async (request: Request) => request, secrets: () => [] };
    expect(googleAuth(own, 'createXClient')).toBe(own);
  });

  it('names the factory in its errors and never echoes the value', () => {
    expect(() => googleAuth(42 as never, 'createDriveClient')).toThrow(
      new ValidationError(
        'auth',
        'createDriveClient: option "auth" must be a token, a token provider, { token, apiKey } or an AuthStrategy (got number).',
      ),
    );
    expect(() => googleAuth({}, 'createSheetsClient')).toThrow(
      'createSheetsClient: "auth" needs a token, an apiKey, or an AuthStrategy.',
    );
    expect(() => googleAuth({ tokn: 'x' } as never, 'createSheetsClient')).toThrow(/tokn/);
  });
});

describe('isGoogleError', () => {
  it('is true only for { error: { message: string } }', () => {
    expect(isGoogleError({ error: { code: 404, message: 'Requested entity was not found.' } })).toBe(true);
    expect(isGoogleError({ error: 'nope' })).toBe(false);
    expect(isGoogleError({ message: 'x' })).toBe(false);
    expect(isGoogleError(null)).toBe(false);
  });
});

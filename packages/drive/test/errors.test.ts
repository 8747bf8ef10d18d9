import { describe, expect, it } from 'vitest';
import {
  ApiError,
  createDriveClient,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
} from '../src/index.js';
import { FILE_ID, fakeFetch, json, TOKEN } from './fake-fetch.js';

const notFound = {
  error: {
    code: 404,
    message: `File not found: ${FILE_ID}.`,
    errors: [
      {
        domain: 'global',
        reason: 'notFound',
        message: `File not found: ${FILE_ID}.`,
        location: 'fileId',
        locationType: 'parameter',
      },
    ],
  },
};

describe('errors', () => {
  it("raises NotFoundError carrying Drive's body, with its legacy errors[].reason", async () => {
    const fake = fakeFetch(() => json(404, notFound));
    const client = createDriveClient({ auth: TOKEN, fetch: fake.fetch });
    const error = await client.files.get({ fileId: FILE_ID }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as NotFoundError).status).toBe(404);
    expect((error as NotFoundError).body?.error.errors?.[0]?.reason).toBe('notFound');
    expect((error as Error).message).toContain(`File not found: ${FILE_ID}.`);
  });

  it('retries a 429 on list (idempotent) and returns the page', async () => {
    const fake = fakeFetch((_request, call) =>
      call === 1
        ? json(429, { error: { code: 429, message: 'User Rate Limit Exceeded' } }, { 'retry-after': '0' })
        : json(200, { files: [] }),
    );
    const client = createDriveClient({ auth: TOKEN, fetch: fake.fetch });
    expect(await client.files.list()).toEqual({ files: [] });
    expect(fake.calls).toHaveLength(2);
  });

  it('does not retry a create (not idempotent): a 429 surfaces as RateLimitError after one request', async () => {
    const fake = fakeFetch(() =>
      json(429, { error: { code: 429, message: 'User Rate Limit Exceeded' } }, { 'retry-after': '0' }),
    );
    const client = createDriveClient({ auth: TOKEN, fetch: fake.fetch });
    await expect(client.files.create({ name: 'x' })).rejects.toBeInstanceOf(RateLimitError);
    expect(fake.calls).toHaveLength(1);
  });

  it('never puts the token or API key in an error, its message or its JSON', async () => {
    const fake = fakeFetch(() =>
      json(403, {
        error: { code: 403, message: 'The user does not have sufficient permissions for this file.' },
      }),
    );
    const client = createDriveClient({
      auth: { token: TOKEN, apiKey: 'AIza-secret-key' },
      fetch: fake.fetch,
    });
    const error = await client.files.delete({ fileId: FILE_ID }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    const text = `${String(error)} ${JSON.stringify(error)} ${(error as Error).stack}`;
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('AIza-secret-key');
  });

  it('refuses an auth value it cannot use without echoing it', () => {
    expect(() => createDriveClient({ auth: 42 as unknown as string })).toThrow(/got number/);
    expect(() => createDriveClient({ auth: {} })).toThrow(/needs a token, an apiKey/);
  });
});

import { describe, expect, it } from 'vitest';
import { createBugSmashClient, ValidationError } from '../src/index.js';
import { BASE_URL, IDS, ok, only, setup } from './helpers.js';

const never = (): Response => {
  throw new Error('no request should be sent');
};

describe('input checks before any request', () => {
  it.each(['', '.', '..'])('refuses the path id %j', async (id) => {
    const { client, requests } = setup(never);
    const calls = [
      client.projects.get({ projectId: id }),
      client.projects.update({ projectId: id, name: 'x' }),
      client.projects.delete({ projectId: id }),
      client.versions.get({ versionId: id }),
      client.versions.delete({ versionId: id }),
      client.folders.get({ folderId: id }),
      client.folders.update({ folderId: id, name: 'x' }),
      client.folders.delete({ folderId: id }),
      client.comments.get({ commentId: id }),
      client.comments.update({ commentId: id, text: 'x' }),
      client.comments.delete({ commentId: id }),
      client.replies.list({ commentId: id }),
      client.replies.delete({ replyId: id }),
      client.webhooks.update({ webhookId: id, webhookUrl: 'https://h.example', events: ['new_comment'] }),
      client.webhooks.delete({ webhookId: id }),
    ];
    for (const call of calls) await expect(call).rejects.toBeInstanceOf(ValidationError);
    expect(requests).toHaveLength(0);
  });

  it('percent-encodes path ids once', async () => {
    const { client, requests } = setup(() =>
      ok({ id: 'a/b c', name: 'x', project_versions: [], project_users: [] }),
    );
    await client.projects.get({ projectId: 'a/b c?d#e' });
    expect(only(requests).url).toBe(`${BASE_URL}/project/a%2Fb%20c%3Fd%23e`);
  });

  it.each([
    ['limit', { limit: 51 }],
    ['limit', { limit: 0 }],
    ['page', { page: 0 }],
    ['page', { page: 1.5 }],
  ])('refuses a bad %s', async (field, query) => {
    const { client } = setup(never);
    await expect(client.projects.list(query)).rejects.toMatchObject({ name: 'ValidationError', field });
  });

  it('refuses empty updates, blank required fields and unknown webhook events', async () => {
    const { client, requests } = setup(never);
    await expect(client.comments.update({ commentId: IDS.comment })).rejects.toMatchObject({
      field: 'params',
    });
    await expect(client.folders.update({ folderId: IDS.folder })).rejects.toMatchObject({ field: 'params' });
    await expect(client.projects.update({ projectId: IDS.project })).rejects.toMatchObject({
      field: 'params',
    });
    await expect(client.comments.list({ projectId: '' })).rejects.toMatchObject({ field: 'projectId' });
    await expect(client.versions.list({ projectId: ' ' })).rejects.toMatchObject({ field: 'projectId' });
    // @ts-expect-error the old positional id: refused with a hint at the params object
    await expect(client.projects.get(IDS.project)).rejects.toMatchObject({ field: 'params' });
    // @ts-expect-error `timeOut` is not a call option
    await expect(client.folders.list({}, { timeOut: 5 })).rejects.toMatchObject({ field: 'timeOut' });
    await expect(client.replies.create({ commentId: IDS.comment, text: '' })).rejects.toMatchObject({
      field: 'text',
    });
    await expect(client.folders.create({ name: '' })).rejects.toMatchObject({ field: 'name' });
    await expect(
      client.webhooks.create({ webhookUrl: 'https://h.example', events: [] }),
    ).rejects.toMatchObject({
      field: 'events',
    });
    await expect(
      // @ts-expect-error `comment_update` is the n8n spelling, not an event of this API
      client.webhooks.create({ webhookUrl: 'https://h.example', events: ['comment_update'] }),
    ).rejects.toMatchObject({ field: 'events[0]' });
    // @ts-expect-error not an event
    await expect(client.webhooks.test({ event: 'priority_changed' })).rejects.toMatchObject({
      field: 'event',
    });
    expect(requests).toHaveLength(0);
  });

  it('refuses a missing API key or a bad base URL when the client is created', () => {
    expect(() => createBugSmashClient({ apiKey: '' })).toThrow(ValidationError);
    expect(() => createBugSmashClient({ apiKey: 'k', baseUrl: 'not a url' })).toThrow(/baseUrl/);
  });

  it.each([
    ['baseURL', { baseURL: 'https://e.x' }, /unknown option "baseURL"/],
    ['timeout', { timeout: -1 }, /^createBugSmashClient: Option "timeout"/],
    ['timeout', { timeout: Number.NaN }, /"timeout"/],
    ['retry.maxRetry', { retry: { maxRetry: 3 } }, /unknown option "retry.maxRetry"/],
    ['retry.maxRetries', { retry: { maxRetries: -1 } }, /"retry.maxRetries"/],
    ['fetch', { fetch: 'https://e.x' }, /Option "fetch" must be a function/],
    ['logger', { logger: console }, /Option "logger" must be a function/],
    ['userAgent', { userAgent: 42 }, /Option "userAgent" must be a string/],
  ])('refuses a bad %s option with a ValidationError naming it', (field, bad, message) => {
    let caught: unknown;
    try {
      createBugSmashClient({ apiKey: 'k', ...(bad as object) });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    expect(caught).toMatchObject({ field, message: expect.stringMatching(message) });
    expect((caught as Error).message).not.toContain('createHttpFetch');
  });

  it('works under another base URL (an emulator)', async () => {
    const { client, requests } = setup(() => ok([]));
    await client.folders.list();
    expect(only(requests).url).toBe(`${BASE_URL}/folders`);
  });
});

import { ApiError, WEBHOOK_EVENTS } from '@specbound/bugsmash';
import { describe, expect, it } from 'vitest';
import {
  COMMENT_ID,
  comment,
  envelope,
  failure,
  PROJECT_ID,
  REPLY_ID,
  reply,
  WEBHOOK_ID,
} from '../../support/bugsmash.ts';
import { apiKeyHeader, bugsmashAt } from '../../support/clients.ts';
import { eachLike, integer, like, regex, uuid } from '../../support/matchers.ts';
import { createPact } from '../../support/pact.ts';

const pact = createPact('bugsmash-api', import.meta.url);
const auth = { 'X-API-Key': apiKeyHeader };
const commentState = { projectId: PROJECT_ID, commentId: COMMENT_ID, replyId: REPLY_ID };

describe('BugSmash comments and replies', () => {
  it('listComments: lists a project’s comments as plain text with the counts', async () => {
    await pact
      .addInteraction()
      .given('a comment with a reply exists', commentState)
      .uponReceiving('a request to list the comments of a project as plain text')
      .withRequest('GET', '/comments', (builder) =>
        builder.headers(auth).query({ projectId: PROJECT_ID, plainText: 'true' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          ...envelope('Comment data', eachLike(comment)),
          active: integer(1),
          resolved: integer(0),
        }),
      )
      .executeTest(async (mockserver) => {
        const list = await bugsmashAt(mockserver.url).comments.list({
          projectId: PROJECT_ID,
          plainText: true,
        });
        expect(list.data[0]?.comment_id).toBe(COMMENT_ID);
        expect(list.active).toBe(1);
      });
  });

  it('getComment: reads a comment with its replies', async () => {
    await pact
      .addInteraction()
      .given('a comment with a reply exists', commentState)
      .uponReceiving('a request to get a comment')
      .withRequest('GET', `/comment/${COMMENT_ID}`, (builder) => builder.headers(auth))
      .willRespondWith(200, (builder) =>
        builder.jsonBody(envelope('Comment data', { ...comment, replies: eachLike(reply) })),
      )
      .executeTest(async (mockserver) => {
        const found = await bugsmashAt(mockserver.url).comments.get({ commentId: COMMENT_ID });
        expect(found.status).toBe('Active');
        expect(found.replies[0]?.comment).toBe('Fixed in V2.');
      });
  });

  it('updateComment: resolves a comment', async () => {
    await pact
      .addInteraction()
      .given('a comment with a reply exists', commentState)
      .uponReceiving('a request to resolve a comment')
      .withRequest('PATCH', `/comment/${COMMENT_ID}`, (builder) =>
        builder.headers(auth).jsonBody({ status: 'Resolved', priority: 'P1' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody(envelope('Comment updated', { ...comment, status: 'Resolved', priority: 'P1' })),
      )
      .executeTest(async (mockserver) => {
        const updated = await bugsmashAt(mockserver.url).comments.update({
          commentId: COMMENT_ID,
          status: 'Resolved',
          priority: 'P1',
        });
        expect(updated.status).toBe('Resolved');
      });
  });

  it('deleteComment: deletes a comment', async () => {
    await pact
      .addInteraction()
      .given('a comment with a reply exists', commentState)
      .uponReceiving('a request to delete a comment')
      .withRequest('DELETE', `/comment/${COMMENT_ID}`, (builder) => builder.headers(auth))
      .willRespondWith(200, (builder) => builder.jsonBody(envelope('Comment deleted')))
      .executeTest(async (mockserver) => {
        await expect(
          bugsmashAt(mockserver.url).comments.delete({ commentId: COMMENT_ID }),
        ).resolves.not.toThrow();
      });
  });

  it('listReplies: lists replies as plain text (snake_case `plain_text`)', async () => {
    await pact
      .addInteraction()
      .given('a comment with a reply exists', commentState)
      .uponReceiving('a request to list the replies of a comment as plain text')
      .withRequest('GET', `/comment/${COMMENT_ID}/replies`, (builder) =>
        builder.headers(auth).query({ plain_text: 'true' }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(envelope('Replies', eachLike(reply))))
      .executeTest(async (mockserver) => {
        const replies = await bugsmashAt(mockserver.url).replies.list({
          commentId: COMMENT_ID,
          plain_text: true,
        });
        expect(replies[0]?.comment_id).toBe(REPLY_ID);
      });
  });

  it('createReply: replies to a comment', async () => {
    await pact
      .addInteraction()
      .given('a comment with a reply exists', commentState)
      .uponReceiving('a request to reply to a comment')
      .withRequest('POST', '/reply', (builder) =>
        builder
          .headers(auth)
          .jsonBody({ commentId: uuid(COMMENT_ID), text: like('Fixed in V2.'), isPrivate: false }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(envelope('Reply added', reply)))
      .executeTest(async (mockserver) => {
        const created = await bugsmashAt(mockserver.url).replies.create({
          commentId: COMMENT_ID,
          text: 'Fixed in V2.',
          isPrivate: false,
        });
        expect(created.comment).toBe('Fixed in V2.');
      });
  });

  it('deleteReply: deletes a reply', async () => {
    await pact
      .addInteraction()
      .given('a comment with a reply exists', commentState)
      .uponReceiving('a request to delete a reply')
      .withRequest('DELETE', `/reply/${REPLY_ID}`, (builder) => builder.headers(auth))
      .willRespondWith(200, (builder) => builder.jsonBody(envelope('Reply deleted')))
      .executeTest(async (mockserver) => {
        await expect(bugsmashAt(mockserver.url).replies.delete({ replyId: REPLY_ID })).resolves.not.toThrow();
      });
  });
});

describe('BugSmash webhooks', () => {
  const subscription = {
    webhookUrl: like('https://hooks.example.com/bugsmash'),
    events: ['new_comment', 'status_changed'],
  };

  it('listWebhooks: lists subscriptions', async () => {
    await pact
      .addInteraction()
      .given('a webhook exists', { webhookId: WEBHOOK_ID })
      .uponReceiving('a request to list webhooks')
      .withRequest('GET', '/webhooks', (builder) => builder.headers(auth))
      // The spec declares the fields the facts support (all optional, key names unconfirmed): the
      // id, the URL and the events; a caller that lists webhooks reads exactly these.
      .willRespondWith(200, (builder) =>
        builder.jsonBody(
          envelope(
            'Webhooks',
            eachLike({
              id: uuid(WEBHOOK_ID),
              webhookUrl: like('https://hooks.example.com/bugsmash'),
              events: eachLike(regex(`^(${WEBHOOK_EVENTS.join('|')})$`, 'new_comment')),
            }),
          ),
        ),
      )
      .executeTest(async (mockserver) => {
        const webhooks = await bugsmashAt(mockserver.url).webhooks.list();
        expect(webhooks[0]).toEqual({
          id: WEBHOOK_ID,
          webhookUrl: 'https://hooks.example.com/bugsmash',
          events: ['new_comment'],
        });
      });
  });

  it('createWebhook: subscribes a URL', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a request to create a webhook')
      .withRequest('POST', '/webhook', (builder) => builder.headers(auth).jsonBody(subscription))
      .willRespondWith(200, (builder) => builder.jsonBody(envelope('Webhook created')))
      .executeTest(async (mockserver) => {
        await expect(
          bugsmashAt(mockserver.url).webhooks.create({
            webhookUrl: 'https://hooks.example.com/bugsmash',
            events: ['new_comment', 'status_changed'],
          }),
        ).resolves.not.toThrow();
      });
  });

  it('updateWebhook: changes URL and events', async () => {
    await pact
      .addInteraction()
      .given('a webhook exists', { webhookId: WEBHOOK_ID })
      .uponReceiving('a request to update a webhook')
      .withRequest('PATCH', `/webhook/${WEBHOOK_ID}`, (builder) =>
        builder.headers(auth).jsonBody(subscription),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(envelope('Webhook updated')))
      .executeTest(async (mockserver) => {
        await expect(
          bugsmashAt(mockserver.url).webhooks.update({
            webhookId: WEBHOOK_ID,
            webhookUrl: 'https://hooks.example.com/bugsmash',
            events: ['new_comment', 'status_changed'],
          }),
        ).resolves.not.toThrow();
      });
  });

  it('deleteWebhook: unsubscribes', async () => {
    await pact
      .addInteraction()
      .given('a webhook exists', { webhookId: WEBHOOK_ID })
      .uponReceiving('a request to delete a webhook')
      .withRequest('DELETE', `/webhook/${WEBHOOK_ID}`, (builder) => builder.headers(auth))
      .willRespondWith(200, (builder) => builder.jsonBody(envelope('Webhook deleted')))
      .executeTest(async (mockserver) => {
        await expect(
          bugsmashAt(mockserver.url).webhooks.delete({ webhookId: WEBHOOK_ID }),
        ).resolves.not.toThrow();
      });
  });

  it('testWebhook: sends a test delivery', async () => {
    await pact
      .addInteraction()
      .given('a webhook exists', { webhookId: WEBHOOK_ID })
      .uponReceiving('a request to send a test new_comment delivery')
      .withRequest('POST', '/webhook/test', (builder) =>
        builder.headers(auth).jsonBody({ event: 'new_comment' }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(envelope('Test event sent')))
      .executeTest(async (mockserver) => {
        await expect(
          bugsmashAt(mockserver.url).webhooks.test({ event: 'new_comment' }),
        ).resolves.not.toThrow();
      });
  });

  it('testWebhook: `status: false` on HTTP 200 is an ApiError', async () => {
    await pact
      .addInteraction()
      .given('no webhook is subscribed to an event', { event: 'status_changed' })
      .uponReceiving('a request to send a test delivery of an event nobody subscribed to')
      .withRequest('POST', '/webhook/test', (builder) =>
        builder.headers(auth).jsonBody({ event: 'status_changed' }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(failure('No webhook is subscribed to this event.')))
      .executeTest(async (mockserver) => {
        const error = await bugsmashAt(mockserver.url)
          .webhooks.test({ event: 'status_changed' })
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).status).toBe(200);
      });
  });
});

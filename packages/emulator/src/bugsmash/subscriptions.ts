// Webhook subscriptions: created (the signing secret shown once), listed, updated, deleted, and
// tested with a sample event. A URL on the emulator's own origin is refused: a webhook must never be
// able to drive the emulator (its control API, say).
import { randomBytes, randomUUID } from 'node:crypto';
import type { components } from '@specbound/bugsmash/schema';
import type { BugsmashBackend } from './backend.ts';
import type { BugsmashHandlers } from './handlers.ts';
import { webhookJson } from './json.ts';
import { done, envelope, laravelTime, reviewLink, unprocessable } from './text.ts';
import { isOwnOrigin } from './webhooks.ts';

function checkUrl(b: BugsmashBackend, url: string): void {
  const own = b.options.ownOrigin?.();
  if (own !== undefined && isOwnOrigin(url, own))
    throw unprocessable('webhookUrl', 'The webhook url must not point at the emulator itself.');
}

/** Sends a sample delivery of `event` to every webhook subscribed to it; returns how many. */
function testWebhook(b: BugsmashBackend, event: components['schemas']['WebhookEvent']): number {
  const time = laravelTime();
  return b.options.webhooks.dispatch([...b.webhooks.values()], event, {
    test: true,
    project: { id: randomUUID(), name: 'Test project', url: reviewLink('TeSt1') },
    comment: {
      comment_id: randomUUID(),
      comment: '<p>This is a test event from BugSmash.</p>',
      comment_number: 1,
      status: 'Active',
      priority: 'Unset',
      comment_by_name: 'BugSmash',
      comment_by_email: 'no-reply@bugsmash.io',
      created_at: time,
      updated_at: time,
    },
  });
}

export function subscriptionHandlers(
  b: BugsmashBackend,
): BugsmashHandlers<'listWebhooks' | 'createWebhook' | 'updateWebhook' | 'deleteWebhook' | 'testWebhook'> {
  return {
    listWebhooks: () =>
      envelope(
        'Webhooks',
        [...b.webhooks.values()].map((w) => webhookJson(w, false)),
      ),
    createWebhook: (ctx) => {
      const body = ctx.body;
      checkUrl(b, body.webhookUrl);
      const time = laravelTime();
      const hook = {
        id: randomUUID(),
        webhook_url: body.webhookUrl,
        events: [...body.events],
        secret: `whsec_${randomBytes(24).toString('hex')}`,
        created_at: time,
        updated_at: time,
      };
      b.webhooks.set(hook.id, hook);
      b.touch('bs.webhooks', hook.id);
      return envelope('Webhook created', webhookJson(hook, true));
    },
    updateWebhook: (ctx) => {
      const hook = b.webhook(ctx.params.path.webhookId);
      checkUrl(b, ctx.body.webhookUrl);
      hook.webhook_url = ctx.body.webhookUrl;
      hook.events = [...ctx.body.events];
      hook.updated_at = laravelTime();
      b.touch('bs.webhooks', hook.id);
      return envelope('Webhook updated', webhookJson(hook, false));
    },
    deleteWebhook: (ctx) => {
      const id = b.webhook(ctx.params.path.webhookId).id;
      b.webhooks.delete(id);
      b.touch('bs.webhooks', id);
      return done('Webhook deleted');
    },
    testWebhook: (ctx) => {
      const sent = testWebhook(b, ctx.body.event);
      // With no subscriber there is nothing to test. BugSmash's answer to that is not public; the
      // emulator refuses in the envelope's own failure form, `status: false` on HTTP 200, which
      // clients must treat as an error whatever the HTTP code.
      if (sent === 0)
        return { status: 200, body: { status: false, message: 'No webhook is subscribed to this event.' } };
      return envelope('Test event sent', { deliveries: sent });
    },
  };
}

import { requireText, ValidationError } from '@specbound/http';
import { type Context, eachOf, op, type Params } from './context.js';
import type { WebhookEventName } from './types.js';

/** The four events, in the order the spec lists them. */
export const WEBHOOK_EVENTS: readonly WebhookEventName[] = [
  'new_comment',
  'comment_replied',
  'status_changed',
  'comment_updated',
];

export function isWebhookEvent(value: unknown): value is WebhookEventName {
  return typeof value === 'string' && (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

export function webhooksApi(ctx: Context) {
  const list = op<'listWebhooks'>(ctx, 'GET', '/webhooks');
  const unconfirmed = ctx.read.unconfirmed;
  return {
    /** The workspace's subscriptions (item shape unconfirmed). */
    list,
    iterate: eachOf(list),
    /**
     * Subscribes a URL. The answer carries the signing secret, shown only this once: store it. Its
     * key, like the rest of the payload, is unconfirmed, so the payload is returned as is.
     */
    create: op<'createWebhook', unknown>(ctx, 'POST', '/webhook', {
      check: checkSubscription,
      decode: unconfirmed,
    }),
    /** Changes URL and events (both required); the secret is kept. */
    update: op<'updateWebhook', unknown>(ctx, 'PATCH', '/webhook/{webhookId}', {
      check: checkSubscription,
      decode: unconfirmed,
    }),
    delete: op<'deleteWebhook', unknown>(ctx, 'DELETE', '/webhook/{webhookId}', { decode: unconfirmed }),
    /** Sends a test delivery of `event` to every webhook subscribed to it. */
    test: op<'testWebhook', unknown>(ctx, 'POST', '/webhook/test', {
      check: (params: Params<'testWebhook'>) => checkEvent('event', params.event),
      decode: unconfirmed,
    }),
  };
}

function checkSubscription(body: { webhookUrl: string; events: readonly WebhookEventName[] }): void {
  requireText('webhookUrl', body.webhookUrl);
  if (!Array.isArray(body.events) || body.events.length === 0) {
    throw new ValidationError('events', `"events" must list at least one of ${WEBHOOK_EVENTS.join(', ')}.`);
  }
  for (const [index, event] of body.events.entries()) checkEvent(`events[${index}]`, event);
}

function checkEvent(field: string, event: unknown): void {
  if (!isWebhookEvent(event)) {
    throw new ValidationError(
      field,
      `"${String(event)}" is not a webhook event: use one of ${WEBHOOK_EVENTS.join(', ')}.`,
    );
  }
}

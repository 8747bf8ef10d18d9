import { requireText, ValidationError } from '@specbound/http';
import { eachOf, op, type Params } from './context.js';
import { webhookEventValues } from './generated/schema.js';
import type { WebhookEventName } from './types.js';

/** The events, in the order the spec lists them (generated from its `WebhookEvent` enum). */
export const WEBHOOK_EVENTS: readonly WebhookEventName[] = webhookEventValues;

export function isWebhookEvent(value: unknown): value is WebhookEventName {
  return typeof value === 'string' && (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

/** `webhooks.list` as an operation function. */
export const listWebhooks = /* @__PURE__ */ op<'listWebhooks'>('GET', '/webhooks');
/** `webhooks.iterate` as an operation function. */
export const iterateWebhooks = /* @__PURE__ */ eachOf(listWebhooks);
/** `webhooks.create` as an operation function (the answer carries the signing secret). */
export const createWebhook = /* @__PURE__ */ op<'createWebhook', unknown>('POST', '/webhook', {
  check: checkSubscription,
  read: 'unconfirmed',
});
/** `webhooks.update` as an operation function. */
export const updateWebhook = /* @__PURE__ */ op<'updateWebhook', unknown>('PATCH', '/webhook/{webhookId}', {
  check: checkSubscription,
  read: 'unconfirmed',
});
/** `webhooks.delete` as an operation function. */
export const deleteWebhook = /* @__PURE__ */ op<'deleteWebhook', unknown>('DELETE', '/webhook/{webhookId}', {
  read: 'unconfirmed',
});
/** `webhooks.test` as an operation function. */
export const testWebhook = /* @__PURE__ */ op<'testWebhook', unknown>('POST', '/webhook/test', {
  check: (params: Params<'testWebhook'>) => checkEvent('event', params.event),
  read: 'unconfirmed',
});

/** `webhooks.*`: the workspace's webhook subscriptions. */
export const webhooks = {
  /** The workspace's subscriptions (item shape unconfirmed). */
  list: listWebhooks,
  iterate: iterateWebhooks,
  /**
   * Subscribes a URL. The answer carries the signing secret, shown only this once: store it. Its
   * key, like the rest of the payload, is unconfirmed, so the payload is returned as is.
   */
  create: createWebhook,
  /** Changes URL and events (both required); the secret is kept. */
  update: updateWebhook,
  delete: deleteWebhook,
  /** Sends a test delivery of `event` to every webhook subscribed to it. */
  test: testWebhook,
};

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

import { ValidationError } from '@specbound/http';
import { assertId, type CallOptions, type Context } from './context.js';
import { requireText } from './projects.js';
import type { JsonBodyOf, SuccessBody, WebhookEventName } from './types.js';

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
  return {
    /** The workspace's subscriptions (item shape unconfirmed). */
    async list(options?: CallOptions): Promise<SuccessBody<'listWebhooks'>['data']> {
      const result = await ctx.client.GET('/webhooks', { ...ctx.init(options) });
      return ctx.payload(result);
    },

    /**
     * Subscribes a URL. The answer carries the signing secret, shown only this once: store it. Its
     * key, like the rest of the payload, is unconfirmed, so the payload is returned as is.
     */
    async create(body: JsonBodyOf<'createWebhook'>, options?: CallOptions): Promise<unknown> {
      checkSubscription(body);
      const result = await ctx.client.POST('/webhook', { body, ...ctx.init(options) });
      return ctx.unconfirmed(result);
    },

    /** Changes URL and events (both required); the secret is kept. */
    async update(
      webhookId: string,
      body: JsonBodyOf<'updateWebhook'>,
      options?: CallOptions,
    ): Promise<unknown> {
      assertId('webhookId', webhookId);
      checkSubscription(body);
      const result = await ctx.client.PATCH('/webhook/{webhookId}', {
        params: { path: { webhookId } },
        body,
        ...ctx.init(options),
      });
      return ctx.unconfirmed(result);
    },

    async delete(webhookId: string, options?: CallOptions): Promise<unknown> {
      assertId('webhookId', webhookId);
      const result = await ctx.client.DELETE('/webhook/{webhookId}', {
        params: { path: { webhookId } },
        ...ctx.init(options),
      });
      return ctx.unconfirmed(result);
    },

    /** Sends a test delivery of `event` to every webhook subscribed to it. */
    async test(event: WebhookEventName, options?: CallOptions): Promise<unknown> {
      checkEvent('event', event);
      const result = await ctx.client.POST('/webhook/test', { body: { event }, ...ctx.init(options) });
      return ctx.unconfirmed(result);
    },
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

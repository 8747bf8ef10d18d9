// BugSmash webhooks: list, create, send a test delivery, delete. Webhooks belong to the workspace,
// not to a project, so a server narrowed to one project lists them but changes none. The signing
// secret a creation returns is a secret: it is redacted from the answer (create the webhook from
// the CLI with --secret-out to keep it).
import { objectAnswer } from '../answer.js';
import { bodyProperty, paramSchema } from '../spec.js';
import { READ, type ToolDefinition } from '../tool.js';
import { page } from './bugsmash-list.js';
import { LIMIT, OFFSET, refuseWhenNarrowed, requireConfirm, requireStr } from './common.js';

const listWebhooks: ToolDefinition = {
  name: 'bs_list_webhooks',
  title: 'List webhooks',
  service: 'bugsmash',
  description: "The workspace's webhook subscriptions (id, URL, events).",
  effect: READ,
  input: () => ({ properties: { offset: OFFSET, limit: LIMIT } }),
  async run(call) {
    const hooks: unknown[] = [];
    for await (const hook of (await call.clients.bugsmash()).webhooks.iterate({})) hooks.push(hook);
    const typed = hooks as { id?: string; webhookUrl?: string; events?: string[] }[];
    return page(call, typed, 'webhooks', 'bs_list_webhooks', (w) =>
      [w.id ?? '', w.webhookUrl ?? '', (w.events ?? []).join(',')].join('\t'),
    );
  },
};

const createWebhookTool: ToolDefinition = {
  name: 'bs_create_webhook',
  title: 'Create a webhook',
  service: 'bugsmash',
  description:
    'Subscribes a URL to comment events. The signing secret BugSmash returns is not shown (it is a secret); the user can create the webhook with `specbound bs webhooks create --secret-out FILE` to keep it.',
  effect: { readOnly: false, destructive: false, idempotent: false },
  input: (specs) => ({
    properties: {
      webhookUrl: bodyProperty(specs.bugsmash, 'createWebhook', 'webhookUrl'),
      events: bodyProperty(specs.bugsmash, 'createWebhook', 'events'),
    },
    required: ['webhookUrl', 'events'],
  }),
  async run(call) {
    refuseWhenNarrowed(call.scope, 'bugsmash', 'a webhook (it belongs to the whole workspace)');
    const { createWebhook } = await import('../../bugsmash/webhooks.js');
    const created = await createWebhook(await call.clients.bugsmash(), {
      url: requireStr(call.args, 'webhookUrl'),
      events: call.args.events as Parameters<typeof createWebhook>[1]['events'],
    });
    call.clients.addSecret(created.secret);
    const { secret, ...shown } = created;
    return objectAnswer(
      `Created webhook ${created.id ?? ''} for ${created.webhookUrl}${secret === undefined ? '' : ' (signing secret withheld)'}.`,
      { ...shown, secret: secret === undefined ? null : '[REDACTED]' },
      call.budget,
    );
  },
};

const testWebhookTool: ToolDefinition = {
  name: 'bs_test_webhook',
  title: 'Send a test delivery',
  service: 'bugsmash',
  description: "Asks BugSmash to send a sample delivery of an event to the workspace's webhooks.",
  effect: { readOnly: false, destructive: false, idempotent: false },
  input: (specs) => ({
    properties: { event: bodyProperty(specs.bugsmash, 'testWebhook', 'event') },
    required: ['event'],
  }),
  async run(call) {
    refuseWhenNarrowed(call.scope, 'bugsmash', "a webhook test (it goes to the whole workspace's webhooks)");
    const event = requireStr(call.args, 'event') as 'new_comment';
    const answer = await (await call.clients.bugsmash()).webhooks.test({ event });
    return objectAnswer(`Sent a test ${event} delivery.`, { event, answer: answer ?? null }, call.budget);
  },
};

const deleteWebhookTool: ToolDefinition = {
  name: 'bs_delete_webhook',
  title: 'Delete a webhook',
  service: 'bugsmash',
  description:
    'Deletes a webhook subscription: its URL gets no more deliveries. Needs confirm: true, after asking the user.',
  effect: { readOnly: false, destructive: true, idempotent: true },
  input: (specs) => ({
    properties: {
      webhookId: paramSchema(specs.bugsmash, 'deleteWebhook', 'webhookId'),
      confirm: { type: 'boolean', description: 'Must be true: the user has confirmed the deletion.' },
    },
    required: ['webhookId', 'confirm'],
  }),
  async run(call) {
    refuseWhenNarrowed(call.scope, 'bugsmash', 'deleting a webhook (it belongs to the whole workspace)');
    const webhookId = requireStr(call.args, 'webhookId');
    requireConfirm(call, `Deleting webhook ${webhookId}`);
    await (await call.clients.bugsmash()).webhooks.delete({ webhookId });
    return objectAnswer(`Deleted webhook ${webhookId}.`, { webhookId, deleted: true }, call.budget);
  },
};

export const BUGSMASH_WEBHOOK_TOOLS: readonly ToolDefinition[] = [
  listWebhooks,
  createWebhookTool,
  testWebhookTool,
  deleteWebhookTool,
];

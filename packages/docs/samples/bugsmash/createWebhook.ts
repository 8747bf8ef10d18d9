import {
  createBugSmashClient,
  WEBHOOK_EVENTS,
} from '@specbound/bugsmash';

const bugsmash = createBugSmashClient({
  apiKey: process.env.BUGSMASH_API_KEY ?? '',
});

// The answer carries the signing secret, shown only this
// once: store it for verifyWebhook.
const created = await bugsmash.webhooks.create({
  webhookUrl: 'https://hooks.example.com/bugsmash',
  events: [...WEBHOOK_EVENTS],
});
console.log(created);

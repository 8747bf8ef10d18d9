import { createBugSmashClient } from '@specbound/bugsmash';

const bugsmash = createBugSmashClient({
  apiKey: process.env.BUGSMASH_API_KEY ?? '',
});

// URL and events are both required; the signing secret is
// kept.
await bugsmash.webhooks.update({
  webhookId: '5d9a3c7e-8f1b-4a2d-b6e4-0c8f2a4d6b93',
  webhookUrl: 'https://hooks.example.com/bugsmash',
  events: ['new_comment', 'status_changed'],
});

import { createBugSmashClient } from '@specbound/bugsmash';

const bugsmash = createBugSmashClient({
  apiKey: process.env.BUGSMASH_API_KEY ?? '',
});

// Sends a test delivery of the event to every webhook
// subscribed to it.
await bugsmash.webhooks.test({ event: 'new_comment' });

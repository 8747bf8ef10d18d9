import { createBugSmashClient } from '@specbound/bugsmash';

const bugsmash = createBugSmashClient({
  apiKey: process.env.BUGSMASH_API_KEY ?? '',
});

await bugsmash.replies.delete({
  replyId: 'e2b8d4f6-1a3c-4d5e-8f7a-9b0c2d4e6f81',
});

import { createBugSmashClient } from '@specbound/bugsmash';

const bugsmash = createBugSmashClient({
  apiKey: process.env.BUGSMASH_API_KEY ?? '',
});

// Deletes the comment and its replies.
await bugsmash.comments.delete({
  commentId: 'c7a1e5d3-2b4f-4e8a-9c6d-1f3b5a7e9d20',
});

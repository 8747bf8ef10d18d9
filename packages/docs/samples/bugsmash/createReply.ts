import { createBugSmashClient } from '@specbound/bugsmash';

const bugsmash = createBugSmashClient({
  apiKey: process.env.BUGSMASH_API_KEY ?? '',
});

// isPrivate replies are visible to the workspace only.
const reply = await bugsmash.replies.create({
  commentId: 'c7a1e5d3-2b4f-4e8a-9c6d-1f3b5a7e9d20',
  text: 'Fixed in the next version.',
  isPrivate: false,
});
console.log(reply);

import { createBugSmashClient } from '@specbound/bugsmash';

const bugsmash = createBugSmashClient({
  apiKey: process.env.BUGSMASH_API_KEY ?? '',
});

// Text, status, priority or privacy: at least one. Returns
// the updated comment.
const comment = await bugsmash.comments.update({
  commentId: 'c7a1e5d3-2b4f-4e8a-9c6d-1f3b5a7e9d20',
  status: 'Resolved',
  priority: 'P2',
});
console.log(comment);

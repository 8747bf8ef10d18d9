import { createBugSmashClient } from '@specbound/bugsmash';

const bugsmash = createBugSmashClient({
  apiKey: process.env.BUGSMASH_API_KEY ?? '',
});

// Note the snake_case plain_text this endpoint takes (the
// others use plainText).
const replies = await bugsmash.replies.list({
  commentId: 'c7a1e5d3-2b4f-4e8a-9c6d-1f3b5a7e9d20',
  plain_text: true,
});
for (const reply of replies)
  console.log(reply.comment_by_name, reply.comment);

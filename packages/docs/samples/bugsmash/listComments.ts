import { createBugSmashClient } from '@specbound/bugsmash';

const bugsmash = createBugSmashClient({
  apiKey: process.env.BUGSMASH_API_KEY ?? '',
});

const projectId = '9b2f6a52-3d1e-4c8a-a1f0-5e7d2c4b8a10';

const list = await bugsmash.comments.list({
  projectId,
  status: 'Active',
  plainText: true,
});
console.log(
  `${list.active} active, ${list.resolved} resolved`,
);
for (const comment of list.data)
  console.log(comment.comment_number, comment.comment);

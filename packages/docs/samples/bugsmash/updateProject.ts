import { createBugSmashClient } from '@specbound/bugsmash';

const bugsmash = createBugSmashClient({
  apiKey: process.env.BUGSMASH_API_KEY ?? '',
});

// This endpoint's wire names are snake_case, and the client
// keeps them.
await bugsmash.projects.update({
  projectId: '9b2f6a52-3d1e-4c8a-a1f0-5e7d2c4b8a10',
  name: 'Marketing site (v2)',
  share_access: 'private',
  anonymous_comments: false,
});

import { createBugSmashClient } from '@specbound/bugsmash';

const bugsmash = createBugSmashClient({
  apiKey: process.env.BUGSMASH_API_KEY ?? '',
});

// Deletes the project with its versions, comments and
// review links.
await bugsmash.projects.delete({
  projectId: '9b2f6a52-3d1e-4c8a-a1f0-5e7d2c4b8a10',
});

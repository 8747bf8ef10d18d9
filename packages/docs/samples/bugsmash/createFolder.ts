import { createBugSmashClient } from '@specbound/bugsmash';

const bugsmash = createBugSmashClient({
  apiKey: process.env.BUGSMASH_API_KEY ?? '',
});

await bugsmash.folders.create({
  name: 'Q3 campaign',
  projectIds: ['9b2f6a52-3d1e-4c8a-a1f0-5e7d2c4b8a10'],
});

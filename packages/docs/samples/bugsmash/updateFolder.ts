import { createBugSmashClient } from '@specbound/bugsmash';

const bugsmash = createBugSmashClient({
  apiKey: process.env.BUGSMASH_API_KEY ?? '',
});

// At least one field: rename, change access, or move
// projects in and out.
const folder = await bugsmash.folders.update({
  folderId: '0f3e7a9c-5d2b-4e1a-8c6f-3b9d7e2a1c48',
  name: 'Q3 campaign (approved)',
  addProjectIds: ['9b2f6a52-3d1e-4c8a-a1f0-5e7d2c4b8a10'],
});
console.log(folder);

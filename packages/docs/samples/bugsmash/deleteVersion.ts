import { createBugSmashClient } from '@specbound/bugsmash';

const bugsmash = createBugSmashClient({
  apiKey: process.env.BUGSMASH_API_KEY ?? '',
});

// Deletes the version with its files and comments.
await bugsmash.versions.delete({
  versionId: '4c1d8e2a-7b3f-4a6e-9d5c-2f8b1a0e6c37',
});

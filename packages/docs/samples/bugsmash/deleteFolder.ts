import { createBugSmashClient } from '@specbound/bugsmash';

const bugsmash = createBugSmashClient({
  apiKey: process.env.BUGSMASH_API_KEY ?? '',
});

await bugsmash.folders.delete({
  folderId: '0f3e7a9c-5d2b-4e1a-8c6f-3b9d7e2a1c48',
});

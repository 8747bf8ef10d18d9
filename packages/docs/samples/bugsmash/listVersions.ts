import { createBugSmashClient } from '@specbound/bugsmash';

const bugsmash = createBugSmashClient({
  apiKey: process.env.BUGSMASH_API_KEY ?? '',
});

const versions = await bugsmash.versions.list({
  projectId: '9b2f6a52-3d1e-4c8a-a1f0-5e7d2c4b8a10',
});
for (const version of versions)
  console.log(version.version_no, version.version_name);

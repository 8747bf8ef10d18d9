import { createBugSmashClient } from '@specbound/bugsmash';

const bugsmash = createBugSmashClient({
  apiKey: process.env.BUGSMASH_API_KEY ?? '',
});

const version = await bugsmash.versions.get({
  versionId: '4c1d8e2a-7b3f-4a6e-9d5c-2f8b1a0e6c37',
});
console.log(
  version.version_name,
  version.upload_status,
  version.short_url,
);

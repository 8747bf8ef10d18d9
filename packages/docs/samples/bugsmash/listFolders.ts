import { createBugSmashClient } from '@specbound/bugsmash';

const bugsmash = createBugSmashClient({
  apiKey: process.env.BUGSMASH_API_KEY ?? '',
});

const folders = await bugsmash.folders.list();
for (const folder of folders)
  console.log(
    folder.name,
    folder.share_access,
    folder.parent_id ?? '(root)',
  );

import { createDriveClient, SCRIPT_MIME_TYPE } from '@specbound/drive';

const drive = createDriveClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});

// One page; ask for the fields you read (Drive sends only kind, id, name and mimeType otherwise).
const page = await drive.files.list({
  q: `mimeType = '${SCRIPT_MIME_TYPE}' and name contains 'Invoice' and trashed = false`,
  fields: 'nextPageToken,files(id,name,modifiedTime)',
  orderBy: 'modifiedTime desc',
  pageSize: 100,
});
for (const file of page.files ?? []) console.log(file.name, file.id);

// Or every file, page after page (a page is fetched only when reached).
const all = await drive.files.iterate({ q: "'1BxiMVs0XRA5nFMdKvBdBZjgm' in parents" }).all({ limit: 500 });
console.log(all.length, 'files in the folder');

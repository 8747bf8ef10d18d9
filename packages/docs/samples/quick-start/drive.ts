import { createDriveClient, GOOGLE_APPS_MIME_TYPES, SCRIPT_MIME_TYPE } from '@specbound/drive';

const drive = createDriveClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});

// Every Apps Script project is a Drive file of the script MIME type; its id is the script id.
const q = `mimeType = '${SCRIPT_MIME_TYPE}' and trashed = false`;
for await (const file of drive.files.iterate({ q, fields: 'nextPageToken,files(id,name)' })) {
  console.log(file.name, file.id);
}

// An empty spreadsheet: the container a bound script is created in (projects.create with parentId).
const sheet = await drive.files.create({
  name: 'Invoices 2026',
  mimeType: GOOGLE_APPS_MIME_TYPES.sheets,
  fields: 'id,webViewLink',
});
console.log(sheet.webViewLink);

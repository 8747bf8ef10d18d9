import { createDriveClient, GOOGLE_APPS_MIME_TYPES } from '@specbound/drive';

const drive = createDriveClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});

// Metadata only: an empty Google Sheets file in a folder (docs, forms, slides work alike).
const sheet = await drive.files.create({
  name: 'Invoices 2026',
  mimeType: GOOGLE_APPS_MIME_TYPES.sheets,
  parents: ['1BxiMVs0XRA5nFMdKvBdBZjgm'],
  fields: 'id,name,webViewLink',
});
console.log(sheet.id, sheet.webViewLink);

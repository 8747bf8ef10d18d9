import { createDriveClient, NotFoundError } from '@specbound/drive';

const drive = createDriveClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});

try {
  const file = await drive.files.get({
    fileId: '1BxiMVs0XRA5nFMdKvBdBZjgm',
    fields: 'id,name,mimeType,webViewLink,trashed',
  });
  console.log(file.name, file.mimeType, file.webViewLink);
} catch (error) {
  // Drive's legacy errors[].reason is the stable code: notFound here.
  if (!(error instanceof NotFoundError)) throw error;
  console.error(error.body?.error.errors?.[0]?.reason);
}

import { createDriveClient } from '@specbound/drive';

const drive = createDriveClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});

// Deletes for good (no trash). A container's bound scripts go with it; deleting a script's file
// deletes the project. Resolves to undefined (Drive answers 204).
await drive.files.delete({ fileId: '1BxiMVs0XRA5nFMdKvBdBZjgm' });

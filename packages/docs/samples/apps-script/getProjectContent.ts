import { createAppsScriptClient } from '@specbound/apps-script';

const client = createAppsScriptClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});
const scriptId = '1AbCdEfGhIjKlMnOp_qRsTuV';

// Omit versionNumber for the HEAD (latest saved) content.
const content = await client.projects.getContent({
  scriptId,
  versionNumber: 3,
});
for (const file of content.files ?? []) {
  console.log(file.name, file.type, file.source?.length);
}

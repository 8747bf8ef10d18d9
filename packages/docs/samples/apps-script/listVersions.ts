import { createAppsScriptClient } from '@specbound/apps-script';

const client = createAppsScriptClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});
const scriptId = '1AbCdEfGhIjKlMnOp_qRsTuV';

const firstPage = await client.projects.versions.list({
  scriptId,
  pageSize: 50,
});
console.log(
  firstPage.versions?.map((v) => v.versionNumber),
  firstPage.nextPageToken,
);

// Every version across pages, at most 100:
const versions = await client.projects.versions
  .iterate({ scriptId })
  .all({ limit: 100 });
console.log(versions.length);

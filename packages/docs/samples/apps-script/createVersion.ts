import { createAppsScriptClient } from '@specbound/apps-script';

const client = createAppsScriptClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});

// Snapshots the current content as an immutable, numbered
// version.
const version = await client.projects.versions.create({
  scriptId: '1AbCdEfGhIjKlMnOp_qRsTuV',
  description: 'Adds the monthly invoice run',
});
console.log(version.versionNumber, version.createTime);

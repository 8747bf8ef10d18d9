import { createAppsScriptClient } from '@specbound/apps-script';

const client = createAppsScriptClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});

const version = await client.projects.versions.get({
  scriptId: '1AbCdEfGhIjKlMnOp_qRsTuV',
  versionNumber: 3,
});
console.log(version.description, version.createTime);

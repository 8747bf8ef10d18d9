import { createAppsScriptClient } from '@specbound/apps-script';

const client = createAppsScriptClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});
const scriptId = '1AbCdEfGhIjKlMnOp_qRsTuV';

const version = await client.projects.versions.create({
  scriptId,
  description: 'May release',
});
const deployment = await client.projects.deployments.create(
  {
    scriptId,
    versionNumber: version.versionNumber ?? 1,
    manifestFileName: 'appsscript',
    description: 'Production',
  },
);
console.log(deployment.deploymentId);

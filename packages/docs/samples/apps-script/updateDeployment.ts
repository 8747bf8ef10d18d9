import { createAppsScriptClient } from '@specbound/apps-script';

const client = createAppsScriptClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});
const scriptId = '1AbCdEfGhIjKlMnOp_qRsTuV';

// Point an existing deployment (and every URL that uses it)
// at version 4.
const deployment = await client.projects.deployments.update(
  {
    scriptId,
    deploymentId: 'AKfycbx9fQ2Lm_Vt8Rk',
    deploymentConfig: {
      scriptId,
      versionNumber: 4,
      manifestFileName: 'appsscript',
      description: 'v4',
    },
  },
);
console.log(deployment.updateTime);

import { createAppsScriptClient } from '@specbound/apps-script';

const client = createAppsScriptClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});

await client.projects.deployments.delete({
  scriptId: '1AbCdEfGhIjKlMnOp_qRsTuV',
  deploymentId: 'AKfycbx9fQ2Lm_Vt8Rk',
});

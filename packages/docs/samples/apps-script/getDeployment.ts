import {
  createAppsScriptClient,
  NotFoundError,
} from '@specbound/apps-script';

const client = createAppsScriptClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});
const scriptId = '1AbCdEfGhIjKlMnOp_qRsTuV';

try {
  const deployment = await client.projects.deployments.get({
    scriptId,
    deploymentId: 'AKfycbx9fQ2Lm_Vt8Rk',
  });
  for (const entry of deployment.entryPoints ?? [])
    console.log(entry.entryPointType);
} catch (error) {
  if (error instanceof NotFoundError)
    console.log('no such deployment');
  else throw error;
}

import { createAppsScriptClient, ScriptExecutionError } from '@specbound/apps-script';

const client = createAppsScriptClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});

const project = await client.projects.get({
  scriptId: '1AbCdEfGhIjKlMnOp_qRsTuV',
});
console.log(project.title, project.updateTime);

try {
  const deploymentId = 'AKfycbx9fQ2Lm_Vt8Rk';
  console.log(
    await client.scripts.run({
      deploymentId,
      function: 'sendInvoices',
      parameters: ['2026-05'],
    }),
  );
} catch (error) {
  if (!(error instanceof ScriptExecutionError)) throw error; // an ApiError: the call itself failed
  console.error(error.errorMessage, error.scriptStackTraceElements);
}

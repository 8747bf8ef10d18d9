import { createAppsScriptClient } from '@specbound/apps-script';

const client = createAppsScriptClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});
const scriptId = '1AbCdEfGhIjKlMnOp_qRsTuV';

const metrics = await client.projects.getMetrics({
  scriptId,
  metricsGranularity: 'DAILY',
  'metricsFilter.deploymentId': 'AKfycbx9fQ2Lm_Vt8Rk',
});
for (const day of metrics.totalExecutions ?? []) {
  console.log(day.startTime, day.value);
}

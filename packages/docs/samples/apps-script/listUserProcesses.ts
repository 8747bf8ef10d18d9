import { createAppsScriptClient } from '@specbound/apps-script';

const client = createAppsScriptClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});

// Sent as userProcessFilter.statuses=FAILED&userProcessFilt
// er.statuses=TIMED_OUT.
const page = await client.processes.list({
  statuses: ['FAILED', 'TIMED_OUT'],
  pageSize: 50,
});
for (const process of page.processes ?? []) {
  console.log(
    process.projectName,
    process.functionName,
    process.processStatus,
    process.startTime,
  );
}

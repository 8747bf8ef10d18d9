import { createAppsScriptClient } from '@specbound/apps-script';

const client = createAppsScriptClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});

const processes = client.processes.iterateScriptProcesses({
  scriptId: '1AbCdEfGhIjKlMnOp_qRsTuV',
  functionName: 'sendInvoices',
  types: ['TIME_DRIVEN'],
});
for await (const process of processes) {
  console.log(
    process.startTime,
    process.duration,
    process.processStatus,
  );
}

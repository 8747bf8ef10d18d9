import {
  appsScriptFilter,
  createLoggingClient,
  entryMessage,
} from '@specbound/logging';

const logging = createLoggingClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});

// The warnings and errors of one Apps Script function in
// the last hour, oldest first, every page.
const filter = appsScriptFilter({
  functionName: 'sendInvoices',
  severity: 'WARNING',
  since: new Date(Date.now() - 3_600_000),
});
for await (const entry of logging.entries.iterate({
  resourceNames: ['projects/my-gcp-project'],
  filter,
  orderBy: 'timestamp asc',
})) {
  console.log(
    entry.timestamp,
    entry.severity,
    entryMessage(entry),
  );
}

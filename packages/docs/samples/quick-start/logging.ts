import { appsScriptFilter, createLoggingClient, entryMessage } from '@specbound/logging';

const logging = createLoggingClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});

// The lines one Apps Script execution wrote, oldest first.
const filter = appsScriptFilter({ processId: '1234567890' });
for await (const entry of logging.entries.iterate({
  resourceNames: ['projects/my-gcp-project'],
  filter,
})) {
  console.log(entry.timestamp, entry.severity, entryMessage(entry));
}

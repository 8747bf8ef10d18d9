import {
  ContentValidationError,
  createAppsScriptClient,
} from '@specbound/apps-script';

const client = createAppsScriptClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});
const scriptId = '1AbCdEfGhIjKlMnOp_qRsTuV';

try {
  // Replaces every file: send the manifest and all the
  // code, not only what changed.
  await client.projects.updateContent({
    scriptId,
    files: [
      {
        name: 'appsscript',
        type: 'JSON',
        source:
          '{"timeZone":"Europe/Paris","runtimeVersion":"V8"}',
      },
      {
        name: 'Code',
        type: 'SERVER_JS',
        source:
          'function sum(a, b) {\n  return a + b;\n}\n',
      },
    ],
  });
} catch (error) {
  // Checked before sending: one `appsscript` JSON manifest,
  // unique names, known file types.
  if (error instanceof ContentValidationError)
    console.error(error.problems);
  else throw error;
}

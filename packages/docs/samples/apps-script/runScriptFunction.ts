import {
  createAppsScriptClient,
  ScriptExecutionError,
} from '@specbound/apps-script';

const client = createAppsScriptClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});

try {
  // Resolves to the function's return value. The default
  // timeout (6.5 min) outlasts Google's 6-minute limit.
  const total = await client.scripts.run({
    deploymentId: 'AKfycbx9fQ2Lm_Vt8Rk',
    function: 'sum',
    parameters: [1, 2],
  });
  console.log(total as number);
} catch (error) {
  // Google answers HTTP 200 when the function throws; the
  // client raises ScriptExecutionError.
  if (!(error instanceof ScriptExecutionError)) throw error;
  console.error(error.errorMessage);
  for (const frame of error.scriptStackTraceElements)
    console.error(
      `  at ${frame.function}:${frame.lineNumber}`,
    );
}

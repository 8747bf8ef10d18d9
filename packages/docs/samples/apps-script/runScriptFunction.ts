import {
  createAppsScriptClient,
  ScriptExecutionError,
} from '@specbound/apps-script';

const client = createAppsScriptClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});

try {
  // Resolves to the function's return value; give
  // long-running functions a longer timeout.
  const total = await client.scripts.run(
    {
      deploymentId: 'AKfycbx9fQ2Lm_Vt8Rk',
      function: 'sum',
      parameters: [1, 2],
    },
    { timeout: 7 * 60_000 },
  );
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

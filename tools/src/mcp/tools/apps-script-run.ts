// Runs a function through scripts.run, addressed by deployment id (found as `specbound gas run` finds
// it, never the script id unless devMode), and answers its result or its typed script error, with the
// log lines the run wrote when the server knows where to read them (the embedded emulator).
import { UsageError } from '../../errors.js';
import { objectAnswer } from '../answer.js';
import { bodyProperty, paramSchema } from '../spec.js';
import type { ToolDefinition } from '../tool.js';
import { requiredUnless, requireStr, scriptIdOf, str } from './common.js';

export const runTool: ToolDefinition = {
  name: 'gas_run',
  title: 'Run a function',
  service: 'apps-script',
  description:
    "Runs a function of the project's API-executable deployment (the one named, else the versioned one updated last) and answers its return value, or the script's error with its stack, and the log lines of the run. A script can change anything its scopes allow, so this counts as a write.",
  effect: { readOnly: false, destructive: true, idempotent: false },
  input: (specs, scope) => ({
    properties: {
      scriptId: paramSchema(specs.appsScript, 'getProject', 'scriptId'),
      function: bodyProperty(specs.appsScript, 'runScriptFunction', 'function'),
      parameters: bodyProperty(specs.appsScript, 'runScriptFunction', 'parameters'),
      deploymentId: {
        type: 'string',
        description: "The API-executable deployment to run (default: found from the project's deployments).",
      },
      devMode: bodyProperty(specs.appsScript, 'runScriptFunction', 'devMode'),
    },
    required: [...requiredUnless('scriptId', scope.project), 'function'],
  }),
  async run(call) {
    const scriptId = scriptIdOf(call);
    const functionName = requireStr(call.args, 'function');
    const [{ runFunction }, { ScriptExecutionError }] = await Promise.all([
      import('../../apps-script/run.js'),
      import('@specbound/apps-script'),
    ]);
    const client = await call.clients.appsScript();
    const deploymentId = str(call.args, 'deploymentId');
    if (deploymentId !== undefined && call.scope.project !== undefined) {
      // scripts.run addresses a deployment alone: on a narrowed server it must be one of the project's.
      const { listDeployments } = await import('../../apps-script/deploy.js');
      const own = await listDeployments(client, { scriptId });
      if (!own.some((d) => d.deploymentId === deploymentId)) {
        throw new UsageError(`Deployment ${deploymentId} is not one of project ${scriptId}'s.`, {
          hint: "List them with gas_list_deployments, or omit deploymentId to run the project's API executable.",
        });
      }
    }
    const started = Date.now();
    const logs = () => call.clients.scriptLogs(scriptId, functionName, started);
    try {
      const result = await runFunction(client, {
        scriptId,
        functionName,
        parameters: Array.isArray(call.args.parameters) ? call.args.parameters : [],
        deploymentId,
        devMode: call.args.devMode === true,
      });
      const lines = await logs();
      return objectAnswer(
        `${functionName} returned ${JSON.stringify(result.result) ?? 'nothing'} (via ${result.target}).${lines === undefined ? '' : `\nLog:\n${lines.join('\n') || '(none)'}`}`,
        { ...result, logs: lines ?? null },
        call.budget,
      );
    } catch (error) {
      if (!(error instanceof ScriptExecutionError)) throw error;
      const lines = await logs();
      const stack = error.scriptStackTraceElements
        .map((s) => `  at ${s.function}:${s.lineNumber}`)
        .join('\n');
      const answer = objectAnswer(
        `${functionName} threw ${error.errorType ?? 'an error'}: ${error.errorMessage}\n${stack}${lines === undefined ? '' : `\nLog:\n${lines.join('\n') || '(none)'}`}`,
        {
          functionName,
          error: {
            type: error.errorType ?? null,
            message: error.errorMessage,
            stack: error.scriptStackTraceElements,
          },
          logs: lines ?? null,
        },
        call.budget,
      );
      return { ...answer, isError: true };
    }
  },
};

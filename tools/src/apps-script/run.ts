// Running a function through the Execution API: find the API-executable deployment (or run the saved
// code with devMode), send the parameters, return the result. A script error is thrown as the
// client's ScriptExecutionError (message, type and script stack).
import type { AppsScriptClient, Deployment } from '@specbound/apps-script';
import { ToolsError, UsageError } from '../errors.js';
import { isHeadDeployment, listDeployments } from './deploy.js';

/** Parses `--params`: a JSON array of the function's arguments. */
export function parseParams(text: string): unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--params is not valid JSON: ${(error as Error).message}`, {
      code: 'params-not-json',
    });
  }
  if (!Array.isArray(value)) {
    throw new UsageError('--params must be a JSON array (one element per argument).', {
      code: 'params-not-array',
      details: { params: text.trim() },
    });
  }
  return value;
}

function isApiExecutable(deployment: Deployment): boolean {
  return deployment.entryPoints?.some((e) => e.entryPointType === 'EXECUTION_API') === true;
}

/**
 * The deployment `scripts.run` should address: the preferred one when it is an API executable,
 * otherwise the versioned API-executable deployment updated last.
 */
export async function findExecutableDeployment(
  client: AppsScriptClient,
  options: { scriptId: string; preferred?: string | undefined },
): Promise<Deployment> {
  const executable = (await listDeployments(client, { scriptId: options.scriptId })).filter(
    (d) => isApiExecutable(d) && !isHeadDeployment(d),
  );
  const preferred = executable.find((d) => d.deploymentId === options.preferred);
  if (preferred !== undefined) return preferred;
  const newest = executable.sort((a, b) => (b.updateTime ?? '').localeCompare(a.updateTime ?? ''))[0];
  if (newest === undefined) {
    throw new ToolsError(`Script ${options.scriptId} has no deployment that can be run through the API.`, {
      code: 'not-api-executable',
      details: { scriptId: options.scriptId },
    });
  }
  return newest;
}

export interface RunOptions {
  scriptId: string;
  functionName: string;
  parameters?: unknown[] | undefined;
  /** Run the most recently saved code (owner only) instead of a deployed version. */
  devMode?: boolean | undefined;
  /** Run this deployment; by default the API-executable one is found. */
  deploymentId?: string | undefined;
  /** A deployment to prefer when looking (e.g. the one `deploy` recorded). */
  preferredDeploymentId?: string | undefined;
}

export interface RunResult {
  functionName: string;
  result: unknown;
  /** What the request addressed: a deployment id, or the script id in dev mode. */
  target: string;
  devMode: boolean;
}

/** Runs a function and returns its result; throws `ScriptExecutionError` when the function throws. */
export async function runFunction(client: AppsScriptClient, options: RunOptions): Promise<RunResult> {
  if (options.functionName.trim() === '') {
    throw new UsageError('No function name.', { code: 'function-name-missing' });
  }
  const devMode = options.devMode === true;
  const target = devMode
    ? (options.deploymentId ?? options.scriptId)
    : (options.deploymentId ??
      (
        await findExecutableDeployment(client, {
          scriptId: options.scriptId,
          preferred: options.preferredDeploymentId,
        })
      ).deploymentId);
  if (target === undefined) {
    throw new ToolsError('The service listed a deployment without its id.', {
      code: 'deployment-without-id',
      details: { scriptId: options.scriptId },
    });
  }
  const result = await client.scripts.run({
    deploymentId: target,
    function: options.functionName,
    parameters: options.parameters ?? [],
    ...(devMode ? { devMode: true } : {}),
  });
  return { functionName: options.functionName, result, target, devMode };
}

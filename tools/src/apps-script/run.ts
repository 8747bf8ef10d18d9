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
  return pickExecutable(await listDeployments(client, { scriptId: options.scriptId }), options).chosen;
}

/** The preferred (or else newest) API-executable deployment, and the newest one. */
function pickExecutable(
  deployments: readonly Deployment[],
  options: { scriptId: string; preferred?: string | undefined },
): { chosen: Deployment; newest: Deployment } {
  const executable = deployments
    .filter((d) => isApiExecutable(d) && !isHeadDeployment(d))
    .sort((a, b) => (b.updateTime ?? '').localeCompare(a.updateTime ?? ''));
  const newest = executable[0];
  if (newest === undefined) {
    throw new ToolsError(`Script ${options.scriptId} has no deployment that can be run through the API.`, {
      code: 'not-api-executable',
      details: { scriptId: options.scriptId },
    });
  }
  return { chosen: executable.find((d) => d.deploymentId === options.preferred) ?? newest, newest };
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
  /** The version the deployment serves (not in dev mode: that runs the latest pushed code). */
  versionNumber?: number | undefined;
  /**
   * An API-executable deployment updated after the one that ran (a teammate's deploy): the run used
   * the preferred one, and this says there is a newer one.
   */
  newer?: { deploymentId: string; versionNumber: number | undefined } | undefined;
}

/** Runs a function and returns its result; throws `ScriptExecutionError` when the function throws. */
export async function runFunction(client: AppsScriptClient, options: RunOptions): Promise<RunResult> {
  if (options.functionName.trim() === '') {
    throw new UsageError('No function name.', { code: 'function-name-missing' });
  }
  const devMode = options.devMode === true;
  const chosen = devMode ? undefined : await deploymentToRun(client, options);
  const target = devMode ? (options.deploymentId ?? options.scriptId) : chosen?.deployment.deploymentId;
  if (target === undefined) {
    throw new ToolsError('The service listed a deployment without its id.', {
      code: 'deployment-without-id',
      details: { scriptId: options.scriptId },
    });
  }
  let result: unknown;
  try {
    result = await client.scripts.run({
      deploymentId: target,
      function: options.functionName,
      parameters: options.parameters ?? [],
      ...(devMode ? { devMode: true } : {}),
    });
  } catch (error) {
    // Which code threw (the version, or HEAD when undefined), for a caller mapping its stack (stack-map.ts).
    if (error instanceof Error && error.name === 'ScriptExecutionError') {
      const version = devMode ? undefined : chosen?.deployment.deploymentConfig?.versionNumber;
      Object.defineProperty(error, 'ranVersion', { value: version });
    }
    throw explainRunError(error, { ...options, target, devMode });
  }
  return {
    functionName: options.functionName,
    result,
    target,
    devMode,
    versionNumber: chosen?.deployment.deploymentConfig?.versionNumber,
    newer: chosen?.newer,
  };
}

async function deploymentToRun(
  client: AppsScriptClient,
  options: RunOptions,
): Promise<{ deployment: Deployment; newer?: RunResult['newer'] }> {
  if (options.deploymentId !== undefined) {
    try {
      return {
        deployment: await client.projects.deployments.get({
          scriptId: options.scriptId,
          deploymentId: options.deploymentId,
        }),
      };
    } catch (error) {
      if (googleStatus(error) !== 404) throw error;
      throw new ToolsError(
        `Deployment ${options.deploymentId} does not exist in script ${options.scriptId}.`,
        {
          code: 'deployment-not-found',
          details: { scriptId: options.scriptId, deploymentId: options.deploymentId },
          cause: error,
        },
      );
    }
  }
  const { chosen, newest } = pickExecutable(await listDeployments(client, { scriptId: options.scriptId }), {
    scriptId: options.scriptId,
    preferred: options.preferredDeploymentId,
  });
  // The recorded deployment ran; a teammate's later deploy of another one is worth a word.
  if (newest === chosen || newest.deploymentId === undefined) return { deployment: chosen };
  return {
    deployment: chosen,
    newer: { deploymentId: newest.deploymentId, versionNumber: newest.deploymentConfig?.versionNumber },
  };
}

function googleStatus(error: unknown): number | undefined {
  return error instanceof Error && 'status' in error && typeof error.status === 'number'
    ? error.status
    : undefined;
}

/** Google's own message and ErrorInfo reason from its error body, when there is one. */
function googleError(error: Error): { message: string; reason: string | undefined } {
  const body = ('body' in error ? error.body : undefined) as
    | { error?: { message?: unknown; details?: { reason?: unknown }[] } }
    | undefined;
  const message = typeof body?.error?.message === 'string' ? body.error.message : error.message;
  const reason = body?.error?.details?.map((d) => d.reason).find((r) => typeof r === 'string');
  return { message, reason: typeof reason === 'string' ? reason : undefined };
}

/**
 * scripts.run's 404 and 403 each mean one of a few things; Google's message tells which. The error
 * keeps that message (what Google returned) and gets a code for what to do.
 */
function explainRunError(error: unknown, run: RunOptions & { target: string; devMode: boolean }): unknown {
  const status = googleStatus(error);
  if (!(error instanceof Error) || (status !== 404 && status !== 403)) return error;
  const google = googleError(error);
  const details = {
    scriptId: run.scriptId,
    target: run.target,
    functionName: run.functionName,
    devMode: String(run.devMode),
    google: google.message,
  };
  const said = `Google answered ${status}: ${google.message}`;
  if (status === 404 && /function not found/i.test(google.message)) {
    return new ToolsError(`No function "${run.functionName}" in the code that ran (${said}).`, {
      code: 'run-function-not-found',
      details,
      cause: error,
    });
  }
  if (status === 404) {
    return new ToolsError(`${run.target} cannot be run through the API (${said}).`, {
      code: 'run-not-api-executable',
      details,
      cause: error,
    });
  }
  if (
    google.reason === 'ACCESS_TOKEN_SCOPE_INSUFFICIENT' ||
    /insufficient authentication scopes/i.test(google.message)
  ) {
    return new ToolsError(`The sign-in lacks a scope the script needs (${said}).`, {
      code: 'run-scope-missing',
      details,
      cause: error,
    });
  }
  return new ToolsError(`Not allowed to run ${run.target} (${said}).`, {
    code: 'run-permission-denied',
    details,
    cause: error,
  });
}

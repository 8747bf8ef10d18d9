// `scripts.run`: resolves the deployment and files, records an EXECUTION_API process, runs the
// function in the sandbox pool and answers Google's Operation. A run whose client goes away is
// stopped and recorded as CANCELED; one stopped by a reset leaves no trace (its state is gone);
// when every worker is busy and the queue is full the answer is Google's 429 RESOURCE_EXHAUSTED.

import type { components } from '@specbound/apps-script/schema';
import { ServiceError } from '../core/types.ts';
import { clockOf } from '../runtime/clock.ts';
import { runHost } from '../runtime/host.ts';
import { PoolBusy, RunStopped } from '../sandbox/pool.ts';
import type { RunJob, RunOutcome } from '../sandbox/types.ts';
import type { AppsScriptBackend } from './backend.ts';
import { nowIso } from './backend.ts';
import { executionApiAccess, type Manifest, manifestFrom, runtimeOf } from './content.ts';
import { googleError, invalidArgument, notFound, permissionDenied } from './errors.ts';
import { type AppsScriptHandlers, ok } from './handlers.ts';
import type { AsDeployment, AsFile, AsProject, AsUser, ProcessStatus, ProcessType } from './model.ts';

type Operation = components['schemas']['Operation'];

/**
 * Resolves what `scripts.run` runs: the path id names an API-executable deployment (or, as it did
 * before several deployments existed, the script, whose newest API-executable deployment runs).
 * `devMode` runs HEAD and only for the owner.
 */
function resolveRun(
  b: AppsScriptBackend,
  user: AsUser,
  id: string,
  devMode: boolean,
): { project: AsProject; deployment: AsDeployment; files: AsFile[] } {
  let project: AsProject | undefined;
  let deployment: AsDeployment | undefined;
  for (const p of b.projects.values()) {
    const d = p.deployments.find((x) => x.deploymentId === id);
    if (d !== undefined) {
      project = p;
      deployment = d;
      break;
    }
  }
  if (project === undefined) {
    project = b.projects.get(id);
    if (project === undefined) throw notFound();
    const p = project;
    deployment = [...p.deployments]
      .reverse()
      .find(
        (d) =>
          d.versionNumber !== undefined &&
          executionApiAccess(manifestFrom(b.deploymentFiles(p, d))) !== undefined,
      );
    if (deployment === undefined && devMode) deployment = p.deployments[0];
  }
  if (deployment === undefined) throw notFound();
  const isOwner = project.creator === user.email;
  const head = devMode || deployment.versionNumber === undefined;
  if (head && !isOwner) throw permissionDenied();
  const files = head ? project.files : b.deploymentFiles(project, deployment);
  const access = executionApiAccess(manifestFrom(files, deployment.manifestFileName));
  // Not deployed as an API executable: Google answers with a plain 404.
  if (access === undefined) throw notFound();
  if (!isOwner) {
    const ownerDomain = project.creator.split('@')[1];
    if (access === 'MYSELF' || (access === 'DOMAIN' && user.domain !== ownerDomain)) throw permissionDenied();
  }
  return { project, deployment, files };
}

function operationOf(outcome: RunOutcome): Operation {
  if (outcome.kind === 'ok') {
    const response: NonNullable<Operation['response']> = {
      '@type': 'type.googleapis.com/google.apps.script.v1.ExecutionResponse',
    };
    if ('result' in outcome) response.result = outcome.result;
    return { done: true, response };
  }
  if (outcome.kind === 'not-found') return { done: true };
  return {
    done: true,
    error: {
      code: outcome.kind === 'timeout' ? 10 : 3,
      message: 'ScriptError',
      details: [
        {
          '@type': 'type.googleapis.com/google.apps.script.v1.ExecutionError',
          errorMessage: outcome.errorMessage,
          errorType: outcome.errorType,
          scriptStackTraceElements: outcome.stack,
        },
      ],
    },
  };
}

async function runFunction(
  b: AppsScriptBackend,
  user: AsUser,
  id: string,
  request: components['schemas']['ExecutionRequest'],
  signal?: AbortSignal,
): Promise<Operation> {
  const functionName = request.function;
  if (functionName === undefined || functionName === '')
    throw invalidArgument('Function name must be set.', 'function');
  const { project, deployment, files } = resolveRun(b, user, id, request.devMode === true);
  // Functions ending in an underscore are private to the script.
  if (functionName.split('.').some((part) => part.endsWith('_')))
    throw notFound(`Script function not found: ${functionName}`);
  const outcome = await executeRun(b, {
    project,
    files,
    manifestFileName: deployment.manifestFileName,
    deploymentId: deployment.deploymentId,
    user,
    functionName,
    parameters: request.parameters ?? [],
    processType: 'EXECUTION_API',
    ...(signal === undefined ? {} : { signal }),
  });
  if (outcome.kind === 'not-found') throw notFound(`Script function not found: ${functionName}`);
  return operationOf(outcome);
}

/** Google's limit on one run, the emulator's default `runTimeoutMs`: 6 minutes. */
export const RUN_TIME_LIMIT_MS = 6 * 60_000;
/** Google's limit on a custom function (a function a spreadsheet formula calls): 30 seconds. */
export const CUSTOM_FUNCTION_TIME_LIMIT_MS = 30_000;

/** How long a run may take: the emulator's run limit, and at most 30 seconds for a custom function. */
export function runTimeLimitMs(runTimeoutMs: number, run: { customFunction?: boolean }): number {
  return run.customFunction === true ? Math.min(runTimeoutMs, CUSTOM_FUNCTION_TIME_LIMIT_MS) : runTimeoutMs;
}

/** One run of a project's function, however it was started (the Execution API, a trigger). */
interface RunRequest {
  project: AsProject;
  files: readonly AsFile[];
  manifestFileName?: string;
  deploymentId?: string;
  user: AsUser;
  functionName: string;
  parameters: unknown[];
  processType: ProcessType;
  /**
   * Called as a custom function (from a spreadsheet formula): Google stops it after 30 seconds. The
   * emulator stores formulas without evaluating them, so no path of its own sets this yet; one that
   * evaluates formulas passes it.
   */
  customFunction?: boolean;
  signal?: AbortSignal;
}

/** What the sandbox pool runs: the project's server files, the run's context and its limits. */
function sandboxJob(b: AppsScriptBackend, run: RunRequest, manifest: Manifest): RunJob {
  const { project, user, functionName } = run;
  return {
    files: run.files.filter((f) => f.type === 'SERVER_JS').map((f) => ({ name: f.name, source: f.source })),
    context: {
      scriptId: project.scriptId,
      userEmail: user.email,
      timeZone: typeof manifest.timeZone === 'string' ? manifest.timeZone : 'America/New_York',
      clockOffsetMs: clockOf(b).offsetMs,
      htmlFiles: Object.fromEntries(
        run.files.filter((f) => f.type === 'HTML').map((f) => [f.name, f.source]),
      ),
      ...(project.parentId === undefined ? {} : { documentId: project.parentId }),
    },
    functionName,
    parameters: run.parameters,
    timeoutMs: runTimeLimitMs(b.options.runTimeoutMs, run),
    memoryLimitBytes: b.options.runMemoryBytes,
  };
}

/**
 * Records a finished run's log lines: each in the emulator's log (and `onLog`), and the run as a
 * whole in Cloud Logging under its process. Not called after a reset (the run's state is gone).
 */
function recordRunLogs(
  b: AppsScriptBackend,
  run: RunRequest,
  index: number,
  outcome: RunOutcome,
  generation: number,
): void {
  const { project, user, functionName } = run;
  const at = nowIso();
  for (const line of outcome.logs) {
    const entry = { at, scriptId: project.scriptId, functionName, line };
    b.logs.add(entry);
    b.options.onLog?.(entry);
  }
  b.cloudLogs.addRun(
    {
      processIndex: index,
      scriptId: project.scriptId,
      functionName,
      processType: run.processType,
      deploymentId: run.deploymentId,
      user: user.email,
      at,
      lines: outcome.logs,
      error: outcome.kind === 'error' || outcome.kind === 'timeout' ? outcome.errorMessage : undefined,
    },
    generation,
  );
}

/**
 * Runs a function in the sandbox with the project's Google services, recording it as a process
 * (RUNNING, then how it ended) and its log lines. A busy pool or a stopped run is thrown as Google's
 * error; anything else ends as the run's outcome.
 */
export async function executeRun(b: AppsScriptBackend, run: RunRequest): Promise<RunOutcome> {
  const { project, user, functionName } = run;
  const pool = b.options.pool;
  if (!pool.accepts())
    throw new ServiceError(
      googleError(
        429,
        'Resource has been exhausted (e.g. check quota): every script runner of the emulator is busy. Retry later.',
      ),
    );
  const generation = b.generation;
  const started = Date.now();
  const manifest = manifestFrom(run.files, run.manifestFileName);
  const index = b.processes.append({
    scriptId: project.scriptId,
    ...(run.deploymentId === undefined ? {} : { deploymentId: run.deploymentId }),
    projectName: project.title,
    functionName,
    processType: run.processType,
    processStatus: 'RUNNING',
    userAccessLevel: project.creator === user.email ? 'OWNER' : 'READ',
    user: user.email,
    startTime: nowIso(),
    runtimeVersion: runtimeOf(manifest),
  });
  b.touch('as.processes', String(index));
  const finish = (status: ProcessStatus, durationMs: number) => {
    // After a reset the index names another process (or none): the run's state is gone.
    if (b.generation !== generation) return;
    b.processes.finish(index, status, durationMs);
    b.touch('as.processes', String(index));
  };
  let outcome: RunOutcome;
  const host = runHost(b, project, user.email);
  try {
    outcome = await pool.run(sandboxJob(b, run, manifest), run.signal, host.handler);
  } catch (error) {
    if (error instanceof RunStopped) {
      finish('CANCELED', Date.now() - started);
      throw new ServiceError(
        googleError(409, `The script run was stopped: ${error.message}.`, undefined, 'ABORTED'),
      );
    }
    if (error instanceof PoolBusy) {
      finish('FAILED', 0);
      throw new ServiceError(googleError(429, `Resource has been exhausted: ${error.message}. Retry later.`));
    }
    // The worker itself failed (out of memory past its limits, say): the run failed.
    outcome = {
      kind: 'error',
      errorType: 'ScriptError',
      errorMessage: `The script run failed: ${error instanceof Error ? error.message : String(error)}`,
      stack: [],
      logs: [],
      durationMs: Date.now() - started,
    };
  } finally {
    host.dispose();
  }
  if (b.generation === generation) recordRunLogs(b, run, index, outcome, generation);
  finish(
    outcome.kind === 'ok' ? 'COMPLETED' : outcome.kind === 'timeout' ? 'TIMED_OUT' : 'FAILED',
    outcome.durationMs,
  );
  return outcome;
}

export function runHandlers(b: AppsScriptBackend): AppsScriptHandlers<'runScriptFunction'> {
  return {
    runScriptFunction: async (ctx) =>
      ok(await runFunction(b, ctx.principal, ctx.params.path.scriptId, ctx.body ?? {}, ctx.signal)),
  };
}

// `specbound gas run <function>`: a function of the API-executable deployment, and its result; a
// line on stderr says which deployment and version (or dev mode) ran. clasp's `run` (dev mode by
// default) is `run-function`.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { RunResult } from '../../../apps-script/run.js';
import type { RunLogs } from '../../../apps-script/run-logs.js';
import { type CliContext, contextOf } from '../../context.js';
import { withExamples } from '../../examples.js';
import { PROJECT_ID, printLine, projectIdFor, typeScriptMapper } from './logs.js';
import { SCRIPT_ID } from './options.js';

interface RunFlags {
  params?: string | undefined;
  devMode?: true | undefined;
  nondev?: true | undefined;
  deploymentId?: string | undefined;
  scriptId?: string | undefined;
  logs?: true | undefined;
  projectId?: string | undefined;
}

export function define(gas: CommandUnknownOpts): void {
  const command = gas
    .command('run')
    .description('run a function of the API-executable deployment and print its result')
    .argument('<function>', 'the function name')
    .option('-p, --params <json>', 'the arguments as a JSON array, e.g. \'["a", 1]\'')
    .option('--dev-mode', 'run the latest pushed code instead of the deployed version (owner only)')
    .option('--nondev', 'run the deployed version (the default here; clasp runs dev mode by default)')
    .option('--deployment-id <id>', 'run this deployment')
    .option('--logs', "then print the run's own log lines (Cloud Logging)")
    .option(...PROJECT_ID)
    .option(...SCRIPT_ID);
  withExamples(
    command,
    ['specbound gas run main', 'run main() of the deployed version'],
    ['specbound gas run add -p "[1, 2]"', 'with arguments (a JSON array)'],
    ['specbound gas run main --logs', 'and the lines it logged'],
  ).action((functionName, options, command) => run(contextOf(command), functionName, options));
}

/** Shared with clasp's `run-function`, which passes `devMode` unless --nondev. */
export async function run(ctx: CliContext, functionName: string, options: RunFlags): Promise<void> {
  const { UsageError } = await import('../../../errors.js');
  if (options.devMode === true && options.nondev === true) {
    throw new UsageError('--dev-mode and --nondev contradict each other; pass one.');
  }
  const { loadProject, resolveScriptId } = await import('../../../apps-script/config.js');
  const { parseParams, runFunction } = await import('../../../apps-script/run.js');
  // Bad JSON is a usage error before anything else happens.
  const parameters = options.params === undefined ? [] : parseParams(options.params);
  const scriptId = await resolveScriptId(ctx.cwd, options.scriptId);
  // Without a Cloud project the lines cannot be read: say so before running anything.
  const projectId = options.logs === true ? await projectIdFor(ctx, options.projectId, scriptId) : undefined;
  const preferred =
    options.scriptId === undefined ? (await loadProject(ctx.cwd)).state.deploymentId : undefined;
  const client = await ctx.appsScript();
  const startedAt = new Date();
  const running = runFunction(client, {
    scriptId,
    functionName,
    parameters,
    devMode: options.devMode === true,
    deploymentId: options.deploymentId,
    preferredDeploymentId: preferred,
  }).catch(async (error: unknown) => {
    // A script error of a TypeScript project: its frames are shown at the `.ts` lines.
    const { withTypeScriptStack } = await import('../../../apps-script/stack-map.js');
    throw await withTypeScriptStack(error, { dir: ctx.cwd, scriptId, client });
  });
  if (projectId === undefined) {
    printResult(ctx, await running, scriptId);
    return;
  }
  const failure = await running.then(
    () => undefined,
    (error: unknown) => ({ error }),
  );
  // Only a function that ran has lines; a refused call (404, 403…) is reported as it is.
  const { ScriptExecutionError } = await import('@specbound/apps-script');
  if (failure !== undefined && !(failure.error instanceof ScriptExecutionError)) throw failure.error;
  const logs = await linesOfRun(ctx, { scriptId, functionName, projectId, startedAt });
  if (failure !== undefined) {
    ctx.io.result({ functionName, logs }, () => printLogs(ctx, logs));
    throw failure.error;
  }
  printResult(ctx, await running, scriptId, logs);
}

async function linesOfRun(
  ctx: CliContext,
  options: { scriptId: string; functionName: string; projectId: string; startedAt: Date },
): Promise<RunLogs> {
  const { runLogs } = await import('../../../apps-script/run-logs.js');
  // Google's lines arrive seconds after the run; the emulator has them when the run answers.
  const logs = await runLogs(await ctx.appsScript(), await ctx.logging(), {
    ...options,
    waitMs: ctx.loggingIsGoogle ? 20_000 : 0,
  });
  // A TypeScript project's lines (a logged `error.stack`) name its `.ts` lines, as its errors do.
  const mapMessage = await typeScriptMapper(ctx.cwd);
  return { ...logs, lines: logs.lines.map((line) => ({ ...line, message: mapMessage(line.message) })) };
}

function printLogs(ctx: CliContext, logs: RunLogs): void {
  for (const line of logs.lines) printLine(ctx, line, false);
  if (logs.note !== undefined) ctx.io.hint(`note: ${logs.note}`);
}

function printResult(ctx: CliContext, result: RunResult, scriptId: string, logs?: RunLogs): void {
  ctx.io.progress(ranLine(result, scriptId));
  if (result.newer !== undefined) {
    ctx.io.hint(
      `note: deployment ${result.newer.deploymentId}${result.newer.versionNumber === undefined ? '' : ` (version ${result.newer.versionNumber})`} was updated after the one that ran; run it with --deployment-id ${result.newer.deploymentId}.`,
    );
  }
  ctx.io.result(logs === undefined ? result : { ...result, logs }, () => {
    const value = result.result;
    ctx.io.line(typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? 'undefined'));
    if (logs !== undefined) printLogs(ctx, logs);
  });
}

/** Which code ran: a deployment and its version, or dev mode (the latest pushed code). */
function ranLine(result: RunResult, scriptId: string): string {
  if (result.devMode)
    return `Ran ${result.functionName} in dev mode (the latest pushed code of ${scriptId}).`;
  const version = result.versionNumber === undefined ? '' : ` (version ${result.versionNumber})`;
  return `Ran ${result.functionName} on deployment ${result.target}${version}.`;
}

// `specbound gas logs` (clasp: `tail-logs`, `logs`): the log lines of the project's Cloud project
// through Cloud Logging, once or polled with --watch; `--json` writes one JSON object per line.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { LogLine } from '../../../apps-script/logs.js';
import { type CliContext, contextOf } from '../../context.js';
import { withExamples } from '../../examples.js';
import { parsePositiveInt } from '../../parse.js';
import { untilStopped } from '../../signals.js';
import { SCRIPT_ID } from './options.js';

interface LogsFlags {
  watch?: true | undefined;
  simplified?: true | undefined;
  function?: string | undefined;
  since?: string | undefined;
  severity?: string | undefined;
  projectId?: string | undefined;
  limit?: number | undefined;
  interval?: number | undefined;
  scriptId?: string | undefined;
}

export const PROJECT_ID = [
  '--project-id <id>',
  'the Google Cloud project of the script (default: projectId of .clasp.json)',
] as const;

export function define(gas: CommandUnknownOpts): void {
  const command = gas
    .command('logs')
    .alias('tail-logs')
    .description("the log lines of the script's runs (Cloud Logging), oldest first")
    .option('--watch', 'keep printing new lines until Ctrl-C')
    .option('--simplified', 'only severity and message (clasp)')
    .option('--function <name>', 'only lines of this function')
    .option('--since <when>', 'only lines since: a duration (10m, 2h, 1d) or an ISO time')
    .option('--severity <level>', 'only lines at or above: DEBUG, INFO, WARNING, ERROR, ...')
    .option(...PROJECT_ID)
    .option(
      '--limit <n>',
      'the newest N lines (default 50; --watch then adds new ones)',
      parsePositiveInt('--limit'),
    )
    .option(
      '--interval <seconds>',
      'with --watch: seconds between polls (default 5)',
      parsePositiveInt('--interval'),
    )
    .option(...SCRIPT_ID);
  withExamples(
    command,
    ['specbound gas logs --since 1h --severity warning', 'warnings and errors of the last hour'],
    ['specbound gas logs --function main --watch', 'follow the lines of main() as they come'],
    ['specbound gas logs --json --project-id my-project-123 | jq .message', 'one JSON object per line'],
  ).action((options, command) => run(contextOf(command), options));
}

/** The Cloud project id: --project-id, else `.clasp.json`'s `projectId`; against an emulator any id does. */
export async function projectIdFor(
  ctx: CliContext,
  explicit: string | undefined,
  scriptId: string | undefined,
): Promise<string> {
  const { findProjectRoot, loadProject } = await import('../../../apps-script/config.js');
  const { resolveProjectId } = await import('../../../apps-script/logs.js');
  const root = explicit === undefined ? await findProjectRoot(ctx.cwd) : undefined;
  const configured = root === undefined ? undefined : (await loadProject(ctx.cwd)).config.projectId;
  return resolveProjectId(explicit, configured, {
    scriptId,
    fallback: ctx.loggingIsGoogle ? undefined : 'specbound-emulator',
  });
}

/** Rewrites a log message's frames of a pushed TypeScript bundle to `.ts` lines; identity without one. */
export type MessageMapper = (message: string) => string;

/**
 * The mapper of the project around `cwd`: its last TypeScript push kept a source map in TS_OUT_DIR.
 * The source-map library is loaded only when that folder exists.
 */
export async function typeScriptMapper(cwd: string): Promise<MessageMapper> {
  const { findProjectRoot } = await import('../../../apps-script/config.js');
  const { TS_OUT_DIR } = await import('../../../apps-script/typescript.js');
  const root = await findProjectRoot(cwd);
  if (root === undefined || !existsSync(join(root, TS_OUT_DIR))) return (message) => message;
  const { loadTypeScriptMap, mapStackText } = await import('../../../apps-script/stack-map.js');
  const map = await loadTypeScriptMap(root);
  return map === undefined ? (message) => message : (message) => mapStackText(message, map);
}

export function printLine(
  ctx: CliContext,
  line: LogLine,
  simplified: boolean,
  mapMessage: MessageMapper = (message) => message,
): void {
  const mapped = { ...line, message: mapMessage(line.message) };
  if (ctx.globals.json === true) {
    ctx.io.jsonLine(mapped);
    return;
  }
  const head = simplified
    ? line.severity
    : `${line.timestamp} ${line.severity.padEnd(7)} ${line.functionName ?? '-'}`;
  ctx.io.line(`${head} ${mapped.message}`);
}

export async function run(ctx: CliContext, options: LogsFlags): Promise<void> {
  const { parseSeverity, listLogs, watchLogs } = await import('../../../apps-script/logs.js');
  const { parseSince } = await import('../../../apps-script/processes.js');
  // Bad input is refused before any credential or request.
  const severity = options.severity === undefined ? undefined : parseSeverity(options.severity);
  const since = options.since === undefined ? undefined : new Date(parseSince(options.since));
  const projectId = await projectIdFor(ctx, options.projectId, options.scriptId);
  const query = { projectId, functionName: options.function, since, severity };
  const logging = await ctx.logging();
  const simplified = options.simplified === true;
  const mapMessage = await typeScriptMapper(ctx.cwd);
  const lines = await listLogs(logging, query, options.limit ?? 50);
  for (const line of lines) printLine(ctx, line, simplified, mapMessage);
  if (lines.length === 0 && options.watch !== true) ctx.io.hint('no matching log lines');
  if (options.watch !== true) return;
  const stop = new AbortController();
  void untilStopped(ctx.signal === undefined ? stop.signal : AbortSignal.any([stop.signal, ctx.signal])).then(
    () => stop.abort(),
  );
  const newest = lines.at(-1)?.timestamp;
  try {
    await watchLogs(logging, newest === undefined ? query : { ...query, since: new Date(newest) }, {
      intervalMs: (options.interval ?? 5) * 1000,
      signal: stop.signal,
      onLine: (line) => printLine(ctx, line, simplified, mapMessage),
      skip: lines,
    });
  } finally {
    stop.abort();
  }
}

// The log lines of one `scripts.run`. Google's answer to a run carries no process id, so the run is
// matched through the processes API (the caller's own processes: user; the function; started after
// the call) and the Cloud Logging entries of that function in the process's time window, grouped by
// their `script.googleapis.com/process_id` label. Exact when one process and one group fit; otherwise
// the nearest fit, with a note saying it is a best guess and why.
import type { AppsScriptClient, Process } from '@specbound/apps-script';
import { APPS_SCRIPT_LABELS, appsScriptFilter, type LogEntry, type LoggingClient } from '@specbound/logging';
import { type LogLine, logLineOf } from './logs.js';

/** How far the service's clock may be from ours, and how long after a run its lines may be stamped. */
const SLACK_MS = 5_000;

export interface RunLogsOptions {
  scriptId: string;
  functionName: string;
  projectId: string;
  /** When the run was asked for (taken just before `scripts.run`). */
  startedAt: Date;
  /** How long to keep asking while Cloud Logging has not received the run's lines (0: ask once). */
  waitMs?: number | undefined;
  pollMs?: number | undefined;
}

export interface RunLogs {
  lines: LogLine[];
  processId: string | undefined;
  /** One process and one group of entries fitted the run. */
  exact: boolean;
  /** Why the lines are a best guess, when they are. */
  note: string | undefined;
}

function durationMs(duration: string | undefined): number {
  const seconds = /^(-?\d+(?:\.\d+)?)s$/.exec(duration ?? '')?.[1];
  return seconds === undefined ? 0 : Number(seconds) * 1000;
}

/** The caller's processes of the function that started after the call, earliest first. */
async function candidateProcesses(apps: AppsScriptClient, options: RunLogsOptions): Promise<Process[]> {
  const after = options.startedAt.getTime() - SLACK_MS;
  const page = await apps.processes.list({
    scriptId: options.scriptId,
    functionName: options.functionName,
    startTime: new Date(after).toISOString(),
    pageSize: 50,
  });
  const started = (p: Process) => Date.parse(p.startTime ?? '');
  const all = (page.processes ?? [])
    .filter((p) => started(p) >= after)
    .sort((a, b) => started(a) - started(b));
  // Those that started after the call, when any did: the slack is only for a clock that runs behind.
  const after0 = all.filter((p) => started(p) >= options.startedAt.getTime());
  return after0.length > 0 ? after0 : all;
}

/** The function's entries from `from` to `to`, grouped by process id in order of first line. */
async function entryGroups(logging: LoggingClient, options: RunLogsOptions, from: number, to: number) {
  const entries = await logging.entries
    .iterate({
      resourceNames: [`projects/${options.projectId}`],
      filter: appsScriptFilter({ functionName: options.functionName, since: new Date(from) }),
      orderBy: 'timestamp asc',
      pageSize: 1000,
    })
    .all({ limit: 5_000 });
  const groups = new Map<string, LogEntry[]>();
  for (const entry of entries) {
    if (Date.parse(entry.timestamp ?? '') > to) continue;
    const id = entry.labels?.[APPS_SCRIPT_LABELS.processId] ?? '';
    groups.set(id, [...(groups.get(id) ?? []), entry]);
  }
  return groups;
}

async function matchOnce(
  apps: AppsScriptClient,
  logging: LoggingClient,
  options: RunLogsOptions,
): Promise<RunLogs> {
  const processes = await candidateProcesses(apps, options);
  const [process] = processes;
  const start = process === undefined ? options.startedAt.getTime() : Date.parse(process.startTime ?? '');
  const end = process === undefined ? Date.now() : start + durationMs(process.duration);
  // The service stamps a process and its lines with one clock: its lines are not older than its start.
  const from = process === undefined ? start - SLACK_MS : start;
  const groups = [...(await entryGroups(logging, options, from, end + SLACK_MS))];
  const [group] = groups;
  const processId = group?.[0] || undefined;
  const lines = (group?.[1] ?? []).map(logLineOf);
  const fn = options.functionName;
  let note: string | undefined;
  if (process === undefined)
    note = `best guess: no process of ${fn} started since the call was listed, so these are the lines ${fn} logged since then.`;
  else if (processes.length > 1)
    note = `best guess: ${processes.length} runs of ${fn} started since the call (a trigger, another session); these are the lines of the first, process ${processId ?? 'unknown'}.`;
  else if (groups.length > 1)
    note = `best guess: ${groups.length} executions of ${fn} logged in this run's time window; these are the lines of the first, process ${processId ?? 'unknown'}.`;
  return { lines, processId, exact: note === undefined, note };
}

/** The lines of one run, asked again every `pollMs` for up to `waitMs` while none have arrived. */
export async function runLogs(
  apps: AppsScriptClient,
  logging: LoggingClient,
  options: RunLogsOptions,
): Promise<RunLogs> {
  const deadline = Date.now() + (options.waitMs ?? 0);
  for (;;) {
    const found = await matchOnce(apps, logging, options);
    if (found.lines.length > 0 || Date.now() >= deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 2_000));
  }
}

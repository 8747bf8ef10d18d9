// Log lines of Apps Script executions through Cloud Logging v2 (`@specbound/logging`): the lines of a
// script's Cloud project, once or polled. The lines of one run are matched in run-logs.ts.
import {
  APPS_SCRIPT_LABELS,
  appsScriptFilter,
  entryMessage,
  LOG_SEVERITIES,
  type LogEntry,
  type LoggingClient,
  type LogSeverity,
} from '@specbound/logging';
import { UsageError } from '../errors.js';

/** One log line as the CLI prints it (and `--json` writes it, one object per line). */
export interface LogLine {
  timestamp: string;
  severity: string;
  functionName: string | undefined;
  processId: string | undefined;
  message: string;
  /** Unique within the log and timestamp (how `--watch` skips lines it printed). */
  insertId: string | undefined;
}

export function logLineOf(entry: LogEntry): LogLine {
  return {
    timestamp: entry.timestamp ?? '',
    severity: entry.severity ?? 'DEFAULT',
    functionName: entry.resource?.labels?.function_name,
    processId: entry.labels?.[APPS_SCRIPT_LABELS.processId],
    message: entryMessage(entry),
    insertId: entry.insertId,
  };
}

/** Reads a severity name (any case); an unknown one is a usage error before anything is sent. */
export function parseSeverity(value: string): LogSeverity {
  const upper = value.trim().toUpperCase();
  const found = LOG_SEVERITIES.find((severity) => severity === upper);
  if (found === undefined) {
    throw new UsageError(`Unknown severity "${value}".`, {
      code: 'severity-unknown',
      details: { severity: value, allowed: LOG_SEVERITIES.join(', ') },
    });
  }
  return found;
}

/**
 * The Cloud project the logs are read from: the explicit one, else `.clasp.json`'s `projectId` (as
 * clasp keeps it). `fallback` stands in when neither is set (the emulator answers for any project).
 */
export function resolveProjectId(
  explicit: string | undefined,
  configured: unknown,
  options: { scriptId?: string | undefined; fallback?: string | undefined },
): string {
  const id =
    explicit ?? (typeof configured === 'string' && configured !== '' ? configured : options.fallback);
  if (id === undefined) {
    throw new UsageError('No Google Cloud project id: the logs of a script live in its Cloud project.', {
      code: 'gcp-project-missing',
      details: {
        settingsUrl:
          options.scriptId === undefined
            ? 'https://console.cloud.google.com/cloud-resource-manager'
            : `https://script.google.com/home/projects/${options.scriptId}/settings`,
      },
    });
  }
  if (!/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/.test(id)) {
    throw new UsageError(
      `"${id}" is not a Google Cloud project id (6–30 lower-case letters, digits and hyphens).`,
      {
        code: 'gcp-project-invalid',
        details: { projectId: id },
      },
    );
  }
  return id;
}

export interface LogsQuery {
  projectId: string;
  functionName?: string | undefined;
  since?: Date | undefined;
  severity?: LogSeverity | undefined;
}

function request(query: LogsQuery) {
  return {
    resourceNames: [`projects/${query.projectId}`],
    filter: appsScriptFilter({
      functionName: query.functionName,
      since: query.since,
      severity: query.severity,
    }),
  };
}

/** The newest `limit` lines matching the query, oldest first. */
export async function listLogs(client: LoggingClient, query: LogsQuery, limit = 50): Promise<LogLine[]> {
  const entries = await client.entries
    .iterate({ ...request(query), orderBy: 'timestamp desc', pageSize: Math.min(limit, 1000) })
    .all({ limit });
  return entries.reverse().map(logLineOf);
}

export interface WatchLogsOptions {
  /** Time between polls (Cloud Logging allows 60 reads a minute per project). */
  intervalMs: number;
  signal: AbortSignal;
  onLine(line: LogLine): void;
  /** Lines already printed (those at `query.since` are not printed again). */
  skip?: readonly LogLine[] | undefined;
}

/**
 * Polls for new lines until `signal` aborts: each poll asks for entries at or after the newest
 * timestamp seen, and skips the entries already printed (by `insertId`).
 */
export async function watchLogs(
  client: LoggingClient,
  query: LogsQuery,
  options: WatchLogsOptions,
): Promise<void> {
  let since = query.since ?? new Date();
  let seen = new Set((options.skip ?? []).map((line) => line.insertId ?? ''));
  while (!options.signal.aborted) {
    const fresh: LogEntry[] = [];
    for await (const entry of client.entries.iterate(
      { ...request({ ...query, since }), orderBy: 'timestamp asc', pageSize: 1000 },
      { signal: options.signal },
    )) {
      if (!seen.has(entry.insertId ?? '')) fresh.push(entry);
    }
    const last = fresh.at(-1)?.timestamp;
    if (last !== undefined) {
      const newest = new Date(last);
      if (newest.getTime() !== since.getTime()) seen = new Set();
      since = newest;
    }
    for (const entry of fresh) {
      if (entry.timestamp === last) seen.add(entry.insertId ?? '');
      options.onLine(logLineOf(entry));
    }
    await sleep(options.intervalMs, options.signal);
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

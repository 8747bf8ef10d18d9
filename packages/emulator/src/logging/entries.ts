// `entries.list` over the emulator's own runs (store.ts): the caller's resource names, filter,
// order and paging, answered in Cloud Logging's shapes.
import type { components, operations } from '@specbound/logging/schema';
import type { AppsScriptBackend } from '../apps-script/backend.ts';
import { page } from '../apps-script/backend.ts';
import { googleError } from '../apps-script/errors.ts';
import type { AsUser } from '../apps-script/model.ts';
import type { TypedHandlers } from '../core/typed.ts';
import { ServiceError } from '../core/types.ts';
import { compileFilter, FilterError } from './filter.ts';
import type { StoredEntry } from './store.ts';

type LogEntry = components['schemas']['LogEntry'];
type Request = components['schemas']['ListLogEntriesRequest'];

const PROJECT = /^projects\/([^/\s]+)$/;
const LOG_ID = 'script.googleapis.com%2Fconsole_logs';

function invalid(message: string): ServiceError {
  return new ServiceError(googleError(400, message));
}

/** The Cloud project the entries are read from: the emulator keeps one log, any project reads it. */
function projectOf(resourceNames: readonly string[]): string {
  const [first] = resourceNames;
  const project = first === undefined ? undefined : PROJECT.exec(first)?.[1];
  if (project === undefined) {
    throw invalid(
      `Invalid resource name "${first ?? ''}": the emulator reads the logs of projects/[PROJECT_ID] (its one log holds every run).`,
    );
  }
  return project;
}

function render(stored: StoredEntry, projectId: string): LogEntry {
  const entry: LogEntry = {
    logName: `projects/${projectId}/logs/${LOG_ID}`,
    resource: {
      type: 'app_script_function',
      labels: {
        project_id: projectId,
        function_name: stored.functionName,
        invocation_type: stored.invocationType,
      },
    },
    timestamp: stored.timestamp,
    receiveTimestamp: stored.timestamp,
    severity: stored.severity as NonNullable<LogEntry['severity']>,
    insertId: `specbound${String(stored.seq).padStart(10, '0')}`,
    labels: { ...stored.labels },
  };
  if (stored.text !== undefined) entry.textPayload = stored.text;
  if (stored.json !== undefined) entry.jsonPayload = stored.json;
  return entry;
}

function listEntries(b: AppsScriptBackend, request: Request) {
  const projectId = projectOf(request.resourceNames);
  let matches: (entry: Record<string, unknown>) => boolean = () => true;
  try {
    if (request.filter !== undefined && request.filter.trim() !== '') matches = compileFilter(request.filter);
  } catch (error) {
    if (error instanceof FilterError) throw invalid(error.message);
    throw error;
  }
  // Kept in insertion order, which is timestamp order: `desc` reverses it.
  const all = b.cloudLogs
    .list(b.generation)
    .map((stored) => render(stored, projectId))
    .filter((entry) => matches(entry as Record<string, unknown>));
  if (request.orderBy === 'timestamp desc') all.reverse();
  const { items, next } = page(all, request.pageSize, request.pageToken);
  const out: components['schemas']['ListLogEntriesResponse'] = {};
  if (items.length > 0) out.entries = items;
  if (next !== undefined) out.nextPageToken = next;
  return out;
}

export function entryHandlers(
  b: AppsScriptBackend,
): Pick<TypedHandlers<operations, AsUser>, 'listLogEntries'> {
  return {
    listLogEntries: (ctx) => ({ status: 200, body: listEntries(b, ctx.body) }),
  };
}

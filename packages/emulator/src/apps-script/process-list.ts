// Processes (executions) as the API lists them, and the metrics derived from them.
import type { components } from '@specbound/apps-script/schema';
import type { AppsScriptBackend } from './backend.ts';
import { decodePageToken, encodePageToken, pageSizeOf } from './backend.ts';
import { invalidArgument } from './errors.ts';
import { type AppsScriptHandlers, ok } from './handlers.ts';
import { processJson } from './json.ts';
import type { ProcessFilter } from './processes.ts';

type Schemas = components['schemas'];

function listProcesses(
  b: AppsScriptBackend,
  filter: ProcessFilter,
  pageSize: number | undefined,
  pageToken: string | undefined,
): Schemas['ListUserProcessesResponse'] {
  // The token is the store index to continue below; processes only ever append, so it stays valid.
  const before = pageToken === undefined || pageToken === '' ? b.processes.size : decodePageToken(pageToken);
  const { indexes, next } = b.processes.scan(filter, before, pageSizeOf(pageSize));
  const out: Schemas['ListUserProcessesResponse'] = {};
  if (indexes.length > 0) out.processes = indexes.map((i) => processJson(b, i));
  if (next !== undefined) out.nextPageToken = encodePageToken(next);
  return out;
}

interface FilterQuery {
  scriptId?: string;
  deploymentId?: string;
  functionName?: string;
  projectName?: string;
  startTime?: string;
  endTime?: string;
  types?: string[];
  statuses?: string[];
  userAccessLevels?: string[];
}

function processFilter(q: FilterQuery): ProcessFilter {
  const f: ProcessFilter = {};
  if (q.scriptId !== undefined) f.scriptId = q.scriptId;
  if (q.deploymentId !== undefined) f.deploymentId = q.deploymentId;
  if (q.functionName !== undefined) f.functionName = q.functionName;
  if (q.projectName !== undefined) f.projectName = q.projectName;
  if (q.startTime !== undefined) f.startTime = Date.parse(q.startTime);
  if (q.endTime !== undefined) f.endTime = Date.parse(q.endTime);
  if (q.types !== undefined) f.types = q.types;
  if (q.statuses !== undefined) f.statuses = q.statuses;
  if (q.userAccessLevels !== undefined) f.userAccessLevels = q.userAccessLevels;
  return f;
}

/** `prefix.name` query parameters as one filter query. */
function prefixed(query: Record<string, unknown>, prefix: string): FilterQuery {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query))
    if (key.startsWith(`${prefix}.`) && value !== undefined) out[key.slice(prefix.length + 1)] = value;
  return out as FilterQuery;
}

function metrics(
  b: AppsScriptBackend,
  scriptId: string,
  granularity: string | undefined,
  deploymentId: string | undefined,
): Schemas['Metrics'] {
  b.project(scriptId);
  if (granularity !== 'DAILY' && granularity !== 'WEEKLY') return {};
  const day = 86_400_000;
  const today = Math.floor(Date.now() / day) * day;
  // DAILY: one value per day of the last 7; WEEKLY: one value for the 7 days together.
  const buckets =
    granularity === 'DAILY'
      ? Array.from({ length: 7 }, (_, k) => ({ start: today - (6 - k) * day, end: today - (5 - k) * day }))
      : [{ start: today - 6 * day, end: today + day }];
  const totals = buckets.map(() => ({ total: 0, failed: 0, users: new Set<string>() }));
  const filter: ProcessFilter = { scriptId, startTime: buckets[0]?.start ?? today };
  if (deploymentId !== undefined) filter.deploymentId = deploymentId;
  b.processes.each(filter, (start, _duration, status, userId) => {
    const t = totals[buckets.findIndex((x) => start >= x.start && start < x.end)];
    if (t === undefined) return;
    t.total++;
    if (status === 'FAILED' || status === 'TIMED_OUT') t.failed++;
    t.users.add(userId);
  });
  const values = (pick: (t: (typeof totals)[number]) => number): Schemas['MetricsValue'][] =>
    buckets.map((x, k) => ({
      value: String(pick(totals[k] ?? { total: 0, failed: 0, users: new Set() })),
      startTime: new Date(x.start).toISOString(),
      endTime: new Date(x.end).toISOString(),
    }));
  return {
    activeUsers: values((t) => t.users.size),
    totalExecutions: values((t) => t.total),
    failedExecutions: values((t) => t.failed),
  };
}

export function processHandlers(
  b: AppsScriptBackend,
): AppsScriptHandlers<'listUserProcesses' | 'listScriptProcesses' | 'getProjectMetrics'> {
  return {
    listUserProcesses: (ctx) => {
      const q = ctx.params.query;
      const filter = { ...processFilter(prefixed(q, 'userProcessFilter')), user: ctx.principal.email };
      return ok(listProcesses(b, filter, q.pageSize, q.pageToken));
    },
    listScriptProcesses: (ctx) => {
      const q = ctx.params.query;
      const scriptId = q.scriptId;
      if (scriptId === undefined || scriptId === '')
        throw invalidArgument('Script ID must be set.', 'scriptId');
      const filter = { ...processFilter(prefixed(q, 'scriptProcessFilter')), scriptId };
      return ok(listProcesses(b, filter, q.pageSize, q.pageToken));
    },
    getProjectMetrics: (ctx) =>
      ok(
        metrics(
          b,
          ctx.params.path.scriptId,
          ctx.params.query.metricsGranularity,
          ctx.params.query['metricsFilter.deploymentId'],
        ),
      ),
  };
}

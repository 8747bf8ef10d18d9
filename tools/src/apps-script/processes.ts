// Executions: the project's processes (or the caller's across projects), filtered, newest first.
import type { AppsScriptClient, Process } from '@specbound/apps-script';
import { processStatusValues, processTypeValues } from '@specbound/apps-script/schema';
import { UsageError } from '../errors.js';

/** A spec enum's values less its `*_UNSPECIFIED` placeholder: the values a user may filter by. */
function specified<T extends string>(values: readonly T[]): Exclude<T, `${string}_UNSPECIFIED`>[] {
  return values.filter(
    (value): value is Exclude<T, `${string}_UNSPECIFIED`> => !value.endsWith('_UNSPECIFIED'),
  );
}

// Generated from the spec's enums (openapi-typescript --enum-values): a value the spec adds or drops
// changes these lists with the next `generate`.
export const PROCESS_STATUSES = specified(processStatusValues);
export const PROCESS_TYPES = specified(processTypeValues);
export type ProcessStatus = (typeof PROCESS_STATUSES)[number];
export type ProcessType = (typeof PROCESS_TYPES)[number];

/** Checks `--status`/`--type` values (case-insensitive) against the API's enums. */
export function parseEnumList<T extends string>(
  flag: string,
  values: readonly string[],
  allowed: readonly T[],
): T[] {
  return values.map((value) => {
    const upper = value.trim().toUpperCase().replace(/-/g, '_');
    const match = allowed.find((a) => a === upper);
    if (match === undefined) {
      throw new UsageError(`${flag}: "${value}" is not one of ${allowed.join(', ')}.`, {
        code: 'value-not-allowed',
        details: { option: flag, value, example: allowed[0] },
      });
    }
    return match;
  });
}

const UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `--since`: a duration back from `now` (`90s`, `15m`, `1h`, `2d`, `1w`) or an ISO 8601 time. Returns RFC 3339. */
export function parseSince(value: string, now: Date = new Date()): string {
  const relative = /^(\d+)\s*([smhdw])$/i.exec(value.trim());
  if (relative !== null) {
    const unit = UNITS[(relative[2] ?? 'h').toLowerCase()] ?? 0;
    return new Date(now.getTime() - Number(relative[1]) * unit).toISOString();
  }
  const time = Date.parse(value);
  if (/^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(time)) return new Date(time).toISOString();
  throw new UsageError(`--since: "${value}" is neither a duration nor an ISO time.`, {
    hint: 'Use a duration back from now (30m, 1h, 2d, 1w) or a time such as 2026-11-23T09:00:00Z.',
  });
}

export interface ProcessesOptions {
  /** The project's processes; required unless `user`. */
  scriptId?: string | undefined;
  /** The caller's processes across every project (optionally still limited to `scriptId`). */
  user?: boolean | undefined;
  functionName?: string | undefined;
  deploymentId?: string | undefined;
  statuses?: readonly ProcessStatus[] | undefined;
  types?: readonly ProcessType[] | undefined;
  /** RFC 3339: only processes started at or after this time. */
  since?: string | undefined;
  /** At most this many (default 50); `all` lifts the limit. */
  limit?: number | undefined;
  all?: boolean | undefined;
}

/** Lists processes, newest first. */
export async function listProcesses(client: AppsScriptClient, options: ProcessesOptions): Promise<Process[]> {
  const limit = options.all === true ? Number.POSITIVE_INFINITY : (options.limit ?? 50);
  const filters = {
    ...(options.functionName === undefined ? {} : { functionName: options.functionName }),
    ...(options.deploymentId === undefined ? {} : { deploymentId: options.deploymentId }),
    ...(options.statuses === undefined || options.statuses.length === 0
      ? {}
      : { statuses: [...options.statuses] }),
    ...(options.types === undefined || options.types.length === 0 ? {} : { types: [...options.types] }),
    ...(options.since === undefined ? {} : { startTime: options.since }),
  };
  const pageSize = Number.isFinite(limit) ? Math.min(limit, 200) : 200;
  let pages: AsyncIterable<Process>;
  if (options.user === true) {
    pages = client.processes.iterate({
      ...filters,
      ...(options.scriptId === undefined ? {} : { scriptId: options.scriptId }),
      pageSize,
    });
  } else {
    if (options.scriptId === undefined) {
      throw new UsageError('No script to list processes of.', {
        code: 'no-script-for-processes',
      });
    }
    pages = client.processes.iterateScriptProcesses({ scriptId: options.scriptId, ...filters, pageSize });
  }
  const out: Process[] = [];
  for await (const process of pages) {
    out.push(process);
    if (out.length >= limit) break;
  }
  return out.sort((a, b) => (b.startTime ?? '').localeCompare(a.startTime ?? ''));
}

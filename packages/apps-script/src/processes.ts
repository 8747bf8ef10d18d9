import { paginate } from '@specbound/http';
import { type Context, conditional, read } from './core.js';
import type {
  CallOptions,
  ConditionalParams,
  ItemOf,
  QueryParams,
  ReadMethod,
  ResponseData,
  StripPrefix,
} from './types.js';

/**
 * `processes.list` parameters: the `userProcessFilter.*` query parameters without their prefix
 * (`{ statuses: ['FAILED'], scriptId }` is sent as `userProcessFilter.statuses=FAILED&…`), plus
 * `pageSize`, `pageToken`, the standard parameters and `ifNoneMatch`.
 */
export type ListUserProcessesParams = StripPrefix<QueryParams<'listUserProcesses'>, 'userProcessFilter.'> &
  ConditionalParams<'listUserProcesses'>;
/** `processes.listScriptProcesses` parameters: `scriptId`, the `scriptProcessFilter.*` filters without their prefix, paging. */
export type ListScriptProcessesParams = StripPrefix<
  QueryParams<'listScriptProcesses'>,
  'scriptProcessFilter.'
> &
  ConditionalParams<'listScriptProcesses'>;
export type IterateUserProcessesParams = Omit<ListUserProcessesParams, 'ifNoneMatch'>;
export type IterateScriptProcessesParams = Omit<ListScriptProcessesParams, 'ifNoneMatch'>;
type UserProcessList = ResponseData<'listUserProcesses'>;
type ScriptProcessList = ResponseData<'listScriptProcesses'>;

type FilterName<K extends 'listUserProcesses' | 'listScriptProcesses', Prefix extends string> =
  Extract<keyof QueryParams<K>, `${Prefix}${string}`> extends `${Prefix}${infer Name}` ? Name : never;

// The filter names that get a prefix on the wire. Type tests check each list is exactly the spec's.
export const USER_PROCESS_FILTERS = [
  'scriptId',
  'deploymentId',
  'projectName',
  'functionName',
  'startTime',
  'endTime',
  'types',
  'statuses',
  'userAccessLevels',
] as const satisfies readonly FilterName<'listUserProcesses', 'userProcessFilter.'>[];
export const SCRIPT_PROCESS_FILTERS = [
  'deploymentId',
  'functionName',
  'startTime',
  'endTime',
  'types',
  'statuses',
  'userAccessLevels',
] as const satisfies readonly FilterName<'listScriptProcesses', 'scriptProcessFilter.'>[];

const USER_FILTERS = new Set<string>(USER_PROCESS_FILTERS);
const SCRIPT_FILTERS = new Set<string>(SCRIPT_PROCESS_FILTERS);

/** Puts the filter prefix back on the names that need it. */
function toWire<Q>(params: object, filters: ReadonlySet<string>, prefix: string): Q {
  const query: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) query[filters.has(key) ? `${prefix}${key}` : key] = value;
  }
  return query as Q;
}

/** `processes.*`: executions of scripts, for the user or for one script. */
export function createProcesses(context: Context) {
  const { raw } = context;

  const list = (async (params: ListUserProcessesParams, options?: CallOptions) => {
    const { ifNoneMatch, ...rest } = params;
    const query = toWire<QueryParams<'listUserProcesses'>>(rest, USER_FILTERS, 'userProcessFilter.');
    return read(context, options, (init) =>
      raw.GET('/v1/processes', { params: { query, ...conditional(ifNoneMatch) }, ...init }),
    );
  }) as ReadMethod<ListUserProcessesParams, UserProcessList>;

  const listScriptProcesses = (async (params: ListScriptProcessesParams, options?: CallOptions) => {
    const { ifNoneMatch, ...rest } = params;
    const query = toWire<QueryParams<'listScriptProcesses'>>(rest, SCRIPT_FILTERS, 'scriptProcessFilter.');
    return read(context, options, (init) =>
      raw.GET('/v1/processes:listScriptProcesses', {
        params: { query, ...conditional(ifNoneMatch) },
        ...init,
      }),
    );
  }) as ReadMethod<ListScriptProcessesParams, ScriptProcessList>;

  return {
    /** One page of the user's processes; filters such as `{ statuses: ['FAILED'], scriptId }`. */
    list,
    /** Every process of the user matching the filters, page after page. */
    iterate: (params: IterateUserProcessesParams = {}, options?: CallOptions) =>
      paginate<ItemOf<UserProcessList, 'processes'>, string>(async (cursor) => {
        const page = await list(cursor === undefined ? params : { ...params, pageToken: cursor }, options);
        return { items: page.processes ?? [], next: page.nextPageToken || undefined };
      }),
    /** One page of one script's processes: `{ scriptId, statuses?, types?, … }`. */
    listScriptProcesses,
    /** Every process of one script matching the filters, page after page. */
    iterateScriptProcesses: (params: IterateScriptProcessesParams, options?: CallOptions) =>
      paginate<ItemOf<ScriptProcessList, 'processes'>, string>(async (cursor) => {
        const page = await listScriptProcesses(
          cursor === undefined ? params : { ...params, pageToken: cursor },
          options,
        );
        return { items: page.processes ?? [], next: page.nextPageToken || undefined };
      }),
  };
}

import { readOperation, tokenIterate } from './core.js';
import type { ConditionalParams, Process, QueryParams, StripPrefix } from './types.js';

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
export type IterateUserProcessesParams = Omit<ListUserProcessesParams, 'ifNoneMatch' | 'pageToken'>;
export type IterateScriptProcessesParams = Omit<ListScriptProcessesParams, 'ifNoneMatch' | 'pageToken'>;

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

/**
 * Puts the filter prefix back on the names that need it. The wire names are built once: a name
 * concatenated per call is a new string V8 must look up again as a property key (5 µs a call in
 * the profile of `processes.list`).
 */
function toWire(filters: ReadonlySet<string>, prefix: string) {
  const wire = new Map(Array.from(filters, (name) => [name, `${prefix}${name}`]));
  return (params: object): Record<string, unknown> => {
    const query: Record<string, unknown> = {};
    for (const key of Object.keys(params))
      query[wire.get(key) ?? key] = (params as Record<string, unknown>)[key];
    return query;
  };
}

/** `processes.list` as an operation function. */
export const listUserProcesses = /* @__PURE__ */ readOperation<'listUserProcesses', ListUserProcessesParams>(
  '/v1/processes',
  { wire: /* @__PURE__ */ toWire(USER_FILTERS, 'userProcessFilter.') },
);
/** `processes.iterate` as an operation function. */
export const iterateUserProcesses = /* @__PURE__ */ tokenIterate<IterateUserProcessesParams, Process>(
  listUserProcesses,
  'processes',
);
/** `processes.listScriptProcesses` as an operation function. */
export const listScriptProcesses = /* @__PURE__ */ readOperation<
  'listScriptProcesses',
  ListScriptProcessesParams
>('/v1/processes:listScriptProcesses', {
  wire: /* @__PURE__ */ toWire(SCRIPT_FILTERS, 'scriptProcessFilter.'),
});
/** `processes.iterateScriptProcesses` as an operation function. */
export const iterateScriptProcesses = /* @__PURE__ */ tokenIterate<IterateScriptProcessesParams, Process>(
  listScriptProcesses,
  'processes',
);

/** `processes.*`: executions of scripts, for the user or for one script. */
export const processes = {
  /** One page of the user's processes; filters such as `{ statuses: ['FAILED'], scriptId }`. */
  list: listUserProcesses,
  /** Every process of the user matching the filters, page after page. */
  iterate: iterateUserProcesses,
  /** One page of one script's processes: `{ scriptId, statuses?, types?, … }`. */
  listScriptProcesses,
  /** Every process of one script matching the filters, page after page. */
  iterateScriptProcesses,
};

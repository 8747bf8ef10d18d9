import type { Core } from '@specbound/http';
import type { Client } from 'openapi-fetch';
import type { Context } from './core.js';
import type { components, operations, paths } from './generated/schema.js';

// Every type here is derived from the generated schema; none re-declares a shape the spec describes.
type Schemas = components['schemas'];

/** Google's standard query parameters (`fields`, `quotaUser`, `prettyPrint`, …). */
export type StandardParams = NonNullable<operations['listLogEntries']['parameters']['query']>;
export type StandardParamName = keyof StandardParams;

export type ListLogEntriesRequest = Schemas['ListLogEntriesRequest'];
export type ListLogEntriesResponse = Schemas['ListLogEntriesResponse'];
/**
 * `entries.list` parameters: the request body's fields (`resourceNames` required, `filter`,
 * `orderBy`, `pageSize`, `pageToken`) and the standard query parameters, in one flat object.
 */
export type ListLogEntriesParams = ListLogEntriesRequest & StandardParams;
/** The parameters of `iterate`: those of `list` without `pageToken`, which it follows itself. */
export type IterateLogEntriesParams = Omit<ListLogEntriesParams, 'pageToken'>;

export type LogEntry = Schemas['LogEntry'];
export type LogSeverity = Schemas['LogSeverity'];
export type MonitoredResource = Schemas['MonitoredResource'];
/** Google's JSON error body, the `body` of every `ApiError` this client throws (when Google sent one). */
export type GoogleErrorBody = Schemas['ErrorBody'];

/** What `createLoggingCore` returns: `raw` and the context the operation functions need, none of the methods. */
export type LoggingCore = Core<Context> & { readonly raw: Client<paths> };

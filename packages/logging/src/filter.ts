import { ValidationError } from '@specbound/http';
import { logSeverityValues } from './generated/schema.js';
import type { LogSeverity } from './types.js';

/** The severities in increasing order, as filters compare them. */
export const LOG_SEVERITIES: readonly LogSeverity[] = logSeverityValues;

/** The labels Apps Script puts on every entry of an execution. */
export const APPS_SCRIPT_LABELS = {
  processId: 'script.googleapis.com/process_id',
  projectKey: 'script.googleapis.com/project_key',
  deploymentId: 'script.googleapis.com/deployment_id',
  userKey: 'script.googleapis.com/user_key',
} as const;

/** The monitored resource type of Apps Script executions. */
export const APPS_SCRIPT_RESOURCE = 'app_script_function';

/** What `appsScriptFilter` selects; every field narrows the query (they are joined by AND). */
export interface AppsScriptLogQuery {
  /** One execution: the `script.googleapis.com/process_id` label. */
  processId?: string | undefined;
  /** The function that ran: the resource label `function_name`. */
  functionName?: string | undefined;
  /** Entries at or after this time. */
  since?: Date | undefined;
  /** Entries at or above this severity. */
  severity?: LogSeverity | undefined;
}

/** A string literal of the Logging query language: double-quoted, `\` and `"` escaped. */
export function quoteFilterValue(value: string): string {
  return `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

/**
 * The Logging query that selects Apps Script entries: always `resource.type="app_script_function"`,
 * and each field of `query` given, joined by AND. Throws `ValidationError` for an unknown
 * severity or an invalid date, which Cloud Logging would answer 400 for.
 */
export function appsScriptFilter(query: AppsScriptLogQuery = {}): string {
  const terms = [`resource.type=${quoteFilterValue(APPS_SCRIPT_RESOURCE)}`];
  const { processId, functionName, since, severity } = query;
  if (processId !== undefined)
    terms.push(`labels.${quoteFilterValue(APPS_SCRIPT_LABELS.processId)}=${quoteFilterValue(processId)}`);
  if (functionName !== undefined)
    terms.push(`resource.labels.function_name=${quoteFilterValue(functionName)}`);
  if (since !== undefined) {
    if (!(since instanceof Date) || Number.isNaN(since.getTime())) {
      throw new ValidationError('since', '"since" must be a valid Date.');
    }
    terms.push(`timestamp>=${quoteFilterValue(since.toISOString())}`);
  }
  if (severity !== undefined) {
    if (!LOG_SEVERITIES.includes(severity)) {
      throw new ValidationError('severity', `"severity" must be one of ${LOG_SEVERITIES.join(', ')}.`);
    }
    terms.push(`severity>=${severity}`);
  }
  return terms.join(' AND ');
}

/** The message of an entry: its `textPayload`, its `jsonPayload.message`, or its JSON payload as text. */
export function entryMessage(entry: { textPayload?: string; jsonPayload?: Record<string, unknown> }): string {
  if (entry.textPayload !== undefined) return entry.textPayload;
  const payload = entry.jsonPayload;
  if (payload === undefined) return '';
  return typeof payload.message === 'string' ? payload.message : JSON.stringify(payload);
}

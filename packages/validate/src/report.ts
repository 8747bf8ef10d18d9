// What a response that breaks the spec looks like to the caller: a structured report (for the
// `report` callback, or pasted into an issue) and the typed error `throw` mode raises with it.
import { SpecboundError } from '@specbound/http';

/** One way the response differs from the spec. */
export interface ResponseProblem {
  /** JSON pointer into the body (`/data/0/id`); '' for the body itself or the status. */
  pointer: string;
  /** What the spec expects there, in words (`integer`, `one of: pdf, image`, `property "id"`). */
  expected: string;
  /** What the response had there (secrets replaced by `[REDACTED]`, long values cut). */
  got: unknown;
}

export interface ResponseReport {
  /** The spec's operationId, or undefined when no operation serves the request's path. */
  operation: string | undefined;
  method: string;
  /** The request's path, without its query (which may carry an API key). */
  path: string;
  status: number;
  problems: ResponseProblem[];
}

/** Thrown in `throw` mode: the response broke the spec; `report` says how. Never retried. */
export class ResponseValidationError extends SpecboundError {
  readonly code = 'RESPONSE_VALIDATION';
  readonly report: ResponseReport;
  constructor(report: ResponseReport) {
    const first = report.problems[0];
    const where = first === undefined ? '' : ` at ${first.pointer || '(body)'}: expected ${first.expected}`;
    const more = report.problems.length > 1 ? ` (and ${report.problems.length - 1} more)` : '';
    super(
      `${report.method} ${report.path} answered ${report.status} with a response the spec does not allow` +
        ` (${report.operation ?? 'no operation'})${where}${more}. See error.report.`,
    );
    this.name = 'ResponseValidationError';
    this.report = report;
  }
}

/** A report as Markdown, to paste into an issue about the spec. */
export function formatReport(report: ResponseReport): string {
  const lines = [
    `**${report.method} ${report.path}** (${report.operation ?? 'no operation'}) answered **${report.status}**, which the spec does not expect:`,
    '',
    '| pointer | expected | got |',
    '|---|---|---|',
  ];
  for (const problem of report.problems) {
    const got = JSON.stringify(problem.got) ?? 'undefined';
    lines.push(
      `| \`${problem.pointer || '(body)'}\` | ${problem.expected} | \`${got.replaceAll('|', '\\|')}\` |`,
    );
  }
  return lines.join('\n');
}

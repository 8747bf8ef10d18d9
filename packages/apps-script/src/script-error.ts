import { nameErrorClass, SpecboundError } from '@specbound/http';
import type { ExecutionError, Operation, ScriptStackTraceElement } from './types.js';

type Status = NonNullable<Operation['error']>;

/**
 * The script function run by `scripts.run` threw (or Apps Script stopped it). The service
 * answered HTTP 200 with `error` in the `Operation`; this is not an `ApiError`, which means the
 * call itself failed.
 */
export class ScriptExecutionError extends SpecboundError {
  // Fields are `declare`d and set by the constructor, as in @specbound/http's errors: the same own
  // properties, without a second initialisation in the output.
  static {
    nameErrorClass(ScriptExecutionError, 'ScriptExecutionError');
  }
  /** The function that was run. */
  declare readonly functionName: string;
  /** `Status.code`: 3 when the function threw, 10 on a timeout, 1 when cancelled. */
  declare readonly code: number | undefined;
  /** The message the script threw, usually localized; `Status.message` when no details came. */
  declare readonly errorMessage: string;
  /** The error type, e.g. `ScriptError` or `TypeError`, when the service names it. */
  declare readonly errorType: string | undefined;
  /** Where it failed, deepest call first: `{ function, lineNumber }`. */
  declare readonly scriptStackTraceElements: readonly ScriptStackTraceElement[];
  /** The `Status` exactly as received. */
  declare readonly status: Status;

  constructor(functionName: string, status: Status) {
    const detail: ExecutionError | undefined = status.details?.[0];
    const errorMessage = detail?.errorMessage ?? status.message ?? 'the script failed without a message';
    const stack = detail?.scriptStackTraceElements ?? [];
    const where = stack.map((frame) => `${frame.function ?? '?'}:${frame.lineNumber ?? '?'}`).join(' < ');
    const type = detail?.errorType === undefined ? '' : `${detail.errorType}: `;
    super(
      `Script function "${functionName}" failed: ${type}${errorMessage}${where === '' ? '' : ` (at ${where})`}`,
    );
    this.functionName = functionName;
    this.code = status.code;
    this.errorMessage = errorMessage;
    this.errorType = detail?.errorType;
    this.scriptStackTraceElements = stack;
    this.status = status;
  }
}

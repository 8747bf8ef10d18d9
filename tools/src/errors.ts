/**
 * The errors of `@specbound/tools`. Each carries a `hint`: the one line that tells the user what to
 * do next. The CLI maps them to exit codes: `UsageError` → 2, `AuthRequiredError` → 4, any other
 * error → 1 (API errors from the clients and script errors included).
 */
export class ToolsError extends Error {
  /** What to do next, in one line; printed after the message. */
  readonly hint: string | undefined;

  constructor(message: string, options?: { hint?: string; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.hint = options?.hint;
  }
}

/** The command line or the options were wrong (CLI exit 2). */
export class UsageError extends ToolsError {}

/** No usable credentials (CLI exit 4). */
export class AuthRequiredError extends ToolsError {}

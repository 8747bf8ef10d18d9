/**
 * The errors of `@specbound/tools`. Each says what went wrong in its message and carries the data of
 * the failure: a `code` naming which failure it is and `details` (the file, the id, the profile, ...).
 * The library never names a CLI flag or command: the CLI turns `code` and `details` into the one line
 * that tells the user what to do next (tools/src/cli/hints.ts), and maps the class to an exit code:
 * `UsageError` → 2, `AuthRequiredError` → 4, any other error → 1. A `hint` is what to do next in words
 * that hold for any caller (no flag, no command), for the errors that have one.
 */
export class ToolsError extends Error {
  /** What to do next, in one line, in words that hold for any caller; printed after the message. */
  readonly hint: string | undefined;
  /** Which failure this is (the CLI picks its own hint by it). */
  readonly code: ToolsErrorCode | undefined;
  /** The data of the failure: which file, which id, which profile, which value was refused. */
  readonly details: Readonly<Record<string, string | undefined>>;

  constructor(message: string, options?: ToolsErrorOptions) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.hint = options?.hint;
    this.code = options?.code;
    this.details = options?.details ?? {};
  }
}

export interface ToolsErrorOptions {
  hint?: string | undefined;
  cause?: unknown;
  code?: ToolsErrorCode | undefined;
  details?: Record<string, string | undefined> | undefined;
}

/** The command line or the options were wrong (CLI exit 2). */
export class UsageError extends ToolsError {}

/** No usable credentials (CLI exit 4). */
export class AuthRequiredError extends ToolsError {}

/** Every `ToolsError.code`: the failures whose next step the CLI words with its own flags and commands. */
export type ToolsErrorCode =
  // Google sign-in and stored logins (tools/src/auth)
  | 'clasp-login-unusable'
  | 'clasp-user-missing'
  | 'clasp-login-unreadable'
  | 'credentials-type-unsupported'
  | 'profile-name-invalid'
  | 'stored-login-unreadable'
  | 'stored-login-invalid'
  | 'stored-login-refused'
  | 'impersonate-not-email'
  | 'impersonate-needs-service-account'
  | 'service-account-needs-impersonation'
  | 'google-credentials-missing'
  | 'login-code-refused'
  | 'login-no-refresh-token'
  | 'login-port-busy'
  | 'login-denied'
  | 'login-no-code'
  | 'login-paste-invalid'
  | 'login-input-closed'
  | 'login-timeout'
  | 'login-cancelled'
  // Apps Script projects (tools/src/apps-script)
  | 'clasp-json-missing'
  | 'project-state-invalid'
  | 'title-empty'
  | 'created-without-script-id'
  | 'pull-conflict'
  | 'push-conflict'
  | 'clasp-json-invalid'
  | 'root-dir-outside'
  | 'file-name-clash'
  | 'typescript-name-clash'
  | 'typescript-syntax'
  | 'typescript-export-clash'
  | 'ignore-file-missing'
  | 'watch-folder-gone'
  | 'remote-name-unsafe'
  | 'pull-path-blocked'
  | 'manifest-invalid'
  | 'local-files-exist'
  | 'script-id-invalid'
  | 'deployment-ambiguous'
  | 'deployment-not-found'
  | 'deployment-new-and-named'
  | 'version-without-number'
  | 'deployment-without-id'
  | 'deploy-access-with-version'
  | 'deploy-manifest-unsynced'
  | 'not-api-executable'
  | 'run-function-not-found'
  | 'run-not-api-executable'
  | 'run-scope-missing'
  | 'run-permission-denied'
  | 'function-name-missing'
  | 'params-not-json'
  | 'params-not-array'
  | 'value-not-allowed'
  | 'no-script-for-processes'
  // Cloud Logging (tools/src/apps-script/logs.ts)
  | 'severity-unknown'
  | 'gcp-project-missing'
  | 'gcp-project-invalid'
  | 'project-standalone'
  | 'script-type-invalid'
  | 'type-and-parent-id'
  // BugSmash and sync (tools/src/bugsmash, tools/src/sync)
  | 'project-source-missing'
  | 'project-without-review-link'
  | 'comment-nothing-to-change'
  | 'webhook-secret-file-unreadable'
  | 'webhook-secret-missing'
  | 'batch-size-invalid'
  | 'sync-state-foreign'
  | 'sync-state-other-target'
  | 'sync-locked'
  | 'recorded-delivery-invalid'
  // The demo (tools/src/demo)
  | 'demo-step-failed';

// Turns any error into one line on stderr (plus a "what next" line) and an exit code:
// 0 success, 1 failure (API error, script error, anything else), 2 usage error, 4 authentication needed.
// Errors are recognised by name and shape, so this module loads no client code.
import type { Io } from './output.js';

export const EXIT = { ok: 0, failure: 1, usage: 2, auth: 4 } as const;

interface Reported {
  code: number;
  message: string;
  hint: string | undefined;
  /** Extra lines (a script's stack, a list of files). */
  details: string[];
}

export function describeError(error: unknown): Reported {
  if (!(error instanceof Error)) {
    return { code: EXIT.failure, message: String(error), hint: undefined, details: [] };
  }
  const hint = 'hint' in error && typeof error.hint === 'string' ? error.hint : undefined;
  const details: string[] = [];
  switch (error.name) {
    case 'UsageError':
      return { code: EXIT.usage, message: error.message, hint, details };
    case 'AuthRequiredError':
      return { code: EXIT.auth, message: error.message, hint, details };
    case 'ScriptExecutionError': {
      const script = error as Error & {
        functionName: string;
        errorMessage: string;
        errorType?: string;
        scriptStackTraceElements: readonly { function?: string; lineNumber?: number }[];
      };
      for (const frame of script.scriptStackTraceElements) {
        details.push(`    at ${frame.function ?? '(anonymous)'} (line ${frame.lineNumber ?? '?'})`);
      }
      const type = script.errorType === undefined ? '' : `${script.errorType}: `;
      return {
        code: EXIT.failure,
        message: `script function "${script.functionName}" failed: ${type}${script.errorMessage}`,
        hint:
          hint ??
          'Fix the script, `specbound gas push`, then run it again (add --dev-mode to run the pushed code without deploying).',
        details,
      };
    }
    case 'ContentValidationError': {
      const problems = (error as Error & { problems?: readonly { field: string; message: string }[] })
        .problems;
      for (const problem of problems ?? []) details.push(`    ${problem.field}: ${problem.message}`);
      return {
        code: EXIT.failure,
        message: 'the script files are not a valid Apps Script project; nothing was sent',
        hint: 'Fix the files listed above (appsscript.json must be a JSON object), then push again.',
        details,
      };
    }
  }
  // The HTTP runtime wraps a failing token provider (a refresh refused mid-command) in a
  // CredentialsError whose cause keeps the original error's name and message.
  if (
    error.name === 'CredentialsError' &&
    error.cause instanceof Error &&
    error.cause.name === 'AuthRequiredError'
  ) {
    return {
      code: EXIT.auth,
      message: error.cause.message,
      hint:
        hint ?? 'Run `specbound auth status` to see which credentials are used and what is wrong with them.',
      details,
    };
  }
  if ('status' in error && typeof error.status === 'number' && 'request' in error) {
    return {
      code: apiExit(error.status),
      message: error.message,
      hint: hint ?? apiHint(error.status),
      details,
    };
  }
  if (error.name === 'ConnectionError' || error.name === 'TimeoutError') {
    return {
      code: EXIT.failure,
      message: error.message,
      hint:
        hint ??
        'Check the network, or the base URL (--apps-script-url / --bugsmash-url, SPECBOUND_*_URL) if you use an emulator or a proxy.',
      details,
    };
  }
  return { code: EXIT.failure, message: error.message, hint, details };
}

function apiExit(status: number): number {
  return status === 401 ? EXIT.auth : EXIT.failure;
}

function apiHint(status: number): string | undefined {
  if (status === 401)
    return 'The credentials were refused: `specbound auth status` shows which are in use; log in again (`specbound login`) or set a fresh SPECBOUND_GOOGLE_TOKEN.';
  if (status === 403)
    return 'Check that this account can edit the project and that the Apps Script API is on at https://script.google.com/home/usersettings.';
  if (status === 404) return 'Check the id (scriptId in .clasp.json, or the deployment/version you named).';
  if (status === 429) return 'Rate limited: wait a minute and run the command again.';
  if (status >= 500) return 'The service failed; run the command again in a moment.';
  return undefined;
}

/** Prints the error (redacted) and returns the exit code. `--debug` adds the stack and cause. */
export function reportError(error: unknown, io: Io, debug: boolean): number {
  const reported = describeError(error);
  io.stderr.write(`${io.styleErr(['red', 'bold'], 'error:')} ${io.redact(reported.message)}\n`);
  for (const line of reported.details) io.stderr.write(`${io.redact(line)}\n`);
  if (reported.hint !== undefined) io.hint(`hint: ${reported.hint}`);
  if (debug && error instanceof Error && error.stack !== undefined) {
    io.stderr.write(`${io.styleErr('dim', io.redact(error.stack))}\n`);
  }
  return reported.code;
}

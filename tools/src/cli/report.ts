// Turns any error into one line on stderr (plus a "what next" line) and an exit code:
// 0 success, 1 failure (API error, script error, anything else), 2 usage error, 4 authentication needed.
// Errors are recognised by name and shape, so this module loads no client code.
import { BUGSMASH_URL, GOOGLE_APPS_SCRIPT_URL } from './globals.js';
import { hintOf } from './hints.js';
import type { Io } from './output.js';

export const EXIT = { ok: 0, failure: 1, usage: 2, auth: 4 } as const;

export interface Reported {
  code: number;
  message: string;
  hint: string | undefined;
  /** Extra lines (a script's stack, a list of files). */
  details: string[];
  /** An API error's HTTP status. */
  status?: number;
  /** Which service an API or connection error came from, when it can be told. */
  service?: Service;
}

/** The base URLs a run's commands used: how an API or connection error is traced to its service. */
export interface ServiceUrls {
  appsScriptUrl: string;
  bugsmashUrl: string;
}

type Service = 'apps-script' | 'bugsmash';

/** A script stack frame, with its `.ts` position when a TypeScript push's map gave one. */
interface Frame {
  function?: string;
  lineNumber?: number;
  source?: { path: string; line: number; column: number };
}

export function describeError(error: unknown, urls?: ServiceUrls): Reported {
  if (!(error instanceof Error)) {
    return { code: EXIT.failure, message: String(error), hint: undefined, details: [] };
  }
  const hint = hintOf(error);
  switch (error.name) {
    case 'UsageError':
      return { code: EXIT.usage, message: error.message, hint, details: [] };
    case 'AuthRequiredError':
      return { code: EXIT.auth, message: error.message, hint, details: [] };
    case 'ScriptExecutionError':
      return scriptFailure(error, hint);
    case 'ContentValidationError':
      return contentFailure(error);
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
      details: [],
    };
  }
  if ('status' in error && typeof error.status === 'number' && 'request' in error) {
    const service = serviceOf(error, urls);
    return {
      code: apiExit(error.status),
      message: error.message,
      hint: hint ?? capHint(error) ?? apiHint(error.status, service),
      details: [],
      status: error.status,
      ...(service === undefined ? {} : { service }),
    };
  }
  if (error.name === 'ConnectionError' || error.name === 'TimeoutError') {
    const service = serviceOf(error, urls);
    return {
      code: EXIT.failure,
      message: error.message,
      hint: hint ?? networkHint(service),
      details: [],
      ...(service === undefined ? {} : { service }),
    };
  }
  return { code: EXIT.failure, message: error.message, hint, details: [] };
}

/** A script's own error (scripts.run answered with one): its message and its stack, `.ts` lines when mapped. */
function scriptFailure(error: Error, hint: string | undefined): Reported {
  const script = error as Error & {
    functionName: string;
    errorMessage: string;
    errorType?: string;
    scriptStackTraceElements: readonly Frame[];
    /** The frames mapped to `.ts` lines (tools/src/apps-script/stack-map.ts), for a TypeScript project. */
    typescriptStack?: readonly Frame[];
    /** Why the frames were not mapped to `.ts` lines although the project has a map. */
    typescriptStackNote?: string;
  };
  const details: string[] = [];
  for (const frame of script.typescriptStack ?? script.scriptStackTraceElements) {
    const where =
      frame.source === undefined
        ? `line ${frame.lineNumber ?? '?'}`
        : `${frame.source.path}:${frame.source.line}:${frame.source.column}`;
    details.push(`    at ${frame.function ?? '(anonymous)'} (${where})`);
  }
  if (script.typescriptStackNote !== undefined) details.push(`    (${script.typescriptStackNote})`);
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

function contentFailure(error: Error): Reported {
  const problems = (error as Error & { problems?: readonly { field: string; message: string }[] }).problems;
  return {
    code: EXIT.failure,
    message: 'the script files are not a valid Apps Script project; nothing was sent',
    hint: 'Fix the files listed above (appsscript.json must be a JSON object), then push again.',
    details: (problems ?? []).map((problem) => `    ${problem.field}: ${problem.message}`),
  };
}

function apiExit(status: number): number {
  return status === 401 ? EXIT.auth : EXIT.failure;
}

/**
 * Which service an API or connection error came from: the base URL its request starts with (the
 * longest, since the emulator serves BugSmash under the Apps Script URL's origin), else the shape of
 * the error body (Google's `{error: {status}}`, BugSmash's `{status: false}` envelope).
 */
function serviceOf(error: Error, urls?: ServiceUrls): Service | undefined {
  const { request, body } = error as Error & { request?: { url?: unknown }; body?: unknown };
  const url = typeof request?.url === 'string' ? request.url : '';
  const bases: [Service, string][] = [
    ['apps-script', urls?.appsScriptUrl ?? GOOGLE_APPS_SCRIPT_URL],
    ['bugsmash', urls?.bugsmashUrl ?? BUGSMASH_URL],
  ];
  const matches = bases.filter(([, base]) => url === base || url.startsWith(`${base.replace(/\/+$/, '')}/`));
  const longest = matches.sort((a, b) => b[1].length - a[1].length)[0];
  if (longest !== undefined) return longest[0];
  if (typeof body !== 'object' || body === null) return undefined;
  if ('error' in body && typeof body.error === 'object') return 'apps-script';
  if ('status' in body && typeof body.status === 'boolean') return 'bugsmash';
  return undefined;
}

const API_HINTS: Record<Service | 'unknown', Partial<Record<401 | 403 | 404, string>>> = {
  'apps-script': {
    401: 'The credentials were refused: `specbound auth status` shows which are in use; log in again (`specbound login`) or set a fresh SPECBOUND_GOOGLE_TOKEN.',
    403: 'Check that this account can edit the project and that the Apps Script API is on at https://script.google.com/home/usersettings.',
    404: 'Check the id (scriptId in .clasp.json, or the deployment/version you named).',
  },
  bugsmash: {
    401: 'BugSmash refused the API key: create a new one in BugSmash (Settings → API Key), then export BUGSMASH_API_KEY=<key> or pass --api-key-file FILE.',
    403: "BugSmash refused this to the API key: check that the key's workspace owns the project, comment or folder.",
    404: 'Check the id: `specbound bs projects ls` lists the projects (`bs comments ls <projectId>`, `bs folders ls` and `bs webhooks ls` the rest).',
  },
  unknown: {
    401: 'The credentials were refused: check the token or API key this service was given.',
    404: 'Check the id you named.',
  },
};

/** Google's refusal past a project's cap of 200 versions or 20 versioned deployments (400 FAILED_PRECONDITION). */
function capHint(error: Error): string | undefined {
  const { body } = error as Error & { body?: { error?: { status?: unknown; message?: unknown } } };
  const message = body?.error?.message;
  if (body?.error?.status !== 'FAILED_PRECONDITION' || typeof message !== 'string') return undefined;
  if (message.includes('versioned deployments'))
    return 'Delete deployments no longer used (`specbound gas deployments`, then `specbound gas undeploy <deploymentId>`), or update one in place: `specbound gas deploy --deployment-id <id>`.';
  if (/\bversions\b/.test(message))
    return 'Delete old versions in the script editor (Project history); `specbound gas deploy --version <n>` deploys an existing version without making one.';
  return undefined;
}

function apiHint(status: number, service: Service | undefined): string | undefined {
  const hint = API_HINTS[service ?? 'unknown'][status as 401 | 403 | 404];
  if (hint !== undefined) return hint;
  if (status === 429) return 'Rate limited: wait a minute and run the command again.';
  if (status >= 500) return 'The service failed; run the command again in a moment.';
  return undefined;
}

function networkHint(service: Service | undefined): string {
  const where =
    service === 'apps-script'
      ? '--apps-script-url / SPECBOUND_APPS_SCRIPT_URL'
      : service === 'bugsmash'
        ? '--bugsmash-url / SPECBOUND_BUGSMASH_URL'
        : '--apps-script-url / --bugsmash-url, SPECBOUND_*_URL';
  return `Check the network, or the base URL (${where}) if you use an emulator or a proxy.`;
}

/**
 * Thrown by a command that has already printed what happened and only needs the process to exit
 * with `code` (the emulator's own command line, a batch where some ids failed).
 */
export class CommandExit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
    this.name = 'CommandExit';
  }
}

/**
 * Prints the error (redacted) and returns the exit code. `--debug` adds the stack. With `--json`
 * the error is one JSON object on stderr (`{"error": {...}}`), so a script that asked for JSON can
 * read a failure as well as a result; stdout stays empty.
 */
export function reportError(error: unknown, io: Io, debug: boolean, urls?: ServiceUrls): number {
  if (error instanceof CommandExit) return error.code;
  const reported = describeError(error, urls);
  const libraryCode = error instanceof Error && 'code' in error ? error.code : undefined;
  writeReported(io, reported, typeof libraryCode === 'string' ? libraryCode : undefined);
  if (debug && error instanceof Error && error.stack !== undefined) {
    io.errText(`${io.styleErr('dim', error.stack)}\n`);
  }
  return reported.code;
}

/** `error: <message>`, the detail lines and `hint: <what next>`; with --json, the same as one JSON line. */
export function writeReported(io: Io, reported: Reported, code?: string): void {
  if (io.json) {
    const { code: exitCode, message, hint, details, status, service } = reported;
    io.errJsonLine({
      error: {
        message,
        exitCode,
        ...(hint === undefined ? {} : { hint }),
        ...(status === undefined ? {} : { status }),
        ...(service === undefined ? {} : { service }),
        ...(code === undefined ? {} : { code }),
        ...(details.length === 0 ? {} : { details: details.map((line) => line.trim()) }),
      },
    });
    return;
  }
  // errText escapes control characters: an API's message or a script's stack is remote text.
  io.errText(`${io.styleErr(['red', 'bold'], 'error:')} ${reported.message}\n`);
  for (const line of reported.details) io.errText(`${line}\n`);
  if (reported.hint !== undefined) io.hint(`hint: ${reported.hint}`);
}

// The options every command accepts (commander lets them appear before or after the command).
// A group that needs another global option adds it here, so `main.ts` can skip its value when it
// looks for the command name without loading any command module.
import type { Command } from '@commander-js/extra-typings';

export const GOOGLE_APPS_SCRIPT_URL = 'https://script.googleapis.com';
/** Drive v3's server (`gas list`, `gas delete`, containers). */
export const GOOGLE_DRIVE_URL = 'https://www.googleapis.com';
export const BUGSMASH_URL = 'https://api.bugsmash.io/api/v2';

/** Global options that take a value (`--name value`). */
export const GLOBAL_VALUE_OPTIONS: ReadonlySet<string> = new Set([
  '--apps-script-url',
  '--bugsmash-url',
  '--profile',
  '--impersonate',
  // clasp's global options (clasp-globals.ts gives them their meaning).
  '-A',
  '--auth',
  '-u',
  '--user',
  '-I',
  '--ignore',
  '-P',
  '--project',
]);

/**
 * clasp's -P/--project, on the `gas` group rather than the program: `bs folders create --project <id>`
 * has its own --project, which a program-wide option would take.
 */
export const CLASP_PROJECT_OPTION = [
  '-P, --project <path>',
  "clasp's: the project folder, or its .clasp.json (default: here or above)",
] as const;

export function addGlobalOptions(program: Command) {
  return program
    .option('--json', 'print the data as JSON (NDJSON for streams) and nothing else on stdout')
    .option('--debug', 'log every HTTP request (redacted) on stderr')
    .option(
      '--apps-script-url <url>',
      `Apps Script API base URL (env SPECBOUND_APPS_SCRIPT_URL; default ${GOOGLE_APPS_SCRIPT_URL})`,
    )
    .option(
      '--bugsmash-url <url>',
      `BugSmash API base URL (env SPECBOUND_BUGSMASH_URL; default ${BUGSMASH_URL})`,
    )
    .option(
      '--profile <name>',
      'the stored Google login to use (`specbound login --profile`; default "default")',
    )
    .option(
      '--impersonate <email>',
      'with service-account credentials: the Workspace user to act for (domain-wide delegation; env SPECBOUND_GOOGLE_IMPERSONATE)',
    )
    .option(
      '-I, --ignore <file>',
      "clasp's: a .claspignore-format file (or a folder holding .claspignore) push, status and pull read instead of the project's",
    )
    .option(
      '-u, --user [name]',
      "clasp's named login: --profile <name> (with -A, that user of the file); alone, on `gas processes`: every project's",
    )
    .option(
      '-A, --auth <file>',
      "clasp's credentials file (.clasprc.json, or its folder): use its login (-u NAME: that user of it)",
    )
    .option('--adc', "use Application Default Credentials (GOOGLE_APPLICATION_CREDENTIALS or gcloud's file)")
    .option('--allow-symlinks', "clasp's: accepted; specbound's file rules decide about symlinks");
}

/** The global options as commands see them (`command.optsWithGlobals()`). */
export interface GlobalOptions {
  json?: true | undefined;
  debug?: true | undefined;
  appsScriptUrl?: string | undefined;
  bugsmashUrl?: string | undefined;
  profile?: string | undefined;
  impersonate?: string | undefined;
  project?: string | undefined;
  ignore?: string | undefined;
  user?: string | true | undefined;
  auth?: string | undefined;
  adc?: true | undefined;
  allowSymlinks?: true | undefined;
}

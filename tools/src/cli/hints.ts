// What to do next after a library error, in the CLI's words (its flags and commands). The library
// says what failed and carries the data (`code`, `details`); this table alone names flags and commands.
// Typed as a Record over every code, so a new code without a hint does not compile.
import type { ToolsErrorCode } from '../errors.js';

type Details = Readonly<Record<string, string | undefined>>;

/** ` --profile NAME` for a profile other than the default one (which needs no flag). */
const profileFlag = (d: Details) =>
  d.profile === undefined || d.profile === 'default' ? '' : ` --profile ${d.profile}`;

export const HINTS: Record<ToolsErrorCode, (details: Details) => string> = {
  'clasp-login-unusable': () => 'Run `clasp login` (or `specbound login` to sign in directly).',
  'clasp-user-missing': (d) =>
    d.users ? `It has: ${d.users}. Pass --clasp-user <name>.` : 'Run `clasp login` first.',
  'clasp-login-unreadable': () =>
    'Run `clasp login` first, pass --clasprc <file>, or sign in directly with `specbound login`.',
  'credentials-type-unsupported': () =>
    'Use "authorized_user" credentials (e.g. `gcloud auth application-default login --scopes=…`) or a "service_account" key with domain-wide delegation and --impersonate user@your-domain.',
  'profile-name-invalid': () =>
    'Use letters, digits, ".", "_" and "-" (up to 64 characters), e.g. --profile work.',
  'stored-login-unreadable': () => 'Check the file permissions, or run `specbound login` again.',
  'stored-login-invalid': () => 'Delete it (specbound logout) and run `specbound login` again.',
  'stored-login-refused': (d) =>
    d.origin === 'clasp'
      ? `The login imported from clasp was revoked or expired: run \`specbound login${profileFlag(d)}\` (or \`clasp login\`, then \`specbound login${profileFlag(d)} --from-clasp\`).`
      : `The login was revoked or expired: run \`specbound login${profileFlag(d)}\` again.`,
  'impersonate-not-email': () =>
    'Name the Workspace user the service account acts for, e.g. --impersonate ada@example.com.',
  'impersonate-needs-service-account': () =>
    'Put the service account key in SPECBOUND_GOOGLE_CREDENTIALS or GOOGLE_APPLICATION_CREDENTIALS, or drop --impersonate (and SPECBOUND_GOOGLE_IMPERSONATE).',
  'service-account-needs-impersonation': () =>
    'Act for a Workspace user by domain-wide delegation: pass --impersonate user@your-domain (or set SPECBOUND_GOOGLE_IMPERSONATE), after authorising the service account for the Apps Script scopes in the Admin console.',
  'google-credentials-missing': (d) =>
    `Run \`specbound login${profileFlag(d)}\` (or \`specbound login${profileFlag(d)} --from-clasp\`); in CI set SPECBOUND_GOOGLE_CREDENTIALS to authorized_user credentials JSON.`,
  'login-code-refused': () =>
    'Run `specbound login` again (a code is good for one exchange and a few minutes).',
  'login-no-refresh-token': () =>
    'Remove specbound (or clasp) at https://myaccount.google.com/connections, then run `specbound login` again.',
  'login-input-closed': () =>
    'Run `specbound login --no-browser` in a terminal and paste the address there; in CI set SPECBOUND_GOOGLE_CREDENTIALS instead, or import a login with `specbound login --from-clasp`.',
  'login-port-busy': () => 'Pick another port with --port, or leave it out to use any free one.',
  'login-denied': () => 'Run `specbound login` again and allow access (the Apps Script scopes are needed).',
  'login-no-code': () => 'Run `specbound login` again.',
  'login-paste-invalid': () =>
    'Run `specbound login --no-browser` again and paste the full address your browser ends up on (http://127.0.0.1:…/?state=…&code=…).',
  'login-timeout': () =>
    'Run `specbound login` again and finish the sign-in in the browser (use --no-browser on a machine without one).',
  'login-cancelled': () => 'Run `specbound login` again.',
  'clasp-json-missing': () =>
    'Run `specbound gas clone <scriptId>` or `specbound gas create --title <title>` first, or cd into the project.',
  'project-state-invalid': () =>
    "Delete it and run `specbound gas pull` to record the project's state again.",
  'title-empty': () => 'Pass --title "My project".',
  'script-type-invalid': (d) => `Pass --type with one of: ${d.types}.`,
  'type-and-parent-id': (d) =>
    `Drop --parent-id to get a new ${d.type} file, or drop --type to bind the script to the existing file.`,
  'project-standalone': () =>
    'Only a bound script has a container: create one with `specbound gas create --parent-id <driveFileId>`; open this one with `specbound gas open`.',
  'created-without-script-id': () =>
    'Find it in the editor (Project Settings → IDs) and run `specbound gas clone <scriptId>`.',
  'pull-conflict': () =>
    'Push them first (`specbound gas push`), `specbound gas pull --conflict-copy` to write the remote copies beside them (as <file>.remote), or `specbound gas pull --force` to overwrite them.',
  'push-conflict': () =>
    'Run `specbound gas pull --conflict-copy` to get the remote copies beside yours (then merge and push), `specbound gas push --dry-run` to see the diff, or `specbound gas push --force` to overwrite them.',
  'clasp-json-invalid': () =>
    'Fix the file (clasp reads it as JSON5: comments and trailing commas are fine); it needs at least {"scriptId": "..."}.',
  'root-dir-outside': () =>
    'Point rootDir at a directory inside the project (e.g. "src"), not a symbolic link to elsewhere.',
  'typescript-name-clash': (d) =>
    `Delete or .claspignore one of ${d.files ?? 'them'} (a .ts file is bundled; its compiled .js must not be pushed too).`,
  'typescript-syntax': (d) =>
    `Fix ${d.file ?? 'the file'} at line ${d.line ?? '?'}, column ${d.column ?? '?'}, then push again (\`npx tsc --noEmit\` checks types too).`,
  'typescript-export-clash': (d) =>
    `Rename "${d.name ?? 'the export'}" in one of ${d.files ?? 'them'}: each export of an entry becomes a top-level Apps Script function.`,
  'file-name-clash': (d) =>
    `Rename one of ${d.files ?? 'them'} or list one in .claspignore (one Apps Script file per name).`,
  'ignore-file-missing': (d) =>
    `Pass -I/--ignore an existing ignore file (or a folder holding .claspignore)${d.file === undefined ? '' : ` instead of ${d.file}`}, or leave it out to use the project's .claspignore.`,
  'watch-folder-gone': () =>
    'Restore the folder (or `specbound gas clone` the project again), then run `specbound gas push --watch` again.',
  'remote-name-unsafe': () => 'Rename the file in the script editor, then pull again.',
  'pull-path-blocked': () =>
    'Move or rename the local file or folder in the way (nothing was written), then pull again.',
  'manifest-invalid': () =>
    'Fix appsscript.json (see https://developers.google.com/apps-script/manifest), then push again. Nothing was sent.',
  'local-files-exist': () =>
    'Run it in an empty folder, move those files aside, or pass --force to overwrite them.',
  'script-id-invalid': () =>
    'Pass the script id (Project Settings → IDs) or the editor URL https://script.google.com/d/<id>/edit.',
  'deployment-ambiguous': () =>
    'Name the one to update with --deployment-id <id> (it is then remembered), or make another with --new.',
  'deployment-not-found': () =>
    'Nothing was created. List the deployments with `specbound gas deployments`, or make a new one with `specbound gas deploy --new`.',
  'deployment-new-and-named': () => 'Pass either --new or --deployment-id, not both.',
  'version-without-number': () => 'Run `specbound gas versions` and deploy it with --version <n>.',
  'deployment-without-id': () => 'Pass --deployment-id <id> (see `specbound gas deployments`).',
  'deploy-access-with-version': () =>
    'Drop --version to deploy a new version with that access, or drop --access/--execute-as to deploy that version as it is.',
  'deploy-manifest-unsynced': () =>
    'Push appsscript.json first (`specbound gas push`, or `specbound gas pull` to take the remote one), then deploy with --access/--execute-as again.',
  'run-function-not-found': (d) =>
    d.devMode === 'true'
      ? 'Check the name (functions ending in _ are private), or push the code that defines it: `specbound gas push`.'
      : 'Check the name (functions ending in _ are private). A deployment runs its version, not the pushed code: `specbound gas deploy` a new version, or run the pushed code with `specbound gas run-function`.',
  'run-not-api-executable': () =>
    'Add "executionApi": {"access": "MYSELF"} to appsscript.json, `specbound gas push`, then `specbound gas deploy`; `specbound gas deployments` lists what exists.',
  'run-scope-missing': () =>
    "Sign in again with the script's scopes (its appsscript.json oauthScopes): `specbound login --client-credentials client.json --scope <scope>`.",
  'run-permission-denied': (d) =>
    d.devMode === 'true'
      ? 'Dev mode runs only for the script owner. Run a deployment instead: `specbound gas run <function>`.'
      : "Your OAuth client must belong to the script's own (standard) Cloud project, and the deployment's executionApi.access must let you run it.",
  'not-api-executable': () =>
    'Add "executionApi": {"access": "MYSELF"} to appsscript.json, then `specbound gas push` and `specbound gas deploy`; or run the saved code with --dev-mode.',
  'function-name-missing': () => 'specbound gas run <function> [--params JSON]',
  'params-not-json': () =>
    `Pass a JSON array of the arguments, quoted for the shell: --params '["a", 2, {"k": true}]'`,
  'params-not-array': (d) => `Wrap a single argument in brackets: --params '[${d.params ?? ''}]'`,
  'value-not-allowed': (d) => `e.g. ${d.option ?? ''} ${d.example ?? ''}`,
  'no-script-for-processes': () =>
    'Run it in a project directory (with .clasp.json), or pass --user for all of your processes.',
  'severity-unknown': (d) =>
    `Use one of ${d.allowed ?? 'the Cloud Logging severities'}, e.g. --severity warning.`,
  'gcp-project-missing': (d) =>
    `The script's Cloud project is under Project Settings at ${d.settingsUrl ?? 'https://script.google.com'} (a default project shows no id: switch the script to a standard one); pass --project-id <id> or add "projectId" to .clasp.json.`,
  'gcp-project-invalid': () =>
    'Pass the project id (such as my-project-123), not its number or name: --project-id <id>.',
  'project-source-missing': () =>
    'A website project: --url https://…; a pdf, image, video or audio project: --file PATH.',
  'project-without-review-link': () =>
    'Upload a version first: specbound bs versions upload <projectId> <file>.',
  'comment-nothing-to-change': () => 'Pass --priority P, --private or --public, or --text T.',
  'webhook-secret-file-unreadable': () => 'Name the file `webhooks create --secret-out FILE` wrote.',
  'webhook-secret-missing': () =>
    'Pass --secret-file FILE or set BUGSMASH_WEBHOOK_SECRET (the secret `webhooks create` showed once).',
  'batch-size-invalid': () => 'Pass --batch-size 100, for example.',
  'sync-state-foreign': () => 'Pass another --state file, or delete this one to send every comment again.',
  'sync-state-other-target': () => 'Pass a --state file of its own for each project and function.',
  'recorded-delivery-invalid': () =>
    'Pass a file or directory written by `specbound bs webhooks listen --record DIR`.',
  'sync-locked': (d) =>
    d.remote === 'true'
      ? `Wait for it to finish. It runs on ${d.host}, so it cannot be checked from here: if it is gone, delete ${d.file} and run again.`
      : 'Wait for it to finish; a run that was killed is noticed and its lock taken over.',
  'demo-step-failed': () =>
    'This is a bug in specbound or its emulator: run `specbound demo --debug` and report the output.',
};

/** The CLI's hint for a library error with a `code`, else the error's own `hint` (if any). */
export function hintOf(error: Error): string | undefined {
  const { code, details, hint } = error as Error & { code?: unknown; details?: Details; hint?: unknown };
  if (typeof code === 'string' && Object.hasOwn(HINTS, code)) {
    return HINTS[code as ToolsErrorCode](details ?? {});
  }
  return typeof hint === 'string' ? hint : undefined;
}

// Options more than one `specbound gas` command takes.
import { Option } from '@commander-js/extra-typings';
import { UsageError } from '../../../errors.js';
import { parsePositiveInt } from '../../parse.js';

export const SCRIPT_ID = [
  '--script-id <id>',
  'the script (default: scriptId of the .clasp.json here or above)',
] as const;

/**
 * clasp's spellings of the deployment flags (`-V/--versionNumber`, `-i/--deploymentId`); the
 * `--deploymentId` one shares its value with `--deployment-id`. Hidden from help: the help names them.
 */
export function claspDeployOptions(): Option[] {
  return [
    new Option('-V, --versionNumber <n>', 'clasp: --version')
      .argParser(parsePositiveInt('--versionNumber'))
      .hideHelp(),
    new Option('-i, --deploymentId <id>', 'clasp: --deployment-id').hideHelp(),
  ];
}

/**
 * `--access` and `--execute-as` of deploy, create-deployment and update-deployment: the web app's
 * settings, written into the manifest of the version deployed (clasp #1115). Checked in `run`.
 */
export function webAppOptions(): Option[] {
  return [
    new Option(
      '--access <who>',
      'web app access, set in the manifest of the version deployed: MYSELF, DOMAIN, ANYONE or ANYONE_ANONYMOUS',
    ),
    new Option(
      '--execute-as <whom>',
      'web app runs as USER_ACCESSING or USER_DEPLOYING (set in the manifest like --access)',
    ),
  ];
}

/** `--version` or clasp's `--versionNumber`, not both. */
export function versionOf(options: { version?: number | undefined; versionNumber?: number | undefined }) {
  if (options.version !== undefined && options.versionNumber !== undefined) {
    throw new UsageError('--version and --versionNumber are the same option; pass one.');
  }
  return options.version ?? options.versionNumber;
}

/** clasp names the script as an argument (`list-versions <scriptId>`); specbound as --script-id. */
export const SCRIPT_ID_ARGUMENT = [
  '[scriptId]',
  'the script, as clasp takes it (the same as --script-id)',
] as const;

export function scriptIdOf<T extends { scriptId?: string | undefined }>(
  argument: string | undefined,
  options: T,
): T {
  if (argument === undefined) return options;
  if (options.scriptId !== undefined && options.scriptId !== argument) {
    throw new UsageError(`Two scripts named: ${argument} and --script-id ${options.scriptId}; pass one.`);
  }
  return { ...options, scriptId: argument };
}

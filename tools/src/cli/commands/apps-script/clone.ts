// `specbound gas clone <scriptId|editor URL>`: .clasp.json for an existing project, and its files.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../context.js';
import { parsePositiveInt } from '../../parse.js';
import { renderPulled } from './render.js';

interface CloneOptions {
  version?: number | undefined;
  rootDir?: string | undefined;
  force?: true | undefined;
}

export function define(gas: CommandUnknownOpts): void {
  gas
    .command('clone')
    .alias('clone-script')
    .description('write .clasp.json for an existing project here and pull its files')
    .argument('<scriptId>', 'the project id (editor: Project Settings → IDs) or its editor URL')
    .argument('[versionNumber]', 'clasp’s form of --version', parsePositiveInt('versionNumber'))
    .option('--version <n>', 'clone this version instead of the current code', parsePositiveInt('--version'))
    .option('--root-dir <dir>', 'where the script files go, relative to .clasp.json')
    .option('--rootDir <dir>', 'clasp’s name for --root-dir')
    .option('--force', 'overwrite local files that differ from the project’s')
    .addHelpText(
      'after',
      `
Examples:
  $ specbound gas clone 1AbC…xyz
  $ specbound gas clone https://script.google.com/d/1AbC…xyz/edit --root-dir src
  $ specbound gas clone 1AbC…xyz --version 4      the code of version 4`,
    )
    .action((scriptId, versionNumber, options, command) =>
      run(contextOf(command), scriptId, { ...options, version: options.version ?? versionNumber }),
    );
}

export async function run(ctx: CliContext, scriptId: string, options: CloneOptions): Promise<void> {
  const { cloneProject } = await import('../../../apps-script/project.js');
  const result = await cloneProject(await ctx.appsScript(), {
    scriptId,
    dir: ctx.cwd,
    rootDir: options.rootDir,
    versionNumber: options.version,
    force: options.force === true,
  });
  ctx.io.result(result, () => renderPulled(ctx.io, result, 'Cloned'));
}

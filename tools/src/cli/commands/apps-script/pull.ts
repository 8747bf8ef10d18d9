// `specbound gas pull`: the remote changes, written locally (three-way: local edits are kept).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../context.js';
import { parsePositiveInt } from '../../parse.js';
import { renderPulled } from './render.js';

interface PullOptions {
  version?: number | undefined;
  /** clasp's name for --version. */
  versionNumber?: number | undefined;
  force?: true | undefined;
  conflictCopy?: true | undefined;
  deleteUnusedFiles?: true | undefined;
}

export function define(gas: CommandUnknownOpts): void {
  gas
    .command('pull')
    .description('bring the remote changes here (all or nothing; local edits are kept, conflicts refused)')
    .option('--version <n>', 'pull this version instead of the current code', parsePositiveInt('--version'))
    .option('--force', 'take the remote side of files changed on both sides (local edits to them are lost)')
    .option('--conflict-copy', 'write the remote side of a conflict beside the local file, as <file>.remote')
    .option(
      '--delete-unused-files',
      'delete local files the remote deleted (unchanged here since the last sync)',
    )
    .option('--versionNumber <n>', 'clasp’s name for --version', parsePositiveInt('--versionNumber'))
    .option('-d, --deleteUnusedFiles', 'clasp’s name for --delete-unused-files')
    .option(
      '-f',
      'clasp’s “delete without asking” (specbound never asks); conflicts stay refused: see --force',
    )
    .addHelpText(
      'after',
      `
Examples:
  $ specbound gas pull                          bring a teammate's changes, keep yours
  $ specbound gas pull --conflict-copy          a conflict: get theirs as Code.js.remote, merge, push
  $ specbound gas pull --version 3 && specbound gas push   roll the project back to version 3`,
    )
    .action((options, command) => run(contextOf(command), options));
}

export async function run(ctx: CliContext, options: PullOptions): Promise<void> {
  const { pullProject } = await import('../../../apps-script/project.js');
  const result = await pullProject(await ctx.appsScript(), {
    dir: ctx.cwd,
    versionNumber: options.version ?? options.versionNumber,
    force: options.force === true,
    conflictCopy: options.conflictCopy === true,
    deleteUnusedFiles: options.deleteUnusedFiles === true,
    ignoreFile: ctx.globals.ignore,
  });
  ctx.io.result(result, () => renderPulled(ctx.io, result, 'Pulled'));
}

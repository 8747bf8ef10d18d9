// `specbound gas status`: what a push would send, what is ignored, and what changed on which side.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { FileChange } from '../../../apps-script/project.js';
import { type CliContext, contextOf } from '../../context.js';
export function define(gas: CommandUnknownOpts): void {
  gas
    .command('status')
    .alias('show-file-status')
    .description('which local files would be pushed or are ignored, and what changed on which side')
    .addHelpText(
      'after',
      `
Examples:
  $ specbound gas status                 the table: state, path, Apps Script name
  $ specbound gas status --json | jq '.changes[] | select(.since == "remote")'   what a pull would bring`,
    )
    .action((_options, command) => run(contextOf(command)));
}

/** One word for a file's state: how local and remote differ, and which side changed since the last sync. */
function stateOf(change: FileChange | undefined): string {
  if (change === undefined || change.change === 'unchanged') return 'unchanged';
  if (change.since === 'both') return 'conflict';
  if (change.since === 'remote') {
    if (change.change === 'added') return 'deleted remotely';
    return change.change === 'deleted' ? 'added remotely' : 'changed remotely';
  }
  if (change.change === 'deleted') return change.since === 'local' ? 'deleted locally' : 'remote only';
  return change.change === 'added' ? 'added' : 'modified';
}

export async function run(ctx: CliContext): Promise<void> {
  const { projectStatus } = await import('../../../apps-script/project.js');
  const result = await projectStatus(await ctx.appsScript(), {
    dir: ctx.cwd,
    ignoreFile: ctx.globals.ignore,
  });
  const { io } = ctx;
  if (io.json) {
    io.jsonDocument(result);
    return;
  }
  const byName = new Map(result.changes.map((c) => [c.name, c]));
  const rows = [
    ...result.files.map((file) => ({
      state: stateOf(byName.get(file.name)),
      path: file.path,
      name: file.name,
    })),
    ...result.changes
      .filter((c) => c.change === 'deleted')
      .map((c) => ({ state: stateOf(c), path: '', name: c.name })),
    ...result.ignored.map((path) => ({ state: 'ignored', path, name: '' })),
  ];
  io.table(rows, [
    { header: 'state', value: (r) => r.state },
    { header: 'path', value: (r) => r.path },
    { header: 'name', value: (r) => r.name },
  ]);
  for (const note of result.typescript) io.hint(`${note.path}: ${note.why}`);
  for (const warning of result.warnings) {
    io.warn(
      `.claspignore: "${warning.pattern}" matches no file${warning.suggestion === undefined ? '' : `; did you mean "${warning.suggestion}"?`}`,
    );
  }
  if (result.remoteChanged === undefined) {
    io.hint('no pull or push recorded here yet: `specbound gas pull` records one');
    return;
  }
  if (result.conflicts.length > 0)
    io.warn(`changed on both sides: ${result.conflicts.join(', ')} (push and pull refuse them)`);
  if (result.remoteDeleted.length > 0)
    io.warn(
      `deleted remotely: ${result.remoteDeleted.join(', ')} (push will not re-create them; \`specbound gas pull --delete-unused-files\` removes them here)`,
    );
  const remoteOnly = result.remoteChanged.filter(
    (name) => !result.conflicts.includes(name) && !result.remoteDeleted.includes(name),
  );
  if (remoteOnly.length > 0)
    io.hint(
      `changed remotely since the last pull/push: ${remoteOnly.join(', ')} (pull brings them; push keeps them)`,
    );
}

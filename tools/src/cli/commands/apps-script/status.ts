// `specbound gas status`: what a push would send, what is ignored, what differs from the remote.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../context.js';
export function define(gas: CommandUnknownOpts): void {
  gas
    .command('status')
    .description('which local files would be pushed or are ignored, and which differ from the remote')
    .action((_options, command) => run(contextOf(command)));
}

export async function run(ctx: CliContext): Promise<void> {
  const { projectStatus } = await import('../../../apps-script/project.js');
  const result = await projectStatus(await ctx.appsScript(), { dir: ctx.cwd });
  const { io } = ctx;
  if (io.json) {
    io.jsonDocument(result);
    return;
  }
  const byName = new Map(result.changes.map((c) => [c.name, c.change]));
  const rows = [
    ...result.files.map((file) => ({
      state: byName.get(file.name) ?? 'unchanged',
      path: file.path,
      name: file.name,
    })),
    ...result.changes
      .filter((c) => c.change === 'deleted')
      .map((c) => ({ state: 'remote only', path: '', name: c.name })),
    ...result.ignored.map((path) => ({ state: 'ignored', path, name: '' })),
  ];
  io.table(rows, [
    { header: 'state', value: (r) => r.state },
    { header: 'path', value: (r) => r.path },
    { header: 'name', value: (r) => r.name },
  ]);
  for (const warning of result.warnings) {
    io.warn(
      `.claspignore: "${warning.pattern}" matches no file${warning.suggestion === undefined ? '' : `; did you mean "${warning.suggestion}"?`}`,
    );
  }
  if (result.remoteChanged === undefined) {
    io.hint('no pull or push recorded here yet: `specbound gas pull` records one');
  } else if (result.remoteChanged.length > 0) {
    io.warn(
      `changed remotely since the last pull/push: ${result.remoteChanged.join(', ')} (push would refuse; pull first)`,
    );
  }
}

import { projectStatus } from '../../../apps-script/project.js';
import type { CliContext } from '../../context.js';

export async function status(ctx: CliContext): Promise<void> {
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
  if (result.remoteChanged === undefined) {
    io.hint('no pull or push recorded here yet: `specbound gas pull` records one');
  } else if (result.remoteChanged.length > 0) {
    io.warn(
      `changed remotely since the last pull/push: ${result.remoteChanged.join(', ')} (push would refuse; pull first)`,
    );
  }
}

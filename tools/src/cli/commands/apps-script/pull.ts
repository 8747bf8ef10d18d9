import { pullProject } from '../../../apps-script/project.js';
import type { CliContext } from '../../context.js';
import { renderPulled } from './render.js';

export async function pull(
  ctx: CliContext,
  options: { version?: number | undefined; force?: true | undefined },
): Promise<void> {
  const result = await pullProject(await ctx.appsScript(), {
    dir: ctx.cwd,
    versionNumber: options.version,
    force: options.force === true,
  });
  ctx.io.result(result, () => renderPulled(ctx.io, result, 'Pulled'));
}

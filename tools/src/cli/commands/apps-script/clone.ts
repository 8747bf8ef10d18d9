import { cloneProject } from '../../../apps-script/project.js';
import type { CliContext } from '../../context.js';
import { renderPulled } from './render.js';

export async function clone(
  ctx: CliContext,
  scriptId: string,
  options: { version?: number | undefined; rootDir?: string | undefined },
): Promise<void> {
  const result = await cloneProject(await ctx.appsScript(), {
    scriptId,
    dir: ctx.cwd,
    rootDir: options.rootDir,
    versionNumber: options.version,
  });
  ctx.io.result(result, () => renderPulled(ctx.io, result, 'Cloned'));
}

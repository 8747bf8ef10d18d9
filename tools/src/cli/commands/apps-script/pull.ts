import { pullProject } from '../../../apps-script/project.js';
import type { CliContext } from '../../context.js';
import { renderPulled } from './render.js';

export async function pull(ctx: CliContext, options: { version?: number | undefined }): Promise<void> {
  const result = await pullProject(await ctx.appsScript(), { dir: ctx.cwd, versionNumber: options.version });
  ctx.io.result(result, () => renderPulled(ctx.io, result, 'Pulled'));
}

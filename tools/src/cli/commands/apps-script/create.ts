import { createProject } from '../../../apps-script/project.js';
import type { CliContext } from '../../context.js';
import { renderPulled } from './render.js';

export async function create(
  ctx: CliContext,
  options: { title: string; rootDir?: string | undefined; parentId?: string | undefined },
): Promise<void> {
  const result = await createProject(await ctx.appsScript(), { dir: ctx.cwd, ...options });
  ctx.io.result(result, () => {
    ctx.io.line(`Created "${result.title}": ${result.scriptId}`);
    renderPulled(ctx.io, result, 'Pulled');
  });
  ctx.io.hint('next: add your code, then `specbound gas push`');
}

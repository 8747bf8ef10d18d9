import { resolveScriptId } from '../../../apps-script/config.js';
import { createVersion, listVersions } from '../../../apps-script/deploy.js';
import type { CliContext } from '../../context.js';
import { shortTime } from './render.js';

export async function version(
  ctx: CliContext,
  description: string | undefined,
  options: { scriptId?: string | undefined },
): Promise<void> {
  const scriptId = await resolveScriptId(ctx.cwd, options.scriptId);
  const created = await createVersion(await ctx.appsScript(), { scriptId, description });
  ctx.io.result(created, () =>
    ctx.io.line(`Created version ${created.versionNumber}${description ? `: ${description}` : ''}`),
  );
}

export async function versions(ctx: CliContext, options: { scriptId?: string | undefined }): Promise<void> {
  const scriptId = await resolveScriptId(ctx.cwd, options.scriptId);
  const list = await listVersions(await ctx.appsScript(), { scriptId });
  ctx.io.table(
    list,
    [
      { header: 'version', value: (v) => v.versionNumber, align: 'right' },
      { header: 'created', value: (v) => shortTime(v.createTime) },
      { header: 'description', value: (v) => v.description },
    ],
    'no versions yet: `specbound gas version "first"` creates one',
  );
}

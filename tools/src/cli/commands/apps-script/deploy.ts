import { resolveScriptId } from '../../../apps-script/config.js';
import {
  undeploy as deleteDeployment,
  deploy as deployVersion,
  isHeadDeployment,
  listDeployments,
} from '../../../apps-script/deploy.js';
import type { CliContext } from '../../context.js';
import { shortTime } from './render.js';

export async function deploy(
  ctx: CliContext,
  options: {
    deploymentId?: string | undefined;
    version?: number | undefined;
    description?: string | undefined;
    scriptId?: string | undefined;
  },
): Promise<void> {
  const scriptId = await resolveScriptId(ctx.cwd, options.scriptId);
  // In a project directory the deployment is remembered; with --script-id elsewhere it is not.
  const inProject = options.scriptId === undefined;
  const result = await deployVersion(await ctx.appsScript(), {
    scriptId,
    deploymentId: options.deploymentId,
    versionNumber: options.version,
    description: options.description,
    dir: inProject ? ctx.cwd : undefined,
  });
  ctx.io.result(result, () => {
    ctx.io.line(
      `${result.action === 'updated' ? 'Updated' : 'Created'} deployment ${result.deploymentId} → version ${result.versionNumber}${result.versionCreated ? ' (new)' : ''}`,
    );
    if (result.webAppUrl !== undefined) ctx.io.line(`Web app: ${result.webAppUrl}`);
  });
}

export async function deployments(
  ctx: CliContext,
  options: { scriptId?: string | undefined },
): Promise<void> {
  const scriptId = await resolveScriptId(ctx.cwd, options.scriptId);
  const list = await listDeployments(await ctx.appsScript(), { scriptId });
  ctx.io.table(list, [
    { header: 'deployment', value: (d) => d.deploymentId },
    { header: 'version', value: (d) => (isHeadDeployment(d) ? '@HEAD' : d.deploymentConfig?.versionNumber) },
    { header: 'updated', value: (d) => shortTime(d.updateTime) },
    { header: 'entry points', value: (d) => (d.entryPoints ?? []).map((e) => e.entryPointType).join(',') },
    { header: 'description', value: (d) => d.deploymentConfig?.description },
  ]);
}

export async function undeploy(
  ctx: CliContext,
  deploymentId: string,
  options: { scriptId?: string | undefined },
): Promise<void> {
  const scriptId = await resolveScriptId(ctx.cwd, options.scriptId);
  const result = await deleteDeployment(await ctx.appsScript(), {
    scriptId,
    deploymentId,
    dir: options.scriptId === undefined ? ctx.cwd : undefined,
  });
  ctx.io.result(result, () => ctx.io.line(`Deleted deployment ${result.deploymentId}`));
}

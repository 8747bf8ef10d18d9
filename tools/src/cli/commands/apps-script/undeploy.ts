// `specbound gas undeploy [deploymentId]` (clasp's `delete-deployment`): a deployment deleted, or with
// --all every deployment but HEAD (asked on a terminal, --yes elsewhere).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { ToolsError, UsageError } from '../../../errors.js';
import { confirmDestructive, YES } from '../../confirm.js';
import { type CliContext, contextOf } from '../../context.js';
import { withExamples } from '../../examples.js';
import { SCRIPT_ID } from './options.js';

interface UndeployFlags {
  all?: true | undefined;
  yes?: true | undefined;
  scriptId?: string | undefined;
}

export function define(gas: CommandUnknownOpts): void {
  const command = gas
    .command('undeploy')
    .alias('delete-deployment')
    .description('delete a deployment, or every deployment but HEAD with --all')
    .argument('[deploymentId]', 'the deployment to delete (default: the only one there is, as in clasp)')
    .option('-a, --all', 'delete every deployment except HEAD (the development one)')
    .option(...YES)
    .option(...SCRIPT_ID);
  withExamples(
    command,
    ['specbound gas undeploy AKfy…', 'delete one deployment'],
    ['specbound gas undeploy --all --yes', 'delete every deployment but HEAD, from a script'],
  ).action((deploymentId, options, command) => run(contextOf(command), deploymentId, options));
}

export async function run(
  ctx: CliContext,
  deploymentId: string | undefined,
  options: UndeployFlags,
): Promise<void> {
  if (deploymentId !== undefined && options.all !== undefined) {
    throw new UsageError('Name one deployment, or pass --all (not both).', {
      hint: 'List them with `specbound gas deployments`.',
    });
  }
  const { resolveScriptId } = await import('../../../apps-script/config.js');
  const { undeploy, undeployAll } = await import('../../../apps-script/deploy.js');
  const scriptId = await resolveScriptId(ctx.cwd, options.scriptId);
  const dir = options.scriptId === undefined ? ctx.cwd : undefined;
  if (options.all === undefined) {
    const target = deploymentId ?? (await onlyDeployment(ctx, scriptId));
    const result = await undeploy(await ctx.appsScript(), { scriptId, deploymentId: target, dir });
    ctx.io.result(result, () => ctx.io.line(`Deleted deployment ${result.deploymentId}`));
    return;
  }
  await confirmDestructive(ctx, `delete every deployment of ${scriptId} except HEAD`, options.yes);
  const result = await undeployAll(await ctx.appsScript(), { scriptId, dir });
  ctx.io.result(result, () => {
    for (const id of result.deleted) ctx.io.line(`Deleted deployment ${id}`);
    for (const failed of result.failed) ctx.io.line(`Not deleted ${failed.deploymentId}: ${failed.message}`);
    if (result.deleted.length + result.failed.length === 0)
      ctx.io.line('No deployment to delete (HEAD stays).');
  });
  if (result.failed.length > 0) {
    // After the per-id report: exit 1, and say so once more on stderr.
    throw new ToolsError(
      `${result.failed.length} of ${result.deleted.length + result.failed.length} deployments were not deleted (each is listed above).`,
    );
  }
}

/** No id: as clasp, the project's only deployment (HEAD aside); with several, which one is asked. */
async function onlyDeployment(ctx: CliContext, scriptId: string): Promise<string> {
  const { isHeadDeployment, listDeployments } = await import('../../../apps-script/deploy.js');
  const ids = (await listDeployments(await ctx.appsScript(), { scriptId }))
    .filter((d) => !isHeadDeployment(d))
    .flatMap((d) => (d.deploymentId === undefined ? [] : [d.deploymentId]));
  const [only] = ids;
  if (only !== undefined && ids.length === 1) return only;
  throw new UsageError(
    ids.length === 0
      ? `Script ${scriptId} has no deployment to delete (HEAD cannot be).`
      : `Script ${scriptId} has ${ids.length} deployments: ${ids.join(', ')}; name one.`,
    { hint: 'Pass the deployment id, or --all for every one but HEAD.' },
  );
}

// `specbound gas open-web-app [deploymentId]` (clasp's): the web app URL of a deployment (by default
// the one deploy recorded here, or the only web app), opened in a browser on a desktop.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { UsageError } from '../../../errors.js';
import { type CliContext, contextOf } from '../../context.js';
import { withExamples } from '../../examples.js';
import { hasDesktop, openInBrowser } from './open.js';
import { SCRIPT_ID } from './options.js';

export function define(gas: CommandUnknownOpts): void {
  const command = gas
    .command('open-web-app')
    .description('print the web app URL of a deployment (and open it on a desktop)')
    .argument('[deploymentId]', 'the deployment (default: the one recorded here, or the only web app)')
    .option('--no-browser', 'only print the URL')
    .option(...SCRIPT_ID);
  withExamples(
    command,
    ['specbound gas open-web-app', "this project's web app"],
    ['specbound gas open-web-app AKfy… --no-browser', 'print the URL of that deployment'],
  ).action((deploymentId, options, command) => run(contextOf(command), deploymentId, options));
}

async function run(
  ctx: CliContext,
  deploymentId: string | undefined,
  options: { browser: boolean; scriptId?: string | undefined },
): Promise<void> {
  const { loadProject, resolveScriptId } = await import('../../../apps-script/config.js');
  const { listDeployments } = await import('../../../apps-script/deploy.js');
  const scriptId = await resolveScriptId(ctx.cwd, options.scriptId);
  const recorded =
    options.scriptId === undefined ? (await loadProject(ctx.cwd)).state.deploymentId : undefined;
  const webApps = (await listDeployments(await ctx.appsScript(), { scriptId })).flatMap((d) => {
    const url = d.entryPoints?.find((e) => e.entryPointType === 'WEB_APP')?.webApp?.url;
    return url === undefined || d.deploymentId === undefined ? [] : [{ deploymentId: d.deploymentId, url }];
  });
  const wanted = deploymentId ?? recorded;
  const found =
    wanted === undefined
      ? webApps.length === 1
        ? webApps[0]
        : undefined
      : webApps.find((w) => w.deploymentId === wanted);
  if (found === undefined) {
    throw new UsageError(
      wanted === undefined
        ? `Script ${scriptId} has ${webApps.length} web app deployments; name one.`
        : `Deployment ${wanted} of ${scriptId} is not a web app (or does not exist).`,
      { hint: 'List them with `specbound gas deployments`; a web app needs "webapp" in appsscript.json.' },
    );
  }
  ctx.io.result(found, () => ctx.io.line(found.url));
  if (options.browser && ctx.io.isTTY && hasDesktop(ctx.env)) openInBrowser(found.url);
}

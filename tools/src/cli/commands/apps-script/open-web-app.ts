// `specbound gas open-web-app [deploymentId]` (clasp's): the web app URL of a deployment (by default
// the newest web app: the one deployed last), opened in a browser on a desktop. Against
// an emulator the URL is on the emulator's origin, where it serves the web app.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { hasDesktop, openBrowser } from '../../../auth/browser.js';
import { UsageError } from '../../../errors.js';
import { type CliContext, contextOf } from '../../context.js';
import { withExamples } from '../../examples.js';
import { SCRIPT_ID } from './options.js';

export function define(gas: CommandUnknownOpts): void {
  const command = gas
    .command('open-web-app')
    .description('print the web app URL of a deployment (and open it on a desktop)')
    .argument(
      '[deploymentId]',
      'the deployment (default: the newest web app, the one deployed or updated last)',
    )
    .option('--no-browser', 'only print the URL')
    .option(...SCRIPT_ID);
  withExamples(
    command,
    ['specbound gas open-web-app', "this project's newest web app deployment"],
    ['specbound gas open-web-app AKfy… --no-browser', 'print the URL of that deployment'],
  ).action((deploymentId, options, command) => run(contextOf(command), deploymentId, options));
}

interface WebApp {
  deploymentId: string;
  url: string;
  updateTime: string;
}

async function run(
  ctx: CliContext,
  deploymentId: string | undefined,
  options: { browser: boolean; scriptId?: string | undefined },
): Promise<void> {
  const { resolveScriptId } = await import('../../../apps-script/config.js');
  const { isHeadDeployment, listDeployments } = await import('../../../apps-script/deploy.js');
  const { servedWebAppUrl } = await import('../../../apps-script/open.js');
  const scriptId = await resolveScriptId(ctx.cwd, options.scriptId);
  // Versioned deployments only: HEAD's web app is the /dev URL, for its owner while developing.
  const webApps: WebApp[] = (await listDeployments(await ctx.appsScript(), { scriptId })).flatMap((d) => {
    const url = d.entryPoints?.find((e) => e.entryPointType === 'WEB_APP')?.webApp?.url;
    return url === undefined || d.deploymentId === undefined || isHeadDeployment(d)
      ? []
      : [
          {
            deploymentId: d.deploymentId,
            url: servedWebAppUrl(url, ctx.appsScriptUrl),
            updateTime: d.updateTime ?? '',
          },
        ];
  });
  const found =
    deploymentId === undefined ? newest(webApps) : webApps.find((w) => w.deploymentId === deploymentId);
  if (found === undefined) {
    throw new UsageError(
      deploymentId === undefined
        ? `Script ${scriptId} has no web app deployment.`
        : `Deployment ${deploymentId} of ${scriptId} is not a web app (or does not exist).`,
      {
        hint: 'List them with `specbound gas deployments`; a web app needs "webapp" in appsscript.json (`specbound gas deploy --access …` adds it).',
      },
    );
  }
  ctx.io.result(found, () => ctx.io.line(found.url));
  if (options.browser && ctx.io.isTTY && hasDesktop(ctx.env)) await openBrowser(found.url);
}

/** The most recently deployed or updated one. */
function newest(webApps: readonly WebApp[]): WebApp | undefined {
  return webApps.reduce<WebApp | undefined>(
    (best, w) => (best === undefined || Date.parse(w.updateTime) > Date.parse(best.updateTime) ? w : best),
    undefined,
  );
}

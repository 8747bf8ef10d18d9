// `specbound gas open-container`: the URL of the Drive file a bound script lives in (opened in a
// browser on a desktop). A standalone project has none: exit 2.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { hasDesktop, openBrowser } from '../../../auth/browser.js';
import { type CliContext, contextOf } from '../../context.js';
import { withExamples } from '../../examples.js';
import { SCRIPT_ID, SCRIPT_ID_ARGUMENT, scriptIdOf } from './options.js';

export function define(gas: CommandUnknownOpts): void {
  const command = gas
    .command('open-container')
    .description("print the URL of the script's container (Sheets, Docs, Forms, Slides; opened on a desktop)")
    .argument(...SCRIPT_ID_ARGUMENT)
    .option('--no-browser', 'only print the URL')
    .option(...SCRIPT_ID);
  withExamples(
    command,
    ['specbound gas open-container', 'open the spreadsheet (or doc, form, slides) this script is bound to'],
    ['specbound gas open-container --json', 'as JSON: { scriptId, parentId, name, mimeType, url }'],
  ).action((scriptId, options, command) => run(contextOf(command), scriptIdOf(scriptId, options)));
}

export async function run(
  ctx: CliContext,
  options: { browser: boolean; scriptId?: string | undefined },
): Promise<void> {
  const { resolveScriptId } = await import('../../../apps-script/config.js');
  const { findContainer } = await import('../../../apps-script/drive.js');
  const scriptId = await resolveScriptId(ctx.cwd, options.scriptId);
  const container = await findContainer(
    { appsScript: await ctx.appsScript(), drive: await ctx.drive() },
    scriptId,
  );
  ctx.io.result(container, () => ctx.io.line(container.url));
  if (options.browser && ctx.io.isTTY && hasDesktop(ctx.env)) await openBrowser(container.url);
}

// `specbound gas open`: the script editor URL (opened in a browser on a desktop).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { editorUrl } from '../../../apps-script/open.js';
import { hasDesktop, openBrowser } from '../../../auth/browser.js';
import { type CliContext, contextOf } from '../../context.js';
import { withExamples } from '../../examples.js';
import { SCRIPT_ID, SCRIPT_ID_ARGUMENT, scriptIdOf } from './options.js';
export function define(gas: CommandUnknownOpts): void {
  const command = gas
    .command('open')
    .description('print the script editor URL (and open it on a desktop)')
    .argument(...SCRIPT_ID_ARGUMENT)
    .option('--no-browser', 'only print the URL')
    .option(...SCRIPT_ID);
  withExamples(
    command,
    ['specbound gas open', "open this project's script editor"],
    ['specbound gas open --no-browser', 'only print its URL'],
  ).action((scriptId, options, command) => run(contextOf(command), scriptIdOf(scriptId, options)));
}

export async function run(
  ctx: CliContext,
  options: { browser: boolean; scriptId?: string | undefined },
): Promise<void> {
  const { resolveScriptId } = await import('../../../apps-script/config.js');
  const scriptId = await resolveScriptId(ctx.cwd, options.scriptId);
  const url = editorUrl(scriptId);
  ctx.io.result({ scriptId, url }, () => ctx.io.line(url));
  if (options.browser && ctx.io.isTTY && hasDesktop(ctx.env)) await openBrowser(url);
}

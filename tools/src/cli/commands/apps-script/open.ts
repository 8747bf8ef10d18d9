// `specbound gas open`: the script editor URL (opened in a browser on a desktop).
import { spawn } from 'node:child_process';
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { editorUrl } from '../../../apps-script/open.js';
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
  if (options.browser && ctx.io.isTTY && hasDesktop(ctx.env)) openInBrowser(url);
}

export function hasDesktop(env: Record<string, string | undefined>): boolean {
  if (process.platform === 'darwin' || process.platform === 'win32') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

export function openInBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  // Best effort: the URL is already printed, so a missing opener is not an error.
  const child = spawn(command, args, { stdio: 'ignore', detached: true });
  child.on('error', () => {});
  child.unref();
}

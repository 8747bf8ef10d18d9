// `specbound gas push --watch`: the watch loop's output. Each push prints as a plain push does (with
// --json: one NDJSON line per push, `{"pushed": ..., ...}` or `{"pushed": false, "error": ...}`); a
// failed push prints its error and hint and the watch goes on. Ctrl-C or the runtime's signal ends it
// with exit 0; the watched folder removed ends it with exit 1.
import type { WatchOutcome } from '../../../apps-script/watch.js';
import type { CliContext } from '../../context.js';
import { describeError, reportError } from '../../report.js';
import { untilStopped } from '../../signals.js';
import { renderPushed, renderSummary } from './push.js';

function renderOutcome(ctx: CliContext, outcome: WatchOutcome): void {
  const { io } = ctx;
  const at = new Date().toISOString();
  if (outcome.ok) {
    if (io.json) io.jsonLine({ at, ...outcome.result });
    else renderPushed(ctx, outcome.result);
    renderSummary(ctx, outcome.result);
    return;
  }
  const urls = { appsScriptUrl: ctx.appsScriptUrl, bugsmashUrl: ctx.bugsmashUrl };
  if (io.json) {
    const { message, hint } = describeError(outcome.error, urls);
    io.jsonLine({ at, pushed: false, error: { message, hint } });
  }
  reportError(outcome.error, io, ctx.globals.debug === true, urls);
  io.progress('Still watching: the next save is pushed again.');
}

export async function runWatch(ctx: CliContext, options: { force: boolean }): Promise<void> {
  const { watchProject } = await import('../../../apps-script/watch.js');
  const client = await ctx.appsScript();
  // Stops on Ctrl-C / SIGTERM or the runtime's signal; `ended` removes those listeners when the
  // watch ends by itself (its folder removed).
  const ended = new AbortController();
  const stop = new AbortController();
  const signals = ctx.signal === undefined ? [ended.signal] : [ended.signal, ctx.signal];
  void untilStopped(AbortSignal.any(signals)).then(() => stop.abort());
  let first = true;
  try {
    await watchProject(client, {
      dir: ctx.cwd,
      force: options.force,
      ignoreFile: ctx.globals.ignore,
      signal: stop.signal,
      onPush: (outcome) => {
        renderOutcome(ctx, outcome);
        if (first) ctx.io.progress(`Watching ${ctx.cwd} for changes (Ctrl-C stops).`);
        first = false;
      },
    });
  } finally {
    ended.abort();
  }
}

import { resolveScriptId } from '../../../apps-script/config.js';
import { getMetrics, type MetricsResult } from '../../../apps-script/metrics.js';
import { UsageError } from '../../../errors.js';
import type { CliContext } from '../../context.js';
import type { Io } from '../../output.js';

export async function metrics(
  ctx: CliContext,
  options: { granularity: string; deploymentId?: string | undefined; scriptId?: string | undefined },
): Promise<void> {
  const granularity = options.granularity.toUpperCase();
  if (granularity !== 'DAILY' && granularity !== 'WEEKLY') {
    throw new UsageError(`--granularity: "${options.granularity}" is not DAILY or WEEKLY.`, {
      hint: '--granularity DAILY (the default) or --granularity WEEKLY',
    });
  }
  const scriptId = await resolveScriptId(ctx.cwd, options.scriptId);
  const result = await getMetrics(await ctx.appsScript(), {
    scriptId,
    granularity,
    deploymentId: options.deploymentId,
  });
  if (ctx.io.json) {
    ctx.io.jsonDocument(result);
    return;
  }
  if (ctx.io.isTTY) {
    chart(ctx.io, result);
    return;
  }
  ctx.io.table(result.periods, [
    { header: 'start', value: (p) => p.startTime },
    { header: 'users', value: (p) => p.activeUsers },
    { header: 'executions', value: (p) => p.executions },
    { header: 'failures', value: (p) => p.failures },
  ]);
}

/** One line per period: the figures, then a bar of executions with the failed part in red. */
export function chart(io: Io, result: MetricsResult): void {
  if (result.periods.length === 0) {
    io.line(io.style('dim', 'no metrics yet (they appear once the script has run)'));
    return;
  }
  const width = 40;
  const max = Math.max(1, ...result.periods.map((p) => p.executions));
  io.line(
    io.style(
      'bold',
      `${'period'.padEnd(10)}  ${'users'.padStart(5)}  ${'runs'.padStart(6)}  ${'failed'.padStart(6)}`,
    ),
  );
  for (const p of result.periods) {
    const total = Math.round((p.executions / max) * width);
    const failed = Math.min(total, Math.round((p.failures / max) * width));
    const bar = io.style('red', '█'.repeat(failed)) + io.style('green', '█'.repeat(total - failed));
    io.line(
      `${p.startTime.slice(0, 10).padEnd(10)}  ${String(p.activeUsers).padStart(5)}  ${String(p.executions).padStart(6)}  ${String(p.failures).padStart(6)}  ${bar}`,
    );
  }
}

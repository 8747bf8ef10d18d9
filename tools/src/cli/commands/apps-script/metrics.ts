// `specbound gas metrics`: active users, executions and failures per period.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { MetricsResult } from '../../../apps-script/metrics.js';
import { UsageError } from '../../../errors.js';
import { type CliContext, contextOf } from '../../context.js';
import { examples } from '../../examples.js';
import type { Io } from '../../output.js';
import { SCRIPT_ID } from './options.js';

export function define(gas: CommandUnknownOpts): void {
  gas
    .command('metrics')
    .description('active users, executions and failures per period (a chart on a terminal)')
    .option('--granularity <g>', 'DAILY or WEEKLY', 'DAILY')
    .option('--deployment-id <id>', 'only this deployment')
    .option(...SCRIPT_ID)
    .addHelpText(
      'after',
      examples(
        ['specbound gas metrics', 'executions and failures per day'],
        ['specbound gas metrics --granularity WEEKLY --json', 'per week, as JSON'],
      ),
    )
    .action((options, command) => run(contextOf(command), options));
}

export async function run(
  ctx: CliContext,
  options: { granularity: string; deploymentId?: string | undefined; scriptId?: string | undefined },
): Promise<void> {
  const granularity = options.granularity.toUpperCase();
  if (granularity !== 'DAILY' && granularity !== 'WEEKLY') {
    throw new UsageError(`--granularity: "${options.granularity}" is not DAILY or WEEKLY.`, {
      hint: '--granularity DAILY (the default) or --granularity WEEKLY',
    });
  }
  const { resolveScriptId } = await import('../../../apps-script/config.js');
  const { getMetrics } = await import('../../../apps-script/metrics.js');
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

// Usage metrics of a project: per period, active users, executions and failed executions.
import type { AppsScriptClient } from '@specbound/apps-script';
import type { operations } from '@specbound/apps-script/schema';

/** A period length the service reports by (the spec's `metricsGranularity` less its unspecified value). */
export type Granularity = Exclude<
  NonNullable<operations['getProjectMetrics']['parameters']['query']>['metricsGranularity'],
  'UNSPECIFIED_GRANULARITY' | undefined
>;

export interface MetricsPeriod {
  startTime: string;
  endTime: string | undefined;
  activeUsers: number;
  executions: number;
  failures: number;
}

export interface MetricsResult {
  scriptId: string;
  granularity: Granularity;
  deploymentId: string | undefined;
  /** Oldest first. */
  periods: MetricsPeriod[];
}

/** Gets the metrics and lines the three series up by period (values are uint64 strings on the wire). */
export async function getMetrics(
  client: AppsScriptClient,
  options: { scriptId: string; granularity?: Granularity | undefined; deploymentId?: string | undefined },
): Promise<MetricsResult> {
  const granularity = options.granularity ?? 'DAILY';
  const metrics = await client.projects.getMetrics({
    scriptId: options.scriptId,
    metricsGranularity: granularity,
    ...(options.deploymentId === undefined ? {} : { 'metricsFilter.deploymentId': options.deploymentId }),
  });
  const periods = new Map<string, MetricsPeriod>();
  const add = (
    series: readonly { value?: string; startTime?: string; endTime?: string }[] | undefined,
    key: 'activeUsers' | 'executions' | 'failures',
  ) => {
    for (const point of series ?? []) {
      if (point.startTime === undefined) continue;
      const period = periods.get(point.startTime) ?? {
        startTime: point.startTime,
        endTime: point.endTime,
        activeUsers: 0,
        executions: 0,
        failures: 0,
      };
      // uint64 as a decimal string; Number is exact up to 2^53, far beyond any real count.
      period[key] = Number(point.value ?? '0');
      periods.set(point.startTime, period);
    }
  };
  add(metrics.activeUsers, 'activeUsers');
  add(metrics.totalExecutions, 'executions');
  add(metrics.failedExecutions, 'failures');
  return {
    scriptId: options.scriptId,
    granularity,
    deploymentId: options.deploymentId,
    periods: [...periods.values()].sort((a, b) => a.startTime.localeCompare(b.startTime)),
  };
}

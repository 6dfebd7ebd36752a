import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { failedByCode, metricNames } from '#shared/metric-names.ts';
import type { MetricSink } from '#shared/metrics.ts';

/** How a ticket ended, for the stage's dashboard and alarms (shared/metric-names.ts). */
export function countEnd(metrics: MetricSink, status: 'rejected' | 'failed', code: string): void {
  if (status === 'rejected') {
    metrics.addMetric(metricNames.ticketsRejected, MetricUnit.Count, 1);
    return;
  }
  metrics.addMetric(metricNames.ticketsFailed, MetricUnit.Count, 1);
  metrics.addMetric(failedByCode(code), MetricUnit.Count, 1);
  if (code === 'TRANSMISSION_UNCERTAIN') metrics.addMetric(metricNames.ticketsUncertain, MetricUnit.Count, 1);
}

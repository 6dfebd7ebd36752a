import { Metrics } from '@aws-lambda-powertools/metrics';
import { metricDimensions } from '#shared/metric-line.ts';
import { metricNamespace } from '#shared/metric-names.ts';
import { once } from '#shared/once.ts';

// CloudWatch metrics as embedded log lines: no API call on the hot path. Each carries its stage, so
// the stages that share an account keep apart on the dashboards and alarms. Made on first use, as
// the environment then is (the local runtime turns metrics off before it runs anything).
export const metrics = once(() => {
  const { service, stage } = metricDimensions();
  return new Metrics({ namespace: metricNamespace, serviceName: service, defaultDimensions: { stage } });
});

/** What the use cases record metrics through; Powertools' `Metrics` is one, `countLines` (metric-line.ts) another. */
export interface MetricSink {
  addMetric(...metric: Parameters<Metrics['addMetric']>): unknown;
}

/** Publishes what this invocation recorded: publishing nothing would only earn a warning. */
export function flushMetrics(): void {
  if (metrics().hasStoredMetrics()) metrics().publishStoredMetrics();
}

/** `handler`, publishing what each invocation recorded when it ends, however it ends. */
export function publishingMetrics<A extends unknown[], R>(handler: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args) => {
    try {
      return await handler(...args);
    } finally {
      flushMetrics();
    }
  };
}

import { metricNamespace } from '#shared/metric-names.ts';
import { settingNames } from '#shared/setting-names.ts';

// What every metric of a stage carries (shared/metrics.ts), and one count written at once as a line
// of CloudWatch's embedded metric format, for code that records nothing else and so need not load
// Powertools' metrics: every API function's count of its 5xx answers (shared/http/server-errors.ts),
// and what a submission counts (shared/wiring/submit-handler.ts).

/** The dimensions every metric carries: its service, and its stage, so stages that share an account keep apart. */
export const metricDimensions = () => ({ service: process.env.POWERTOOLS_SERVICE_NAME ?? 'steuerbote', stage: process.env[settingNames.stage] ?? 'local' });

/** Publishes `name` = `count` with the stage's dimensions and `dimensions`; nothing where metrics are off (the local runtime). */
export function publishCount(name: string, dimensions: Record<string, string>, count = 1): void {
  if (process.env.POWERTOOLS_METRICS_DISABLED === 'true') return;
  const all = { ...metricDimensions(), ...dimensions };
  const metadata = {
    Timestamp: Date.now(),
    CloudWatchMetrics: [{ Namespace: metricNamespace, Dimensions: [Object.keys(all)], Metrics: [{ Name: name, Unit: 'Count' }] }],
  };
  // Straight to stdout, as Powertools writes: Lambda would put a prefix before a line of console.log, and CloudWatch would not read it.
  process.stdout.write(`${JSON.stringify({ _aws: metadata, ...all, [name]: count })}\n`);
}

/** A sink for code that only counts (`MetricSink`'s shape): each count a line of its own, written at once. */
export const countLines = { addMetric: (name: string, _unit: unknown, count: number) => publishCount(name, {}, count) };

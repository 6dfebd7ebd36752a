// The alarms on what AWS runs for the stage, beside the service's own (operations.ts): the APIs'
// server errors, DynamoDB's throttling of the tables and their indexes, and the expiry of the
// stage's ERiC certificate. Each says what to do in docs/operations/.

import { Duration } from 'aws-cdk-lib';
import { MathExpression, Metric, type MetricOptions } from 'aws-cdk-lib/aws-cloudwatch';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { Operations } from '#infra/constructs/operations.ts';
import { metricNames } from '#shared/metric-names.ts';
import { tables as tableSpecs, type ApiName, type TableName, type TableSpec } from '#shared/manifest.ts';

export interface StageAlarmsProps {
  /** Each API the stage serves, HTTP API or REST API: what it answers with 5xx. */
  readonly apis: ReadonlyMap<ApiName, { metricServerError(props?: MetricOptions): Metric }>;
  readonly tables: Readonly<Record<TableName, Table>>;
  /** Whether the stage signs with its own ERiC certificate, whose expiry transmit reports. */
  readonly stageCertificate: boolean;
}

const period = Duration.minutes(5);
const sourcesPerAlarm = 5;

export function watchStage(operations: Operations, { apis, tables, stageCertificate }: StageAlarmsProps): void {
  for (const [name, api] of apis) {
    operations.watch(`${name}Api5xx`, api.metricServerError({ statistic: 'Sum', period }), {
      what: `the ${name} API answered with server errors (5xx)`,
      runbook: 'the-api-answers-with-server-errors',
    });
  }
  for (const [name, table] of Object.entries(tables) as [TableName, Table][]) {
    const sources = [undefined, ...Object.keys((tableSpecs[name] as TableSpec).indexes ?? {})];
    // An alarm's math takes at most ten metrics, reads and writes of five sources: a table with more indexes has a second alarm.
    for (let start = 0; start < sources.length; start += sourcesPerAlarm) {
      operations.watch(
        `${name}TableThrottled${start === 0 ? '' : start / sourcesPerAlarm + 1}`,
        throttleEvents(table, sources.slice(start, start + sourcesPerAlarm)),
        {
          what: `DynamoDB throttled reads or writes of the ${name} table or its indexes`,
          runbook: 'dynamodb-throttles-a-table',
        },
      );
    }
  }
  if (stageCertificate) {
    operations.watch('StageCertificateExpiring', operations.metric(metricNames.stageCertificateExpiringSoon, 'Maximum', Duration.days(1)), {
      what: "the stage's ERiC certificate expires within 30 days, or has expired",
      runbook: 'the-stage-certificate-expires',
    });
  }
}

/**
 * Read and write throttle events of the table (`undefined`) and of each of the global secondary
 * indexes named, summed: an index that cannot keep up throttles the writes to its table as well.
 */
function throttleEvents(table: Table, sources: readonly (string | undefined)[]): MathExpression {
  const metrics: Record<string, Metric> = {};
  for (const [i, index] of sources.entries()) {
    for (const kind of ['Read', 'Write'] as const) {
      metrics[`${kind.toLowerCase()}${i}`] = new Metric({
        namespace: 'AWS/DynamoDB',
        metricName: `${kind}ThrottleEvents`,
        dimensionsMap: { TableName: table.tableName, ...(index && { GlobalSecondaryIndexName: index }) },
        statistic: 'Sum',
        period,
      });
    }
  }
  return new MathExpression({
    expression: 'SUM(METRICS())',
    usingMetrics: metrics,
    period,
    label: `${table.node.id} throttle events${sources[0] === undefined ? '' : ` (${sources.join(', ')})`}`,
  });
}

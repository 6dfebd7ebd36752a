// What wakes someone when a stage needs a person, and the one dashboard that shows its pipeline.
// Each alarm goes to the stage's SNS topic and names its runbook, one page under docs/operations/.

import { Duration, Stack, Tags } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  SingleValueWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { SteuerboteFunction } from '#infra/constructs/steuerbote-function.ts';
import { failedByCode, failedRecords, metricNames, metricNamespace, webhookOutcome } from '#shared/metric-names.ts';
import type { FunctionName, QueueName, ScheduleSpec } from '#shared/manifest.ts';

/**
 * The period of the alarms that say a function fails, on which its deployments roll back: shorter
 * than the five minutes a canary runs, so a failing version is seen while it still takes a tenth.
 */
export const failurePeriod = Duration.minutes(1);

/** A queued ticket this old has waited through every retry the transmit queue makes on its own. */
export const oldestQueuedBoundSeconds = 30 * 60;
/** ELSTER wants a fetched record confirmed within 24 hours: half of that leaves a working day to act. */
export const unconfirmedNoticeBoundSeconds = 12 * 60 * 60;

export interface OperationsProps {
  readonly stage: string;
  /** Encrypts the topic; CloudWatch is allowed to use it for publishing alarms. */
  readonly key: Key;
  readonly queues: Readonly<Record<QueueName, Queue>>;
  /** Where scheduled runs that failed every try are recorded. */
  readonly failedRuns: Queue;
  /**
   * Subscribed to the topic by e-mail (`-c alarmEmail=…`); it must confirm once.
   * @default none: the topic exists, for subscriptions made elsewhere
   */
  readonly alarmEmail?: string;
}

export class Operations extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  /** Each function's alarms that say it fails: its errors, and its 5xx answers or failed records; its deployments roll back on them. */
  readonly failureAlarms = new Map<SteuerboteFunction, Alarm[]>();

  readonly #props: OperationsProps;
  readonly #action: SnsAction;

  constructor(scope: Construct, id: string, props: OperationsProps) {
    super(scope, id);
    this.#props = props;
    this.topic = new Topic(this, 'AlarmTopic', { displayName: `steuerbote ${props.stage} alarms`, masterKey: props.key, enforceSSL: true });
    props.key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    this.#action = new SnsAction(this.topic);

    for (const [name, queue] of Object.entries(props.queues)) {
      this.#alarm(`${name}DeadLetters`, queue.deadLetterQueue!.queue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum' }), {
        what: `the ${name} dead-letter queue holds messages`,
        runbook: 'a-dead-letter-queue-is-not-empty',
      });
    }
    this.#alarm('FailedRuns', props.failedRuns.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum' }), {
      what: 'a scheduled run failed on every try',
      runbook: 'a-scheduled-job-does-not-run',
    });

    this.#alarm('TicketsFailed', this.#metric(metricNames.ticketsFailed), {
      what: 'tickets ended failed (the dashboard shows them by error code)',
      runbook: 'tickets-end-failed',
    });
    this.#alarm('TicketsUncertain', this.#metric(metricNames.ticketsUncertain), {
      what: 'transmissions may have reached ELSTER without an answer (TRANSMISSION_UNCERTAIN)',
      runbook: 'a-transmission-is-uncertain',
    });
    this.#alarm('OldestQueuedTicket', this.#metric(metricNames.oldestQueuedTicketAge, 'Maximum'), {
      what: `a ticket has been queued for more than ${oldestQueuedBoundSeconds / 60} minutes`,
      runbook: 'tickets-wait-in-the-queue',
      threshold: oldestQueuedBoundSeconds,
    });
    this.#alarm('UnconfirmedNotice', this.#metric(metricNames.oldestUnconfirmedNoticeAge, 'Maximum'), {
      what: `a notice has been stored but not confirmed to ELSTER for more than ${unconfirmedNoticeBoundSeconds / 3600} hours`,
      runbook: 'a-notice-stays-unconfirmed',
      threshold: unconfirmedNoticeBoundSeconds,
    });
    this.#alarm('RecordsUnwritten', this.#metric(metricNames.recordsUnwritten), {
      what: 'records of accepted sends could not be written to the bucket; their tickets keep them until they are',
      runbook: 'records-of-an-accepted-send-wait',
    });
    this.#alarm(
      'WebhooksGivenUp',
      new MathExpression({
        expression: 'gone + exhausted',
        usingMetrics: { gone: this.#metric(webhookOutcome('gone')), exhausted: this.#metric(webhookOutcome('exhausted')) },
        period: Duration.minutes(5),
        label: 'Webhook deliveries given up',
      }),
      { what: 'webhook deliveries were given up (receiver gone, or every attempt failed)', runbook: 'webhook-deliveries-give-up' },
    );
    this.#alarm('CertificatesExpiring', this.#metric(metricNames.certificatesExpiringSoon, 'Maximum', Duration.days(1)), {
      what: "clients' certificates expire within 30 days, or have expired",
      runbook: 'client-certificates-expire',
    });
    this.#alarm('CertificatesPinLocked', this.#metric(metricNames.certificatesPinLocked), {
      what: "clients' certificates were locked after too many wrong PINs (someone may be guessing)",
      runbook: 'a-certificate-is-locked-after-wrong-pins',
    });
    // A secret that opens no way at all was altered or moved between records: worth a look the day it is found.
    this.#alarm('CertificatesNotResealed', this.#metric(metricNames.certificatesNotResealed, 'Sum', Duration.days(1)), {
      what: "clients' certificates still sealed the old way could not be sealed again",
      runbook: 'retiring-the-old-way-of-opening-sealed-secrets',
    });
    this.#dashboard();
  }

  /** Alarms on a function's errors and throttles, in the function's own stack. */
  watchFunction(name: FunctionName, fn: SteuerboteFunction): void {
    const scope = this.#partIn(fn);
    const errors = fn.metricErrors({ statistic: 'Sum', period: failurePeriod });
    this.#failsWhen(fn, this.#alarm(`${name}Errors`, errors, { what: `${name} failed`, runbook: 'a-function-fails' }, scope));
    this.#alarm(`${name}Throttles`, fn.metricThrottles({ statistic: 'Sum' }), { what: `${name} was throttled`, runbook: 'a-function-is-throttled' }, scope);
  }

  /** An API function's answers of 5xx (shared/http/server-errors.ts): it turns its own failures into answers, not errors Lambda counts. */
  watchServerErrors(name: FunctionName, fn: SteuerboteFunction): void {
    const metric = new Metric({
      namespace: metricNamespace,
      metricName: metricNames.serverErrors,
      dimensionsMap: { service: 'steuerbote', stage: this.#props.stage, function_name: fn.functionName },
      statistic: 'Sum',
      period: failurePeriod,
    });
    this.#failsWhen(fn, this.#alarm(`${name}ServerErrors`, metric, { what: `${name} answered 5xx`, runbook: 'a-function-fails' }, this.#partIn(fn)));
  }

  /** A queue consumer's records that failed (shared/queue/sqs-handler.ts): handed back to the queue, they raise no error Lambda counts. */
  watchFailedRecords(queue: QueueName, fn: SteuerboteFunction): void {
    const metric = this.#metric(failedRecords(queue), 'Sum', failurePeriod);
    this.#failsWhen(
      fn,
      this.#alarm(
        `${queue}FailedRecords`,
        metric,
        { what: `${fn.node.id} failed on messages of the ${queue} queue`, runbook: 'a-function-fails' },
        this.#partIn(fn),
      ),
    );
  }

  #failsWhen(fn: SteuerboteFunction, alarm: Alarm): void {
    this.failureAlarms.set(fn, [...(this.failureAlarms.get(fn) ?? []), alarm]);
  }

  /** A scheduled function that did not run for two of its intervals (or two days, for a daily one), alarmed in its own stack. */
  watchSchedule(schedule: ScheduleSpec, fn: SteuerboteFunction): void {
    const daily = schedule.everyMinutes * 2 > 24 * 60;
    const scope = this.#partIn(fn);
    const id = `${schedule.function}NotRunning`;
    const alarm = new Alarm(scope, id, {
      alarmName: this.#alarmName(scope, id),
      alarmDescription: `${schedule.function} has not run on its schedule. What to do: docs/operations/a-scheduled-job-does-not-run.md`,
      metric: fn.metricInvocations({ statistic: 'Sum', period: daily ? Duration.days(1) : Duration.minutes(schedule.everyMinutes * 2) }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD,
      evaluationPeriods: daily ? 2 : 1,
      // No data is what a job that never runs leaves behind.
      treatMissingData: TreatMissingData.BREACHING,
    });
    alarm.addAlarmAction(this.#action);
    alarm.addOkAction(this.#action);
    this.alarms.push(alarm);
  }

  /** An alarm of the stage's, with the same actions and runbook link as every other (stage-alarms.ts). */
  watch(id: string, metric: IMetric, options: { what: string; runbook: string }): Alarm {
    return this.#alarm(id, metric, options);
  }

  /** One of steuerbote's own metrics, of this stage. */
  metric(metricName: string, statistic = 'Sum', period = Duration.minutes(5)): Metric {
    return this.#metric(metricName, statistic, period);
  }

  #metric(metricName: string, statistic = 'Sum', period = Duration.minutes(5)): Metric {
    return new Metric({ namespace: metricNamespace, metricName, dimensionsMap: { service: 'steuerbote', stage: this.#props.stage }, statistic, period });
  }

  #alarm(id: string, metric: IMetric, options: { what: string; runbook: string; threshold?: number }, scope: Construct = this): Alarm {
    const alarm = new Alarm(scope, id, {
      alarmName: this.#alarmName(scope, id),
      alarmDescription: `${options.what}. What to do: docs/operations/${options.runbook}.md`,
      metric,
      threshold: options.threshold ?? 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    // The all-clear goes to the same topic, so whoever was woken learns that it has passed.
    alarm.addAlarmAction(this.#action);
    alarm.addOkAction(this.#action);
    this.alarms.push(alarm);
    return alarm;
  }

  /** Where the alarms on `fn` are made: beside it, in its stack, under this construct's name there. */
  #partIn(fn: SteuerboteFunction): Construct {
    const stack = Stack.of(fn);
    if (stack === Stack.of(this)) return this;
    return (stack.node.tryFindChild(this.node.id) as Construct | undefined) ?? new Construct(stack, this.node.id);
  }

  /**
   * `steuerbote-<stage>-<id>`, with the nested stack's name before the id for an alarm made in one.
   * CloudFormation creates a resource that moved between stacks before it deletes the one it
   * replaces, and an alarm's name may be in use once: an alarm that moves with its function changes its name.
   */
  #alarmName(scope: Construct, id: string): string {
    const stack = Stack.of(scope);
    return `steuerbote-${this.#props.stage}-${stack === Stack.of(this) ? '' : `${stack.node.id}-`}${id}`;
  }

  #dashboard(): void {
    const { stage, queues } = this.#props;
    const sum = (name: string, label: string) => this.#metric(name).with({ label });
    const byCode = new MathExpression({
      expression: `SEARCH('{${metricNamespace},service,stage} stage="${stage}" MetricName="${failedByCode('')}"', 'Sum', 300)`,
      label: 'Failed, by code',
      period: Duration.minutes(5),
    });
    const latency = (statistic: string) => this.#metric(metricNames.deliveryLatency, statistic).with({ label: `submit → delivered ${statistic}` });
    const queueDepth = Object.entries(queues).flatMap(([name, queue]) => [
      queue.metricApproximateNumberOfMessagesVisible({ label: `${name} waiting`, statistic: 'Maximum' }),
      queue.deadLetterQueue!.queue.metricApproximateNumberOfMessagesVisible({ label: `${name} dead letters`, statistic: 'Maximum' }),
    ]);
    const webhooks = (['delivered', 'retry', 'gone', 'exhausted'] as const).map((outcome) => sum(webhookOutcome(outcome), outcome));
    const dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `steuerbote-${stage}`,
      widgets: [
        [
          new GraphWidget({
            title: 'Submissions and how they end',
            width: 12,
            left: [
              sum(metricNames.submissionsAccepted, 'accepted'),
              sum(metricNames.ticketsDelivered, 'delivered'),
              sum(metricNames.ticketsRejected, 'rejected'),
              sum(metricNames.ticketsFailed, 'failed'),
              sum(metricNames.transmissionRetries, 'retried'),
            ],
          }),
          new GraphWidget({ title: 'Submit to delivered (ms)', width: 12, left: [latency('p50'), latency('p95'), latency('Maximum')] }),
        ],
        [
          new GraphWidget({ title: 'Queues', width: 8, left: queueDepth }),
          new GraphWidget({ title: 'Webhook deliveries', width: 8, left: webhooks }),
          new GraphWidget({ title: 'Failed tickets by code', width: 8, left: [byCode] }),
        ],
        [
          new SingleValueWidget({
            title:
              'Oldest queued ticket (s), queued tickets, records not written, certificates expiring, certificates locked after wrong PINs, certificates not sealed again',
            width: 24,
            metrics: [
              this.#metric(metricNames.oldestQueuedTicketAge, 'Maximum'),
              this.#metric(metricNames.queuedTickets, 'Maximum'),
              this.#metric(metricNames.recordsUnwritten),
              this.#metric(metricNames.oldestUnconfirmedNoticeAge, 'Maximum'),
              this.#metric(metricNames.noticesStored),
              this.#metric(metricNames.certificatesExpiringSoon, 'Maximum', Duration.days(1)),
              this.#metric(metricNames.certificatesPinLocked),
              this.#metric(metricNames.certificatesNotResealed, 'Sum', Duration.days(1)),
            ],
          }),
        ],
      ],
    });
    // CloudFormation takes no tags on a dashboard (cfn-lint E3002); the stack tags everything else.
    for (const key of ['service', 'stage']) Tags.of(dashboard).remove(key);
  }
}

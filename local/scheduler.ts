// Plays an EventBridge rate rule: invokes a function with a scheduled event at a fixed interval.

import { randomUUID } from 'node:crypto';
import type { Context, ScheduledEvent } from 'aws-lambda';
import type { EventSource, InvokedFunction } from '#local/event-source.ts';
import { lambdaContext } from '#local/lambda-context.ts';
import { region } from '#local/region.ts';

export type ScheduledLambda = (event: ScheduledEvent, context: Context) => Promise<unknown>;

export interface ScheduleOptions extends InvokedFunction<ScheduledLambda> {
  ruleName: string;
  everySeconds: number;
}

export function startScheduler(options: ScheduleOptions): EventSource {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    // A tick that finds the last run still going passes: two runs would only wake the same work twice.
    running ??= run().finally(() => (running = undefined));
  }, options.everySeconds * 1000);

  async function run() {
    try {
      await options.handler(scheduledEvent(options.ruleName), lambdaContext(options.functionName));
    } catch (error) {
      options.onError(error);
    }
  }

  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

function scheduledEvent(ruleName: string): ScheduledEvent {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: new Date().toISOString(),
    region,
    resources: [`arn:aws:events:${region}:000000000000:rule/${ruleName}`],
    detail: {},
  };
}

// Plays an EventBridge rate rule: invokes a function with a scheduled event at a fixed interval.

import { randomUUID } from 'node:crypto';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { lambdaContext } from '#local/lambda-context.ts';
import { region } from '#local/region.ts';

export type ScheduledLambda = (event: ScheduledEvent, context: Context) => Promise<unknown>;

export interface ScheduleOptions {
  ruleName: string;
  functionName: string;
  everySeconds: number;
  handler: ScheduledLambda;
  onError: (error: unknown) => void;
}

export interface Scheduler {
  /** Clears the timer and waits for a run still going. */
  stop(): Promise<void>;
}

export function startScheduler(options: ScheduleOptions): Scheduler {
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

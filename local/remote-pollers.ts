// Lambda's SQS event source mappings, run on the stand-ins' thread, as on AWS they run beside SQS and
// not in a function's container: their receives and deletes no longer take the main thread, which
// runs the functions (BENCHMARKS.md, 2026-11-25, third part). Each batch crosses to the main thread
// through a message port; what the function answers comes back, and the poller deletes the rest.

import type { MessagePort } from 'node:worker_threads';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { lambdaContext } from '#local/lambda-context.ts';
import { startPoller, type PollerOptions, type SqsLambda } from '#local/sqs-poller.ts';
import { describeError } from '../shared/logger.ts';

export type PollerSpec = Omit<PollerOptions, 'handler' | 'onError'>;

type ToThread = { start: PollerSpec[] } | { answer: number; response?: SQSBatchResponse; threw?: true } | 'stop';
type ToMain = { invoke: number; functionName: string; event: SQSEvent } | { failed: string; functionName: string } | 'stopped';

// The function threw on the main thread, which reported it there already.
class FunctionThrew extends Error {}

/** The thread's side: starts the pollers the main thread names, and stops them when asked. */
export function servePollers(port: MessagePort): void {
  const pending = new Map<number, (answer: Extract<ToThread, { answer: number }>) => void>();
  let started: ReturnType<typeof startPoller>[] = [];
  let next = 0;
  const send = (message: ToMain) => port.postMessage(message);

  port.on('message', async (message: ToThread) => {
    if (message === 'stop') {
      await Promise.all(started.map((poller) => poller.stop()));
      send('stopped');
    } else if ('start' in message) {
      started = message.start.map((spec) =>
        startPoller({
          ...spec,
          handler: (event) =>
            new Promise((resolve, reject) => {
              const id = next++;
              pending.set(id, (answer) => (answer.threw ? reject(new FunctionThrew()) : resolve(answer.response)));
              send({ invoke: id, functionName: spec.functionName, event });
            }),
          onError: (error) => {
            if (!(error instanceof FunctionThrew)) send({ failed: describeError(error).message ?? String(error), functionName: spec.functionName });
          },
        }),
      );
    } else {
      pending.get(message.answer)?.(message);
      pending.delete(message.answer);
    }
  });
}

/** The main thread's side: runs each batch the thread hands over with the function's handler. */
export function startRemotePollers(
  port: MessagePort,
  specs: PollerSpec[],
  handlers: Record<string, SqsLambda>,
  onError: (functionName: string) => (error: unknown) => void,
): { stop(): Promise<void> } {
  const stopped = new Promise<void>((resolve) => {
    // A thread that has ended closes its side: there is nothing left to stop, nor an answer to wait for.
    port.once('close', resolve);
    port.on('message', async (message: ToMain) => {
      if (message === 'stopped') return resolve();
      if ('failed' in message) return onError(message.functionName)(new Error(message.failed));
      const answer: ToThread = { answer: message.invoke };
      try {
        const response = await handlers[message.functionName]!(message.event, lambdaContext(message.functionName));
        if (response) answer.response = response;
      } catch (error) {
        // Reported here, where the error is whole; the poller then leaves the whole batch to come back.
        onError(message.functionName)(error);
        answer.threw = true;
      }
      port.postMessage(answer);
    });
  });
  port.postMessage({ start: specs } satisfies ToThread);
  return {
    async stop() {
      port.postMessage('stop' satisfies ToThread);
      await stopped;
      port.close();
    },
  };
}

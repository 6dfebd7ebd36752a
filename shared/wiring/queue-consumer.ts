// A queue's consumer as a Lambda handler: the work queue's controls for postponing and parking a
// message, failed records counted on the service's metrics, and what an invocation recorded
// published when it ends.
import { metrics, publishingMetrics } from '#shared/metrics.ts';
import { sqsHandler, type SqsHandlerOptions } from '#shared/queue/sqs-handler.ts';
import { workQueue } from '#shared/wiring/adapters.ts';

export const queueConsumer = <T>(options: Omit<SqsHandlerOptions<T>, 'control' | 'metrics'>) =>
  publishingMetrics(sqsHandler({ ...options, control: workQueue, metrics }));

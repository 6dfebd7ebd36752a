// The stand-ins for DynamoDB, S3 and SQS on a thread of their own (see thread.ts), with the SQS
// event source mappings that feed the queue functions (remote-pollers.ts).
import type { MessagePort } from 'node:worker_threads';
import { servePollers } from '#infra/local/remote-pollers.ts';
import { startStandIns } from '#infra/local/stand-ins.ts';
import { serveThread } from '#infra/local/thread.ts';

await serveThread(async ({ dataDir, pollers }: { dataDir: string; pollers: MessagePort }) => {
  const standIns = await startStandIns(dataDir);
  servePollers(pollers);
  return { ready: standIns.env, stop: () => standIns.stop() };
});

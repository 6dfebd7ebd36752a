// The stand-ins for DynamoDB, S3 and SQS on a thread of their own (see thread.ts), with the SQS
// event source mappings that feed the queue functions (remote-pollers.ts).
import type { MessagePort } from 'node:worker_threads';
import { servePollers } from '#local/remote-pollers.ts';
import type { MissingKeys } from '#local/s3-stand-in.ts';
import { startStandIns } from '#local/stand-ins.ts';
import { serveThread } from '#local/thread.ts';

await serveThread(async ({ dataDir, pollers, s3MissingKeys }: { dataDir: string; pollers: MessagePort; s3MissingKeys?: MissingKeys }) => {
  const standIns = await startStandIns(dataDir, { s3MissingKeys });
  servePollers(pollers);
  return { ready: standIns.env, stop: () => standIns.stop() };
});

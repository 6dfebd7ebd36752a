// The stand-ins for DynamoDB, S3 and SQS on a thread of their own (see thread.ts).
import { startStandIns } from '#infra/local/stand-ins.ts';
import { serveThread } from '#infra/local/thread.ts';

await serveThread(async ({ dataDir }: { dataDir: string }) => {
  const standIns = await startStandIns(dataDir);
  return { ready: standIns.env, stop: () => standIns.stop() };
});

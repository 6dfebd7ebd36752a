import { MessageChannel } from 'node:worker_threads';
import { CreateQueueCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { startFauxqs, type FauxqsServer } from 'fauxqs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { servePollers, startRemotePollers } from '#local/remote-pollers.ts';
import { region } from '#local/region.ts';

// Both sides of the port in one thread, against a real SQS stand-in: what crosses is what crosses
// between the threads of the local runtime.
let sqs: FauxqsServer;
const savedEnv = { ...process.env };
beforeAll(async () => {
  sqs = await startFauxqs({ port: 0, logger: false, defaultRegion: region });
  Object.assign(process.env, {
    AWS_REGION: region,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_SQS: `http://127.0.0.1:${sqs.port}`,
  });
});
afterAll(async () => {
  await sqs.stop();
  for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
  Object.assign(process.env, savedEnv);
});

async function queueWith(name: string, bodies: string[]) {
  const client = new SQSClient({ useQueueUrlAsEndpoint: false });
  const { QueueUrl } = await client.send(new CreateQueueCommand({ QueueName: name, Attributes: { VisibilityTimeout: '1' } }));
  for (const MessageBody of bodies) await client.send(new SendMessageCommand({ QueueUrl, MessageBody }));
  client.destroy();
  return QueueUrl!;
}

function run(queueUrl: string, handler: (event: SQSEvent) => Promise<SQSBatchResponse | undefined>) {
  const { port1, port2 } = new MessageChannel();
  servePollers(port2);
  const onError = vi.fn();
  const pollers = startRemotePollers(port1, [{ functionName: 'consumer', queueUrl, batchSize: 10, concurrency: 1 }], { consumer: handler }, () => onError);
  return { pollers, onError };
}

describe('remote pollers', () => {
  it("hand the main thread's function each batch and delete all but what it reports failed, which comes back", async () => {
    const seen: string[] = [];
    const queueUrl = await queueWith('partial', ['a', 'b', 'c']);
    const { pollers, onError } = run(queueUrl, async (event) => {
      seen.push(...event.Records.map((record) => record.body));
      const failed = event.Records.filter((record) => record.body === 'b' && seen.filter((body) => body === 'b').length === 1);
      return { batchItemFailures: failed.map((record) => ({ itemIdentifier: record.messageId })) };
    });
    await vi.waitFor(() => expect(seen.filter((body) => body === 'b')).toHaveLength(2), { timeout: 10_000 });
    await pollers.stop();
    expect(seen.sort()).toEqual(['a', 'b', 'b', 'c']);
    expect(onError).not.toHaveBeenCalled();
  });

  it('report a thrown function once, with its own error, and give the whole batch back', async () => {
    let calls = 0;
    const queueUrl = await queueWith('thrown', ['x']);
    const { pollers, onError } = run(queueUrl, async () => {
      if (++calls === 1) throw new Error('handler broke');
      return undefined;
    });
    await vi.waitFor(() => expect(calls).toBe(2), { timeout: 10_000 });
    await pollers.stop();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0]).toMatchObject({ message: 'handler broke' });
  });
});

import { DeleteMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { leanSettings } from '#shared/adapters/lean-client.ts';

// A client whose requests end here: each answers an empty result after a tick, so
// calls overlap as they do under load.
function client() {
  const bodies: string[] = [];
  const requestHandler = {
    async handle(request: { body?: unknown }) {
      bodies.push(String(request.body));
      await new Promise((resolve) => setTimeout(resolve, 1));
      return { response: { statusCode: 200, headers: { 'content-type': 'application/x-amz-json-1.0' }, body: Buffer.from('{}') } };
    },
  };
  const sqs = new SQSClient({
    ...leanSettings,
    region: 'eu-central-1',
    endpoint: 'http://queue.test',
    credentials: { accessKeyId: 'a', secretAccessKey: 's' },
    requestHandler,
  });
  return { sqs, bodies };
}

describe('leanSettings', () => {
  it('keeps each call its own input while the chain is built once per command type', async () => {
    const { sqs, bodies } = client();
    const sends = ['one', 'two', 'three'].map((body) => sqs.send(new DeleteMessageCommand({ QueueUrl: 'http://queue.test/1/q', ReceiptHandle: body })));
    await Promise.all(sends);
    expect(sqs.config.cacheMiddleware).toBe(true);
    expect(bodies.map((body) => (JSON.parse(body) as { ReceiptHandle: string }).ReceiptHandle)).toEqual(['one', 'two', 'three']);
  });
});

import { DeleteMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it, vi } from 'vitest';
import { lean, leanSettings } from '#shared/adapters/lean-client.ts';

// A client whose requests end here: each answers an empty result after a tick, so
// calls overlap as they do under load.
function client(logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() }) {
  const bodies: string[] = [];
  const requestHandler = {
    async handle(request: { body?: unknown }) {
      bodies.push(String(request.body));
      await new Promise((resolve) => setTimeout(resolve, 1));
      return { response: { statusCode: 200, headers: { 'content-type': 'application/x-amz-json-1.0' }, body: Buffer.from('{}') } };
    },
  };
  const sqs = lean(
    new SQSClient({
      ...leanSettings,
      region: 'eu-central-1',
      endpoint: 'http://queue.test',
      credentials: { accessKeyId: 'a', secretAccessKey: 's' },
      requestHandler,
      logger,
    }),
  );
  return { sqs, bodies, logger };
}

describe('lean', () => {
  it('keeps each call its own input while the chain is built once per command type', async () => {
    const { sqs, bodies } = client();
    const sends = ['one', 'two', 'three'].map((body) => sqs.send(new DeleteMessageCommand({ QueueUrl: 'http://queue.test/1/q', ReceiptHandle: body })));
    await Promise.all(sends);
    expect(sqs.config.cacheMiddleware).toBe(true);
    expect(bodies.map((body) => (JSON.parse(body) as { ReceiptHandle: string }).ReceiptHandle)).toEqual(['one', 'two', 'three']);
  });

  it('hands no input or output to a logger', async () => {
    const { sqs, logger } = client();
    await sqs.send(new DeleteMessageCommand({ QueueUrl: 'http://queue.test/1/q', ReceiptHandle: 'secret' }));
    expect(sqs.middlewareStack.identify().join()).not.toMatch(/loggerMiddleware/);
    expect(logger.info).not.toHaveBeenCalled();
  });
});
